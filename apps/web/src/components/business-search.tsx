import type { ProspectBusiness } from '@pinpoint/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { ApiError } from '../lib/api-client';
import { InlineSpinner, Loading } from './load-states';
import {
  type BusinessSearch as Search,
  useBusinessSearch,
  useCitySearch,
} from './search-businesses';

/** Waits for typing to pause before the city search is asked. */
function useDebounced(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Step 1 of a custom grid: a business name or trade, a city (picked from the places search as
 * radio buttons, so it works by keyboard without a custom widget), then the businesses that
 * show in the local results there. Picking one hands it to `onPick`.
 */
export function BusinessSearch({
  onPick,
  picking,
  pickError,
  pickLabel = 'Run a grid',
}: {
  onPick: (business: ProspectBusiness) => void;
  /** The pick button's words ("Run a grid", or the power tool's "Open a workspace"). */
  pickLabel?: string;
  /** The place id being turned into a prospect, while that runs. */
  picking: string | null;
  pickError: Error | null;
}) {
  const [query, setQuery] = useState('');
  const [cityText, setCityText] = useState('');
  const [cityId, setCityId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [search, setSearch] = useState<Search | null>(null);
  const cities = useCitySearch(useDebounced(cityText));
  const cityList = cityText.trim().length >= 2 ? (cities.data?.places ?? []) : [];
  const chosenCity = cityList.find((c) => c.place_id === cityId) ?? cityList[0] ?? null;
  const results = useBusinessSearch(search);
  const serverErrors = results.error instanceof ApiError ? results.error.fieldErrors() : {};
  const fieldError = (name: string) => errors[name] ?? serverErrors[name];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (query.trim().length < 2)
      problems.q = 'Type a business name or a trade (2 characters or more).';
    if (!chosenCity) problems.near = 'Type a city and pick it from the list.';
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !chosenCity) return;
    setSearch({ q: query.trim(), near: chosenCity.place_id });
  };

  return (
    <>
      <Form noValidate onSubmit={submit} className="mb-3" style={{ maxWidth: 640 }}>
        <Form.Group className="mb-3" controlId="custom-rank-query">
          <Form.Label>Business name or trade</Form.Label>
          <Form.Control
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="e.g. Zilker Plumbing, or plumber"
            isInvalid={Boolean(fieldError('q'))}
            aria-describedby="custom-rank-query-hint"
            maxLength={120}
          />
          <Form.Text id="custom-rank-query-hint">
            The search shows what a person in that city sees on the map for these words.
          </Form.Text>
          <Form.Control.Feedback type="invalid">{fieldError('q')}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="mb-2" controlId="custom-rank-city">
          <Form.Label>City</Form.Label>
          <Form.Control
            value={cityText}
            onChange={(e) => {
              setCityText(e.target.value);
              setCityId(null);
            }}
            placeholder="e.g. Austin"
            autoComplete="off"
            isInvalid={Boolean(fieldError('near'))}
            maxLength={100}
          />
          <Form.Control.Feedback type="invalid">{fieldError('near')}</Form.Control.Feedback>
        </Form.Group>
        <div aria-live="polite" className="mb-3">
          {cities.isFetching && cityList.length === 0 && <Loading what="cities" />}
          {cities.isError && (
            <Alert variant="danger">City search failed: {cities.error.message}</Alert>
          )}
          {cityText.trim().length >= 2 && cities.isSuccess && cityList.length === 0 && (
            <p className="text-body-secondary small">No city matches “{cityText.trim()}”.</p>
          )}
          {cityList.length > 0 && (
            <fieldset>
              <legend className="fs-6 mb-1">Pick the city</legend>
              {cityList.map((city) => (
                <Form.Check
                  key={city.place_id}
                  type="radio"
                  id={`city-${city.place_id}`}
                  name="custom-rank-city-choice"
                  label={city.full_name}
                  checked={chosenCity?.place_id === city.place_id}
                  onChange={() => setCityId(city.place_id)}
                />
              ))}
            </fieldset>
          )}
        </div>
        <Button type="submit" disabled={results.isFetching}>
          {results.isFetching && <InlineSpinner className="me-1" />}
          Find businesses
        </Button>
      </Form>

      {results.isError && Object.keys(serverErrors).length === 0 && (
        <Alert variant="danger">
          The search failed: {results.error.message}{' '}
          <Button variant="link" className="p-0 align-baseline" onClick={() => results.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {pickError && (
        <Alert variant="danger">This business could not be opened: {pickError.message}</Alert>
      )}
      {results.data && (
        <section aria-labelledby="custom-rank-results">
          <h2 id="custom-rank-results" className="h5">
            Businesses near {results.data.near.name ?? 'the point'}
          </h2>
          {results.data.businesses.length === 0 ? (
            <p className="text-body-secondary">
              Nothing shows on the map there for “{search?.q}”. Try the trade (e.g. “plumber”) or
              another city.
            </p>
          ) : (
            <ListGroup as="ul" className="mb-3">
              {results.data.businesses.map((business) => (
                <ListGroup.Item
                  as="li"
                  key={business.placeId}
                  className="d-flex flex-wrap gap-2 align-items-center justify-content-between"
                >
                  <div className="text-break" style={{ minWidth: 0, flex: '1 1 14rem' }}>
                    <div className="fw-semibold">{business.name}</div>
                    <div className="small text-body-secondary">
                      {[business.address, business.phone].filter(Boolean).join(' · ') ||
                        'No address listed'}
                      {business.rating !== null && ` · ${business.rating.toFixed(1)}★`}
                      {business.reviewCount !== null && ` (${business.reviewCount} reviews)`}
                    </div>
                  </div>
                  <Button
                    size="sm"
                    variant="outline-primary"
                    disabled={picking !== null}
                    onClick={() => onPick(business)}
                    aria-label={`${pickLabel} for ${business.name}`}
                  >
                    {picking === business.placeId && <InlineSpinner className="me-1" />}
                    {pickLabel}
                  </Button>
                </ListGroup.Item>
              ))}
            </ListGroup>
          )}
        </section>
      )}
    </>
  );
}
