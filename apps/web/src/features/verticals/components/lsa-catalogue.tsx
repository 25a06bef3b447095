import type { LsaCategory } from '@pinpoint/contracts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { LoadError, Loading } from '../../../components/load-states';
import { useLsaCategoryInfo } from '../api/verticals-api';

/**
 * Pull from the LSA catalogue: pick a category, read its service types and the verticals
 * already mapped to it, and start a new vertical from it.
 */
export function LsaCatalogue({
  categories,
  source,
  onUse,
}: {
  categories: LsaCategory[];
  source: 'demo' | 'live';
  onUse: (draft: { name: string; slug: string; lsaCategory: string }) => void;
}) {
  const [chosen, setChosen] = useState('');
  const info = useLsaCategoryInfo(chosen || null);

  return (
    <section aria-labelledby="catalogue-heading" className="mb-4">
      <h2 id="catalogue-heading" className="h5">
        LSA category catalogue
      </h2>
      {source === 'demo' && (
        <p className="small text-body-secondary">
          This is Pinpoint’s built-in list of Local Services Ads categories. Pulling the live
          catalogue from Google is not connected yet.
        </p>
      )}
      <Form.Group controlId="lsa-category-pick" className="mb-2" style={{ maxWidth: 420 }}>
        <Form.Label>Category</Form.Label>
        <Form.Select value={chosen} onChange={(e) => setChosen(e.target.value)}>
          <option value="">Choose a category…</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name} ({category.group})
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {info.isFetching && <Loading what="the category" />}
      {info.isError && (
        <LoadError what="The category" error={info.error} onRetry={() => info.refetch()} />
      )}
      {info.data && !info.isFetching && (
        <div data-testid="lsa-category-info">
          <p className="mb-1">
            <strong>{info.data.name}</strong> <code>{info.data.id}</code> · {info.data.group}
          </p>
          <p className="small mb-1">Service types: {info.data.serviceTypes.join(', ')}</p>
          <p className="small mb-2">
            {info.data.verticals.length === 0
              ? 'No vertical is mapped to it yet.'
              : `Mapped to: ${info.data.verticals.map((v) => v.name).join(', ')}.`}
          </p>
          <Button
            size="sm"
            variant="outline-primary"
            onClick={() =>
              info.data &&
              onUse({
                name: info.data.suggested.name,
                slug: info.data.suggested.slug,
                lsaCategory: info.data.id,
              })
            }
          >
            Start a new vertical from it
          </Button>
        </div>
      )}
    </section>
  );
}
