import type { ReactNode } from 'react';

export type RecordColumn = string | { label: string; className?: string };

/**
 * A table of records: a caption for screen readers, a header of column names and, with `actions`,
 * a last column for each row's buttons, named for screen readers only. The rows are the children.
 */
export function RecordTable({
  className,
  caption,
  columns,
  actions,
  children,
}: {
  className: string;
  caption?: string;
  columns: readonly RecordColumn[];
  actions?: string;
  children: ReactNode;
}) {
  return (
    <table className={`data-table ${className}`}>
      {caption && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((column) => {
            const { label, className: cell } = typeof column === 'string' ? { label: column } : column;
            return (
              <th key={label} scope="col" className={cell}>
                {label}
              </th>
            );
          })}
          {actions && (
            <th scope="col">
              <span className="visually-hidden">{actions}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
