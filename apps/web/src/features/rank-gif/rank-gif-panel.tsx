import { DEFAULT_GIF_FRAMES, GIF_MAX_FRAMES, GIF_MIN_FRAMES } from '@pinpoint/contracts';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { LoadError, Loading } from '../../components/load-states';
import { ApiError } from '../../lib/api-client';
import { gifFileUrl, useCreateGif, useGifSeries, useRankGif } from './api/rank-gif-api';

/**
 * "Animated GIF": the newest scans of this scan's settings, up to it, one frame each. The
 * render runs in the background; its progress ("rank gif progress", SPEC §3) shows live.
 */
export function RankGifPanel({ scanId }: { scanId: number }) {
  const series = useGifSeries(scanId);
  const [frames, setFrames] = useState(String(DEFAULT_GIF_FRAMES));
  const [gifId, setGifId] = useState<number | null>(null);
  const create = useCreateGif();
  const gif = useRankGif(gifId);
  const headingId = `rank-gif-heading-${scanId}`;
  const inputId = `rank-gif-frames-${scanId}`;

  const available = series.data?.available ?? 0;
  const max = Math.max(GIF_MIN_FRAMES, Math.min(GIF_MAX_FRAMES, available));
  const asked = Number(frames);
  const localError =
    frames.trim() === '' || !Number.isInteger(asked) || asked < GIF_MIN_FRAMES || asked > max
      ? `Choose ${GIF_MIN_FRAMES} to ${max} scans.`
      : null;
  const serverError =
    create.error instanceof ApiError ? create.error.fieldErrors().frames : undefined;
  const [touched, setTouched] = useState(false);
  const fieldError = (touched && localError) || serverError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (localError) return;
    create.mutate({ scanId, frames: asked }, { onSuccess: (made) => setGifId(made.id) });
  };

  const current = gif.data;
  const running = current && (current.status === 'queued' || current.status === 'running');
  const percent =
    current && current.framesTotal > 0
      ? Math.round((100 * current.framesDone) / current.framesTotal)
      : 0;

  return (
    <Card as="section" aria-labelledby={headingId} className="mt-4">
      <Card.Body>
        <h2 id={headingId} className="h5">
          Animated GIF
        </h2>
        {series.isPending ? (
          <Loading what="the scan history" />
        ) : series.isError ? (
          <LoadError
            what="The scan history"
            error={series.error}
            onRetry={() => series.refetch()}
          />
        ) : available < GIF_MIN_FRAMES ? (
          <p className="text-body-secondary mb-0" data-testid="rank-gif-too-few">
            A GIF needs at least {GIF_MIN_FRAMES} finished scans with these settings; there{' '}
            {available === 1 ? 'is' : 'are'} {available} so far.
          </p>
        ) : (
          <>
            <p className="small text-body-secondary">
              One frame per scan with the same keyword, grid size and radius, oldest first, up to
              this scan. {available} {available === 1 ? 'scan is' : 'scans are'} available.
            </p>
            <Form noValidate onSubmit={submit} className="d-flex flex-wrap align-items-start gap-2">
              <Form.Group controlId={inputId} style={{ maxWidth: 180 }}>
                <Form.Label className="small mb-1">Scans in the GIF</Form.Label>
                <Form.Control
                  type="number"
                  inputMode="numeric"
                  min={GIF_MIN_FRAMES}
                  max={max}
                  value={frames}
                  onChange={(e) => setFrames(e.target.value)}
                  onBlur={() => setTouched(true)}
                  isInvalid={Boolean(fieldError)}
                  aria-describedby={fieldError ? `${inputId}-error` : undefined}
                />
                <Form.Control.Feedback type="invalid" id={`${inputId}-error`}>
                  {fieldError}
                </Form.Control.Feedback>
              </Form.Group>
              <Button type="submit" className="mt-4" disabled={create.isPending || running}>
                {create.isPending ? 'Starting…' : 'Make GIF'}
              </Button>
            </Form>
            {create.isError && !serverError && (
              <Alert variant="danger" className="mt-3 mb-0">
                The GIF could not be started: {create.error.message}
              </Alert>
            )}
          </>
        )}

        {gifId !== null && gif.isError && (
          <LoadError what="The GIF's progress" error={gif.error} onRetry={() => gif.refetch()} />
        )}
        {current && (
          <div className="mt-3" aria-live="polite">
            {running && (
              <>
                <p className="small mb-1" id={`rank-gif-progress-${current.id}`}>
                  {current.status === 'queued'
                    ? 'Waiting to start…'
                    : `Drawing frame ${current.framesDone} of ${current.framesTotal}…`}
                </p>
                <ProgressBar
                  now={percent}
                  label={`${percent}%`}
                  aria-label="Rank GIF progress"
                  data-testid="rank-gif-progress"
                />
              </>
            )}
            {current.status === 'failed' && (
              <Alert variant="danger" className="mb-0">
                {current.error ?? 'The GIF could not be made.'}
              </Alert>
            )}
            {current.status === 'done' && (
              <>
                <p className="small mb-2" data-testid="rank-gif-done">
                  Done: {current.framesTotal} frames (100%).
                </p>
                <a className="btn btn-outline-primary mb-3" href={gifFileUrl(current.id)} download>
                  Download GIF
                </a>
                <img
                  src={gifFileUrl(current.id)}
                  alt={`Animated rank grid for “${current.keyword}”, ${current.framesTotal} scans, oldest first. The same numbers are in the scan history.`}
                  className="d-block img-fluid border"
                  style={{ maxWidth: 480 }}
                />
              </>
            )}
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
