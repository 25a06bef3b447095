import { formatDay, type QrAnalytics } from '@pinpoint/contracts';
import { TimeSeriesFigure } from '../../../components/time-series-figure';

type Day = QrAnalytics['days'][number];
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** Scans and unique visitors per day, with the same numbers as a table. */
export function QrScansChart({ days }: { days: Day[] }) {
  return (
    <TimeSeriesFigure
      title="Scans by day"
      x={days.map((d) => dayStart(d.day))}
      xLabels={days.map((d) => formatDay(d.day))}
      xHeader="Day"
      series={[
        { label: 'Scans', stroke: '#0d6efd', points: false, values: days.map((d) => d.scans) },
        {
          label: 'Unique visitors',
          stroke: '#b58100',
          dash: [6, 4],
          points: false,
          values: days.map((d) => d.visitors),
        },
      ]}
      yAxis={{ label: 'Scans', atLeast: 2 }}
      height={220}
      className="mb-3"
      empty={null}
    />
  );
}
