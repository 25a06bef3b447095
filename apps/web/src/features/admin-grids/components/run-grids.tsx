import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { InlineSpinner, LoadError, Loading } from '../../../components/load-states';
import { type BatchScope, useBatches, useBatchForecast, useStartBatch } from '../api/batches-api';
import { BatchForecastView } from './batch-forecast';
import { BatchProgress } from './batch-progress';
import { type ClientChoice, ClientPicker } from './client-picker';
import { RecentBatches } from './recent-batches';

function scopeOf(choice: ClientChoice): BatchScope | null {
  if (choice.all) return { all: true };
  if (choice.chosen.size === 0) return null;
  return { all: false, companyIds: [...choice.chosen.keys()].sort((a, b) => a - b) };
}

const sameScope = (a: BatchScope | null, b: BatchScope | null) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * Admin "run grids": choose clients, read the forecast, start the batch, watch it run and
 * read its summary, with the recent batches below.
 */
export function RunGrids() {
  const [choice, setChoice] = useState<ClientChoice>({ all: false, chosen: new Map() });
  const [forecastScope, setForecastScope] = useState<BatchScope | null>(null);
  const [shownBatch, setShownBatch] = useState<number | null>(null);
  const forecast = useBatchForecast(forecastScope);
  const start = useStartBatch();
  const recent = useBatches(1);
  const scope = scopeOf(choice);
  const forecastIsCurrent = forecastScope !== null && sameScope(scope, forecastScope);

  // A batch already running (started elsewhere, or before a reload) is shown at once.
  const running = recent.data?.items.find((batch) => batch.status === 'running');
  useEffect(() => {
    if (running && shownBatch === null) setShownBatch(running.id);
  }, [running, shownBatch]);

  const canStart =
    forecastIsCurrent &&
    forecast.data !== undefined &&
    forecast.data.scans > 0 &&
    forecast.data.problems.length === 0 &&
    !start.isPending &&
    !running;

  return (
    <>
      <ClientPicker
        value={choice}
        onChange={(next) => {
          setChoice(next);
          start.reset();
        }}
      />

      <section aria-labelledby="forecast-heading" className="mb-4">
        <h2 id="forecast-heading" className="h5">
          2. Forecast
        </h2>
        <Button
          variant="outline-primary"
          className="mb-3"
          disabled={scope === null}
          onClick={() => {
            setForecastScope(scope);
            if (forecastIsCurrent) void forecast.refetch();
          }}
        >
          {scope === null ? 'Choose clients to see the forecast' : 'See the forecast'}
        </Button>
        {forecastScope !== null && !forecastIsCurrent && (
          <p className="small text-warning-emphasis">
            The choice changed since this forecast: ask for it again before starting.
          </p>
        )}
        {forecast.isFetching && <Loading what="the forecast" />}
        {forecast.isError && (
          <LoadError
            what="The forecast"
            error={forecast.error}
            onRetry={() => forecast.refetch()}
          />
        )}
        {forecast.data && !forecast.isFetching && <BatchForecastView forecast={forecast.data} />}
      </section>

      <section aria-labelledby="start-heading" className="mb-4">
        <h2 id="start-heading" className="h5">
          3. Run
        </h2>
        {running && (
          <p className="small">
            Batch {running.id} is running; another can start once it has finished.
          </p>
        )}
        <Button
          disabled={!canStart}
          onClick={() => {
            if (!forecastScope) return;
            start.mutate(forecastScope, {
              onSuccess: (result) => {
                if (result.batch) setShownBatch(result.batch.id);
              },
            });
          }}
        >
          {start.isPending && <InlineSpinner className="me-2" />}
          Start the batch
        </Button>
        {!forecastIsCurrent && (
          <p className="small text-body-secondary mt-2 mb-0">
            See the forecast for the current choice first.
          </p>
        )}
        {start.isPending && (
          <p className="small mt-2 mb-0" role="status">
            Starting the batch: storing it and handing out its first scans…
          </p>
        )}
        {start.isError && (
          <Alert variant="danger" className="mt-3">
            The batch was not started: {start.error.message}
          </Alert>
        )}
      </section>

      {shownBatch !== null && <BatchProgress key={shownBatch} batchId={shownBatch} />}

      <RecentBatches shownId={shownBatch} onShow={setShownBatch} />
    </>
  );
}
