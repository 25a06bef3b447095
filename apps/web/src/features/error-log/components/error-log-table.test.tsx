import type { ErrorLog } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { ErrorLogTable } from './error-log-table';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const log = (over: Partial<ErrorLog>): ErrorLog => ({
  id: 1,
  message: "Cannot read properties of undefined (reading 'atrp')",
  page: '/Products/rank-grid/5521',
  stack: 'TypeError: Cannot read properties of undefined\n    at GridLegend (grid.tsx:41)',
  component: 'GridLegend',
  affected: {
    clients: [42, 11, 17],
    emails: ['owner@ruizplumbing.com', 'front@brightsmile.com'],
    productids: ['5521'],
    browser: ['Chrome 134 on Windows', 'Safari 18 on iOS'],
  },
  count: 14,
  resolved: false,
  createdAt: '2026-03-18T10:00:00.000Z',
  updatedAt: '2026-03-20T09:12:00.000Z',
  ...over,
});

/** The stored error logs, filtered and paged like the server does, resolvable. */
function errorLogs(total: number) {
  const logs: ErrorLog[] = Array.from({ length: total }, (_, i) =>
    i === 0
      ? log({})
      : log({
          id: i + 1,
          message: `Failed to fetch dynamically imported module (#${i + 1})`,
          page: '/dashboard/overview',
          affected: { clients: [], emails: [], productids: [], browser: [] },
          count: 1,
          resolved: i % 2 === 0,
        }),
  );
  const list = ({ query }: FakeRequest) => {
    const q = query.get('q') ?? '';
    const resolved = query.get('resolved');
    const matching = logs.filter(
      (l) => l.message.includes(q) && (resolved === null || String(l.resolved) === resolved),
    );
    const page = Number(query.get('page'));
    const size = Number(query.get('pageSize'));
    return {
      items: matching.slice((page - 1) * size, page * size),
      total: matching.length,
      page,
      pageSize: size,
    };
  };
  const update = ({ params, data }: FakeRequest) => {
    const found = logs.find((l) => l.id === Number(params.id));
    if (!found) return replyError(404, 'NOT_FOUND', 'No such error log.');
    found.resolved = data.resolved as boolean;
    return found;
  };
  return { list, update };
}

const queryOf = (call: FakeRequest | undefined) => Object.fromEntries(call?.query ?? []);

describe('ErrorLogTable', () => {
  it('lists unresolved errors with who they affected, and resolves one', async () => {
    const server = errorLogs(4);
    const api = fakeApi({
      'GET /api/status/finderror/all': server.list,
      'PUT /api/status/updateid/:id': server.update,
    });
    renderWithApp(<ErrorLogTable />);
    const table = await screen.findByRole('table', { name: 'Error logs' });
    expect(queryOf(api.calls[0])).toEqual({ page: '1', pageSize: '20', resolved: 'false' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const first = rows[0] as HTMLElement;
    expect(within(first).getByText(/^3 clients · /).textContent).toBe(
      '3 clients · owner@ruizplumbing.com, front@brightsmile.com · products 5521 · 2 browsers',
    );
    expect(within(first).getByText('14')).toBeTruthy();
    expect(within(first).getByText('Open')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('—')).toBeTruthy();
    // No pager while everything fits on one page.
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();

    fireEvent.click(
      within(first).getByRole('button', {
        name: "Resolve: Cannot read properties of undefined (reading 'atrp')",
      }),
    );
    // Resolved, it leaves the list of unresolved ones.
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).queryByText(/reading 'atrp'/)).toBeNull();
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/status/updateid/1');
    expect(put?.data).toEqual({ resolved: true });
  });

  it('filters by resolved and by a search, and reopens a resolved error', async () => {
    const server = errorLogs(4);
    const api = fakeApi({
      'GET /api/status/finderror/all': server.list,
      'PUT /api/status/updateid/:id': server.update,
    });
    renderWithApp(<ErrorLogTable />);
    await screen.findByRole('table', { name: 'Error logs' });
    fireEvent.change(screen.getByLabelText('Resolved filter'), { target: { value: 'true' } });
    expect(
      await screen.findByRole('button', {
        name: 'Reopen: Failed to fetch dynamically imported module (#3)',
      }),
    ).toBeTruthy();
    expect(screen.getAllByText('Resolved').length).toBeGreaterThan(1);

    fireEvent.change(screen.getByLabelText('Resolved filter'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Search message or page'), {
      target: { value: '  (#3) ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(queryOf(api.calls.at(-1))).toEqual({ page: '1', pageSize: '20', q: '(#3)' }),
    );
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    fireEvent.click(
      screen.getByRole('button', {
        name: 'Reopen: Failed to fetch dynamically imported module (#3)',
      }),
    );
    expect(await screen.findByText('Open')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT')?.data).toEqual({ resolved: false });

    fireEvent.change(screen.getByLabelText('Search message or page'), {
      target: { value: 'ChunkLoadError' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No error logs match these filters.')).toBeTruthy();
  });

  it('pages by 20 when there are more', async () => {
    const api = fakeApi({ 'GET /api/status/finderror/all': errorLogs(50).list });
    renderWithApp(<ErrorLogTable />);
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(pages).findByText('Page 2 of 2')).toBeTruthy();
    expect(queryOf(api.calls.at(-1))).toEqual({ page: '2', pageSize: '20', resolved: 'false' });
    expect(
      (within(pages).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  // Resolving the one error of the last page leaves fewer pages: the table goes back to the new
  // last page instead of an empty one without a pager.
  it('goes back a page when resolving empties the last one', async () => {
    // 21 unresolved: the first and every second one after it.
    const server = errorLogs(41);
    fakeApi({
      'GET /api/status/finderror/all': server.list,
      'PUT /api/status/updateid/:id': server.update,
    });
    renderWithApp(<ErrorLogTable />);
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');
    fireEvent.click(await screen.findByRole('button', { name: /^Resolve: .*\(#40\)$/ }));
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^Resolve: / })).toHaveLength(20),
    );
    expect(screen.queryByText('No error logs match these filters.')).toBeNull();
  });

  it('says why the logs could not be loaded, or an error not resolved', async () => {
    fakeApi({
      'GET /api/status/finderror/all': errorLogs(1).list,
      'PUT /api/status/updateid/:id': () =>
        replyError(403, 'FORBIDDEN', 'Only staff resolve error logs.'),
    });
    renderWithApp(<ErrorLogTable />);
    fireEvent.click(await screen.findByRole('button', { name: /^Resolve: / }));
    expect(await screen.findByText('Only staff resolve error logs.')).toBeTruthy();
    cleanup();

    fakeApi({
      'GET /api/status/finderror/all': () =>
        replyError(500, 'INTERNAL', 'The error log table is locked.'),
    });
    renderWithApp(<ErrorLogTable />);
    expect(
      await screen.findByText('The error logs could not be loaded: The error log table is locked.'),
    ).toBeTruthy();
  });
});
