import {
  formatInstantDateTime,
  INSITE_BLOG_STATE_LABELS,
  INSITE_BLOG_STATES,
  type InsiteBlogRow,
  type InsiteBlogState,
} from '@pinpoint/contracts';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Drawer } from '../../../components/drawer';
import { FilterSelect, optionsOf } from '../../../components/filter-select';
import { Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { BLOG_PAGE_SIZE, type BlogFilter, useInsiteBlogs } from '../api/insite-blogs-api';
import { BlogPreview } from './blog-preview';

const STATE_BADGES: Record<InsiteBlogState, string> = {
  draft: 'secondary',
  in_review: 'warning',
  scheduled: 'info',
  published: 'success',
};

/** Light badges (warning, info) need dark text to be readable. */
const DARK_TEXT: InsiteBlogState[] = ['in_review', 'scheduled'];

function when(row: InsiteBlogRow): string {
  if (row.published_at) return `Published ${formatInstantDateTime(row.published_at)}`;
  if (row.scheduled_for) return `Goes out ${formatInstantDateTime(row.scheduled_for)}`;
  return `Updated ${formatInstantDateTime(row.updated_at)}`;
}

/**
 * InSite blogs (dev hosts, staff): the posts the agency writes for clients' sites, counted
 * per state, filtered by state and company, each opening a preview where it can be moved.
 */
export function InsiteBlogs() {
  const id = useId();
  const [filter, setFilter] = useState<BlogFilter>({ state: '', companyId: null, page: 1 });
  const [open, setOpen] = useState<{ id: number; title: string } | null>(null);
  const blogs = useInsiteBlogs(filter);
  const data = blogs.data;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / BLOG_PAGE_SIZE));

  return (
    <section>
      <h1 className="h3 mb-3">InSite blogs</h1>
      {data && (
        <ul className="list-inline mb-3" aria-label="Posts per state" data-testid="blog-counts">
          {INSITE_BLOG_STATES.map((state) => (
            <li key={state} className="list-inline-item me-3">
              <Badge bg={STATE_BADGES[state]} text={DARK_TEXT.includes(state) ? 'dark' : undefined}>
                {INSITE_BLOG_STATE_LABELS[state]}
              </Badge>{' '}
              <span data-testid={`blog-count-${state}`}>{data.counts[state] ?? 0}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="d-flex flex-wrap gap-2 mb-3">
        <FilterSelect
          id={`${id}-state`}
          label="State"
          labelClassName="visually-hidden"
          allLabel="All states"
          size={undefined}
          style={{ width: '100%', maxWidth: 180 }}
          value={filter.state || null}
          options={optionsOf(INSITE_BLOG_STATES, INSITE_BLOG_STATE_LABELS)}
          onChange={(state) => setFilter((f) => ({ ...f, state: state ?? '', page: 1 }))}
        />
        <FilterSelect
          id={`${id}-company`}
          label="Company"
          labelClassName="visually-hidden"
          allLabel="All companies"
          size={undefined}
          style={{ width: '100%', maxWidth: 280 }}
          value={filter.companyId === null ? null : String(filter.companyId)}
          options={(data?.companies ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          onChange={(company) =>
            setFilter((f) => ({ ...f, companyId: Number(company) || null, page: 1 }))
          }
        />
      </div>
      {blogs.isError && (
        <Alert variant="danger">The blog posts could not be loaded: {blogs.error.message}</Alert>
      )}
      {blogs.isPending && <Loading what="the blog posts" />}
      {data && data.items.length === 0 && (
        <p className="text-body-secondary">No blog posts match these filters.</p>
      )}
      {data && data.items.length > 0 && (
        <Table responsive hover size="sm" aria-label="Blog posts">
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Company</th>
              <th scope="col">State</th>
              <th scope="col">When</th>
              <th scope="col">Author</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((row) => (
              <tr key={row.id} data-testid="blog-row">
                <td>
                  <Button
                    variant="link"
                    className="p-0 text-start"
                    onClick={() => setOpen({ id: row.id, title: row.title })}
                  >
                    {row.title}
                  </Button>
                </td>
                <td>{row.company_name}</td>
                <td>
                  <Badge
                    bg={STATE_BADGES[row.state]}
                    text={DARK_TEXT.includes(row.state) ? 'dark' : undefined}
                  >
                    {INSITE_BLOG_STATE_LABELS[row.state]}
                  </Badge>
                </td>
                <td className="small text-nowrap">{when(row)}</td>
                <td className="small">{row.author ?? '–'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pager
        label="Blog post pages"
        page={filter.page}
        pages={pages}
        onPage={(page) => setFilter((f) => ({ ...f, page }))}
      />
      <Drawer
        id={`${id}-drawer`}
        open={open !== null}
        onClose={() => setOpen(null)}
        placement="end"
        labelledBy={`${id}-title`}
        closeLabel="Close the preview"
        style={{ width: 'min(44rem, 100vw)' }}
        header={
          <h2 id={`${id}-title`} className="h5 mb-0 text-break">
            {open?.title ?? 'Blog post'}
          </h2>
        }
      >
        {open && <BlogPreview id={open.id} />}
      </Drawer>
    </section>
  );
}
