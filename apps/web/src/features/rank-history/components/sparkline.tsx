import { useId } from 'react';
import { describeTrend, sparklineGeometry } from '../sparkline';

const WIDTH = 96;
const HEIGHT = 24;

/** An inline SVG sparkline of ATRP values, oldest first, named by what it shows. */
export function Sparkline({ values, label }: { values: (number | null)[]; label: string }) {
  const titleId = useId();
  const { path, last } = sparklineGeometry(values, WIDTH, HEIGHT);
  const summary = `${label}: ${describeTrend(values)}`;
  return (
    <svg
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={titleId}
      className="pp-sparkline flex-shrink-0"
    >
      <title id={titleId}>{summary}</title>
      <path d={path} fill="none" stroke="currentColor" strokeWidth={1.5} />
      {last && <circle cx={last.x} cy={last.y} r={2.5} fill="currentColor" />}
    </svg>
  );
}
