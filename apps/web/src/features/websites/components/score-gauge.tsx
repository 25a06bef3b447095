import { type ScoreBand, scoreBand } from '@pinpoint/contracts';

/** Lighthouse's own band colours: red 0–49, orange 50–89, green 90–100. */
export const BAND_COLOURS: Record<ScoreBand, string> = {
  good: '#0cce6b',
  'needs-improvement': '#ffa400',
  poor: '#ff4e42',
};
export const BAND_LABELS: Record<ScoreBand, string> = {
  good: 'Good',
  'needs-improvement': 'Needs improvement',
  poor: 'Poor',
};

const RADIUS = 34;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * One category score as Lighthouse draws it: a ring filled to the score in its band's
 * colour, the number in the middle. The number and band are text (the ring is decoration),
 * so colour is never the only signal.
 */
export function ScoreGauge({ label, score }: { label: string; score: number }) {
  const band = scoreBand(score);
  return (
    <figure className="text-center m-0" data-testid={`score-${label}`}>
      <svg width="84" height="84" viewBox="0 0 84 84" aria-hidden="true" focusable="false">
        <circle cx="42" cy="42" r={RADIUS} fill="none" stroke="#e9ecef" strokeWidth="8" />
        <circle
          cx="42"
          cy="42"
          r={RADIUS}
          fill="none"
          stroke={BAND_COLOURS[band]}
          strokeWidth="8"
          strokeLinecap="round"
          strokeDasharray={`${(score / 100) * CIRCUMFERENCE} ${CIRCUMFERENCE}`}
          transform="rotate(-90 42 42)"
        />
        <text x="42" y="49" textAnchor="middle" fontSize="22" fontWeight="600" fill="currentColor">
          {score}
        </text>
      </svg>
      <figcaption className="small">
        <span className="fw-semibold d-block">{label}</span>
        <span className="visually-hidden">{score} out of 100, </span>
        <span className="text-body-secondary">{BAND_LABELS[band]}</span>
      </figcaption>
    </figure>
  );
}
