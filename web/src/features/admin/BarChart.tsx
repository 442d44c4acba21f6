import { useId } from 'react';
import { niceMax } from './usage.ts';

const W = 300;
const H = 96;

/**
 * A tiny per-day bar chart in SVG. The picture is for the eye only; a visually hidden table
 * gives screen readers the same numbers. Time runs left to right in every writing direction.
 */
export function BarChart({
  label,
  days,
  values,
  format,
  dayLabel,
  color,
}: {
  label: string;
  days: readonly string[];
  values: readonly number[];
  format: (n: number) => string;
  dayLabel: (day: string) => string;
  color: string;
}) {
  const id = useId();
  const max = niceMax(Math.max(0, ...values));
  const step = W / Math.max(1, values.length);
  const gap = step > 6 ? 2 : step > 3 ? 1 : 0;
  return (
    <figure className="admin-chart" aria-labelledby={id}>
      <figcaption id={id} className="visually-hidden">
        {label}
      </figcaption>
      <svg className="admin-chart__svg" viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" aria-hidden>
        <line x1={0} x2={W} y1={H - 0.5} y2={H - 0.5} className="admin-chart__axis" />
        <line x1={0} x2={W} y1={0.5} y2={0.5} className="admin-chart__grid" />
        <line x1={0} x2={W} y1={H / 2} y2={H / 2} className="admin-chart__grid" />
        {values.map((v, i) => {
          const h = v > 0 ? Math.max(1.5, (v / max) * (H - 4)) : 0;
          return (
            <rect key={days[i]} x={i * step + gap / 2} y={H - h} width={step - gap} height={h} rx={1} fill={color}>
              <title>{`${dayLabel(days[i] ?? '')}: ${format(v)}`}</title>
            </rect>
          );
        })}
      </svg>
      <span className="admin-chart__max" aria-hidden>
        {format(max)}
      </span>
      <div className="admin-chart__scale" aria-hidden>
        <span>{days[0] ? dayLabel(days[0]) : ''}</span>
        <span>{days.at(-1) ? dayLabel(days.at(-1) ?? '') : ''}</span>
      </div>
      {/* A table keeps its content's width whatever its own: the box around it is what is hidden. */}
      <div className="visually-hidden">
        <table>
          <caption>{label}</caption>
          <tbody>
            {values.map((v, i) => (
              <tr key={days[i]}>
                <th scope="row">{dayLabel(days[i] ?? '')}</th>
                <td>{format(v)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
