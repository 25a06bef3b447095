import { BAND_ORDER, BAND_STYLES } from './rank-bands';

/** What the pin colours mean (the same table the map and the PNG draw from). */
export function RankLegend({ business }: { business?: string | null }) {
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-3 small mb-2" aria-label="Map legend">
      {BAND_ORDER.map((band) => (
        <li key={band}>
          <span
            className="rank-legend-swatch me-1"
            style={{ background: BAND_STYLES[band].fill }}
            aria-hidden="true"
          />
          {BAND_STYLES[band].label}
        </li>
      ))}
      {business && (
        <li>
          <span
            className="rank-legend-swatch me-1"
            style={{
              borderRadius: 0,
              border: '3px solid #0b3d91',
              transform: 'rotate(45deg) scale(0.8)',
            }}
            aria-hidden="true"
          />
          {business} (the business)
        </li>
      )}
    </ul>
  );
}
