import { ChartLine, Table2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';
import { ScrollRegion } from './ScrollRegion.tsx';

/**
 * "Show as table" / "Show as chart" (or map): the switch between a picture of the data and the
 * numbers behind it (WCAG 1.1.1). `controls` is the id of the NumbersTable it shows.
 */
export function TableToggle({
  open,
  onChange,
  controls,
  back = 'chart',
  className,
  textClassName,
}: {
  open: boolean;
  onChange: (open: boolean) => void;
  controls: string;
  /** What the button offers to return to. */
  back?: 'chart' | 'map';
  className?: string;
  /** A class for the label, e.g. one that hides it visually in a narrow card (it stays the name). */
  textClassName?: string;
}) {
  const { t } = useTranslation();
  const label = open ? t(back === 'map' ? 'common.showAsMap' : 'common.showAsChart') : t('common.showAsTable');
  return (
    <Button
      variant="ghost"
      className={className}
      aria-expanded={open}
      aria-controls={controls}
      icon={open ? <ChartLine size={14} aria-hidden /> : <Table2 size={14} aria-hidden />}
      title={label}
      onClick={() => onChange(!open)}
    >
      <span className={textClassName}>{label}</span>
    </Button>
  );
}

type NumbersColumn = { label: string; numeric?: boolean };

/**
 * The numbers of a chart or map as a table: a caption, a header row and the first cell of each row as
 * its header, scrollable by keyboard. `total` above the rows shown adds a note that the rest is left out.
 */
export function NumbersTable({
  id,
  caption,
  columns,
  rows,
  total,
  className,
}: {
  id: string;
  caption: string;
  columns: readonly NumbersColumn[];
  rows: readonly (readonly string[])[];
  total?: number;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <ScrollRegion className={['numbers-table', className].filter(Boolean).join(' ')} label={caption} id={id}>
      <table className="data-table">
        <caption className="numbers-table__caption">
          {caption}
          {total !== undefined && total > rows.length && (
            <span className="numbers-table__note">{t('common.tableLimited', { shown: rows.length, total })}</span>
          )}
        </caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={c.numeric ? 'num' : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>{t('common.noData')}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.join('\u0001')}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={columns[i]?.label ?? i} scope="row" className={columns[0]?.numeric ? 'num' : undefined}>
                      <bdi>{cell}</bdi>
                    </th>
                  ) : (
                    <td key={columns[i]?.label ?? i} className={columns[i]?.numeric ? 'num' : undefined}>
                      <bdi>{cell}</bdi>
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
