import { formatInstantDay, type Vertical } from '@pinpoint/contracts';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { useLsaCategories, useVerticals } from '../api/verticals-api';
import { LsaCatalogue } from './lsa-catalogue';
import { VerticalForm } from './vertical-form';

const EMPTY = { name: '', slug: '', lsaCategory: '' };

/** What the form edits: a new vertical (maybe started from a category) or an existing one. */
type Editing = { id: null; draft: typeof EMPTY; key: number } | { id: number; vertical: Vertical };

/** LSA verticals for admins: the list, a create/edit form and the LSA catalogue. */
export function VerticalsAdmin() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState({ q: '', page: 1 });
  const [editing, setEditing] = useState<Editing>({ id: null, draft: EMPTY, key: 0 });
  const [notice, setNotice] = useState<string | null>(null);
  const verticals = useVerticals(query.q, query.page);
  const categories = useLsaCategories();
  const categoryList = categories.data?.categories ?? [];
  const categoryName = (id: string | null) =>
    id === null ? '—' : (categoryList.find((c) => c.id === id)?.name ?? id);
  const pages = verticals.data
    ? Math.max(1, Math.ceil(verticals.data.total / verticals.data.pageSize))
    : 1;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ q: search.trim(), page: 1 });
  };
  const startNew = (draft = EMPTY) => setEditing({ id: null, draft, key: Date.now() });

  return (
    <div className="row g-4">
      <div className="col-12 col-lg-7">
        <Form onSubmit={submit} role="search" aria-label="Verticals" className="d-flex gap-2 mb-2">
          <Form.Control
            type="search"
            placeholder="Search name, slug or category"
            aria-label="Search verticals"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ maxWidth: 320 }}
          />
          <Button type="submit" variant="outline-primary">
            Search
          </Button>
        </Form>
        {notice && (
          <Alert variant="success" dismissible onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
        {verticals.isPending && <Loading what="verticals" />}
        {verticals.isError && (
          <LoadError
            what="The verticals"
            error={verticals.error}
            onRetry={() => verticals.refetch()}
          />
        )}
        {verticals.data && verticals.data.items.length === 0 && (
          <p className="text-body-secondary">
            {query.q ? `No vertical matches “${query.q}”.` : 'No vertical yet: create the first.'}
          </p>
        )}
        {verticals.data && verticals.data.items.length > 0 && (
          <Table responsive hover size="sm" aria-label="Verticals">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Slug</th>
                <th scope="col">LSA category</th>
                <th scope="col">Updated</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {verticals.data.items.map((vertical) => (
                <tr
                  key={vertical.id}
                  className={editing.id === vertical.id ? 'table-active' : undefined}
                >
                  <td>{vertical.name}</td>
                  <td>
                    <code>{vertical.slug}</code>
                  </td>
                  <td className="small">{categoryName(vertical.lsaCategory)}</td>
                  <td className="small text-nowrap">{formatInstantDay(vertical.updatedAt)}</td>
                  <td>
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      aria-label={`Edit ${vertical.name}`}
                      onClick={() => setEditing({ id: vertical.id, vertical })}
                    >
                      Edit
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <Pager
          label="Vertical pages"
          page={query.page}
          pages={pages}
          onPage={(page) => setQuery((q) => ({ ...q, page }))}
        />
      </div>

      <div className="col-12 col-lg-5">
        <Card className="mb-4">
          <Card.Body>
            <h2 className="h5">
              {editing.id === null ? 'New vertical' : `Edit “${editing.vertical.name}”`}
            </h2>
            <VerticalForm
              key={editing.id === null ? `new-${editing.key}` : `edit-${editing.id}`}
              editing={editing.id}
              initial={
                editing.id === null
                  ? editing.draft
                  : {
                      name: editing.vertical.name,
                      slug: editing.vertical.slug,
                      lsaCategory: editing.vertical.lsaCategory ?? '',
                    }
              }
              categories={categoryList}
              onDone={(message) => {
                setNotice(message);
                startNew();
              }}
            />
            {editing.id !== null && (
              <Button variant="link" className="px-0 mt-2" onClick={() => startNew()}>
                Cancel and create a new one instead
              </Button>
            )}
          </Card.Body>
        </Card>
        {categories.isError && (
          <LoadError
            what="The LSA categories"
            error={categories.error}
            onRetry={() => categories.refetch()}
          />
        )}
        {categories.data && (
          <LsaCatalogue
            categories={categoryList}
            source={categories.data.source}
            onUse={(draft) => startNew(draft)}
          />
        )}
      </div>
    </div>
  );
}
