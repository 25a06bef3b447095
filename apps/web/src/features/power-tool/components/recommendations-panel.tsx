import type { SalesRecommendation } from '@pinpoint/contracts';
import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { InlineSpinner } from '../../../components/load-states';
import {
  useDeleteRecommendation,
  useDraftRecommendations,
  useUpdateRecommendation,
} from '../api/recommendations';
import { RecommendationForm } from './recommendation-form';

const KIND_LABELS: Record<SalesRecommendation['kind'], string> = {
  'weak-area': 'Weak area',
  competitor: 'Competitor',
  listings: 'Listings',
  reviews: 'Reviews',
  'page-speed': 'Page speed',
  keyword: 'Keyword',
};

function RecommendationItem({
  recommendation: r,
  count,
  onSaved,
}: {
  recommendation: SalesRecommendation;
  count: number;
  onSaved: (position: number) => void;
}) {
  const [editing, setEditing] = useState(false);
  const edit = useRef<HTMLButtonElement>(null);
  const reorder = useUpdateRecommendation(r.containerId);
  const remove = useDeleteRecommendation(r.containerId);
  const wasEditing = useRef(false);

  // Back on the Edit button when the form closes, so keyboard users keep their place.
  useEffect(() => {
    if (!editing && wasEditing.current) edit.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const move = (position: number) => reorder.mutate({ id: r.id, change: { position } });
  const failure = reorder.error ?? remove.error;

  return (
    <li className="border rounded p-3 mb-2" data-testid="recommendation" data-kind={r.kind}>
      {editing ? (
        <RecommendationForm
          recommendation={r}
          onDone={(saved) => {
            setEditing(false);
            if (saved) onSaved(r.position);
          }}
        />
      ) : (
        <>
          <div className="d-flex flex-wrap gap-2 align-items-baseline mb-1">
            <h3 className="h6 mb-0" data-testid="recommendation-title">
              {r.position}. {r.title}
            </h3>
            <span className="badge text-bg-light border">{KIND_LABELS[r.kind]}</span>
            {r.edited && (
              <span className="badge text-bg-primary" data-testid="recommendation-edited">
                edited
              </span>
            )}
          </div>
          <p className="mb-2" style={{ whiteSpace: 'pre-line' }} data-testid="recommendation-body">
            {r.body}
          </p>
          {r.evidence.length > 0 && (
            <>
              <p className="small fw-semibold mb-1">Measured</p>
              <ul className="small text-body-secondary mb-2" data-testid="recommendation-evidence">
                {r.evidence.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          )}
          <div className="d-flex flex-wrap gap-2">
            <Button
              ref={edit}
              size="sm"
              variant="outline-primary"
              aria-label={`Edit recommendation ${r.position}`}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
            <Button
              size="sm"
              variant="outline-secondary"
              aria-label={`Move recommendation ${r.position} up`}
              disabled={r.position <= 1 || reorder.isPending}
              onClick={() => move(r.position - 1)}
            >
              Up
            </Button>
            <Button
              size="sm"
              variant="outline-secondary"
              aria-label={`Move recommendation ${r.position} down`}
              disabled={r.position >= count || reorder.isPending}
              onClick={() => move(r.position + 1)}
            >
              Down
            </Button>
            <Button
              size="sm"
              variant="outline-danger"
              aria-label={`Remove recommendation ${r.position}`}
              disabled={remove.isPending}
              onClick={() => remove.mutate(r.id)}
            >
              {remove.isPending && <InlineSpinner className="me-1" />}
              Remove
            </Button>
          </div>
          {failure && (
            <Alert variant="danger" className="mt-2 mb-0 small">
              {failure.message}
            </Alert>
          )}
        </>
      )}
    </li>
  );
}

/**
 * The ranked actions drafted from what was measured (grids, competitors, listings, reviews,
 * page speed), each with the facts it rests on; editable and reorderable before sharing.
 */
export function RecommendationsPanel({
  containerId,
  recommendations,
  hasGrids,
  won,
}: {
  containerId: number;
  recommendations: SalesRecommendation[];
  hasGrids: boolean;
  /** A client now: its work is planned from its own pages, so no new drafts here. */
  won: boolean;
}) {
  const draft = useDraftRecommendations(containerId);
  const [note, setNote] = useState<string | null>(null);
  const ranked = [...recommendations].sort((a, b) => a.position - b.position);

  return (
    <section aria-labelledby="sales-recommendations-title" className="mb-4">
      <div className="d-flex flex-wrap gap-2 align-items-baseline justify-content-between">
        <h2 id="sales-recommendations-title" className="h5">
          Recommendations
        </h2>
        {!won && (
          <Button
            size="sm"
            variant={ranked.length ? 'outline-primary' : 'primary'}
            disabled={draft.isPending || !hasGrids}
            onClick={() => {
              setNote(null);
              draft.mutate(undefined, {
                onSuccess: (answer) =>
                  setNote(
                    answer.recommendations.length
                      ? 'Recommendations drafted from the latest measures.'
                      : 'Nothing stands out in these measures: this business already does well where it was measured. Scan its listings or measure its page speed, or run a wider grid, then draft again.',
                  ),
              });
            }}
          >
            {draft.isPending && <InlineSpinner className="me-1" />}
            {ranked.length ? 'Draft again' : 'Draft recommendations'}
          </Button>
        )}
      </div>
      {ranked.length > 0 && !won && (
        <p className="small text-body-secondary">
          Drafting again replaces the drafts from the latest measures; the ones you edited stay,
          first.
        </p>
      )}
      {draft.error && <Alert variant="danger">{draft.error.message}</Alert>}
      <div aria-live="polite" className="small mb-2">
        {note}
      </div>
      {ranked.length === 0 ? (
        <p className="text-body-secondary" data-testid="recommendations-empty">
          {hasGrids
            ? 'None yet. Drafting reads the grids, competitors, listings, reviews and page speed measured here and ranks what would help most.'
            : 'Recommendations are drafted from measures: run the grids first.'}
        </p>
      ) : (
        <ol className="list-unstyled mb-0" aria-label="Recommendations, most useful first">
          {ranked.map((r) => (
            <RecommendationItem
              key={r.id}
              recommendation={r}
              count={ranked.length}
              onSaved={(position) => setNote(`Recommendation ${position} saved.`)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
