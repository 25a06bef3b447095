import {
  formatInstantDateTime,
  type InsiteBlogDetail,
  type InsiteBlogRow,
} from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { InsiteBlogs } from './insite-blogs';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (over: Partial<InsiteBlogRow>): InsiteBlogRow => ({
  id: 1,
  company_id: 42,
  company_name: 'Ruiz Family Plumbing',
  title: 'Five signs your water heater is failing',
  state: 'draft',
  scheduled_for: null,
  published_at: null,
  author: 'Priya Shah',
  updated_at: '2026-03-18T16:00:00.000Z',
  ...over,
});

const POSTS: InsiteBlogRow[] = [
  row({ id: 14, state: 'in_review', title: 'Spring AC tune-up checklist', author: null }),
  row({
    id: 13,
    state: 'scheduled',
    title: 'Why your gums bleed when you floss',
    company_id: 11,
    company_name: 'Bright Smile Dental',
    scheduled_for: '2026-03-25T14:00:00.000Z',
  }),
  row({ id: 12, state: 'published', published_at: '2026-03-02T15:30:00.000Z' }),
];

function blogList({ query }: FakeRequest) {
  const items = POSTS.filter(
    (p) =>
      (!query.get('state') || p.state === query.get('state')) &&
      (!query.get('companyId') || p.company_id === Number(query.get('companyId'))),
  );
  return {
    items,
    total: items.length,
    counts: { draft: 0, in_review: 1, scheduled: 1, published: 1 },
    companies: [
      { id: 11, name: 'Bright Smile Dental' },
      { id: 42, name: 'Ruiz Family Plumbing' },
    ],
  };
}

const detail = (post: InsiteBlogRow): InsiteBlogDetail => ({
  ...post,
  body: '# Is your AC ready?\nTexas summers are long.\n\n- Replace the **filter**\n- Clear the drain line',
});

const queryOf = (call: FakeRequest | undefined) => Object.fromEntries(call?.query ?? []);

describe('InsiteBlogs', () => {
  it('counts posts per state, lists them with when they go out, and filters by state and company', async () => {
    const api = fakeApi({ 'GET /api/uni/dev/insite-blogs': blogList });
    renderWithApp(<InsiteBlogs />);
    const counts = await screen.findByRole('list', { name: 'Posts per state' });
    expect(within(counts).getByTestId('blog-count-draft').textContent).toBe('0');
    expect(within(counts).getByTestId('blog-count-in_review').textContent).toBe('1');
    expect(queryOf(api.calls[0])).toEqual({ page: '1', pageSize: '20' });

    const rows = screen.getAllByTestId('blog-row');
    const cells = (i: number) =>
      within(rows[i] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(0)).toEqual([
      'Spring AC tune-up checklist',
      'Ruiz Family Plumbing',
      'In review',
      `Updated ${formatInstantDateTime('2026-03-18T16:00:00.000Z')}`,
      '–',
    ]);
    expect(cells(1)[3]).toBe(`Goes out ${formatInstantDateTime('2026-03-25T14:00:00.000Z')}`);
    expect(cells(2)[3]).toBe(`Published ${formatInstantDateTime('2026-03-02T15:30:00.000Z')}`);

    fireEvent.change(screen.getByLabelText('Company'), { target: { value: '11' } });
    await waitFor(() => expect(screen.getAllByTestId('blog-row')).toHaveLength(1));
    expect(queryOf(api.calls.at(-1))).toEqual({ page: '1', pageSize: '20', companyId: '11' });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'published' } });
    expect(await screen.findByText('No blog posts match these filters.')).toBeTruthy();
    expect(queryOf(api.calls.at(-1))).toEqual({
      page: '1',
      pageSize: '20',
      state: 'published',
      companyId: '11',
    });
    fireEvent.change(screen.getByLabelText('Company'), { target: { value: '' } });
    await waitFor(() => expect(screen.getAllByTestId('blog-row')).toHaveLength(1));
    expect(queryOf(api.calls.at(-1))).toEqual({ page: '1', pageSize: '20', state: 'published' });
  });

  it('previews a post in review and schedules it for the chosen local time', async () => {
    const post = POSTS[0] as InsiteBlogRow;
    const api = fakeApi({
      'GET /api/uni/dev/insite-blogs': blogList,
      'GET /api/uni/dev/insite-blogs/:postId': () => detail(post),
      'POST /api/uni/dev/insite-blogs/:postId/state': ({ data }) =>
        detail({ ...post, state: 'scheduled', scheduled_for: String(data.scheduled_for) }),
    });
    renderWithApp(<InsiteBlogs />);
    fireEvent.click(await screen.findByRole('button', { name: 'Spring AC tune-up checklist' }));
    const preview = await screen.findByTestId('blog-preview');
    expect(within(preview).getByRole('heading', { name: 'Is your AC ready?' })).toBeTruthy();
    expect(within(preview).getByText('filter').tagName).toBe('STRONG');
    const moves = within(preview).getByRole('region', { name: 'Move the post' });
    expect(
      within(moves)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Back to draft', 'Schedule', 'Publish now']);
    fireEvent.change(within(moves).getByLabelText('Publish at (your time)'), {
      target: { value: '2026-04-02T09:30' },
    });
    fireEvent.click(within(moves).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const move = api.calls.find((c) => c.method === 'POST');
    expect(move?.path).toBe('/api/uni/dev/insite-blogs/14/state');
    expect(move?.data).toEqual({
      from: 'in_review',
      to: 'scheduled',
      scheduled_for: new Date(2026, 3, 2, 9, 30).toISOString(),
    });
    // The lists are read again after a move.
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === '/api/uni/dev/insite-blogs').length).toBe(2),
    );
  });

  it('says when someone moved the post first, and offers no move for a published one', async () => {
    fakeApi({
      'GET /api/uni/dev/insite-blogs': blogList,
      'GET /api/uni/dev/insite-blogs/:postId': ({ params }) =>
        detail(POSTS.find((p) => p.id === Number(params.postId)) as InsiteBlogRow),
      'POST /api/uni/dev/insite-blogs/:postId/state': () =>
        replyError(409, 'CONFLICT', 'This post was published by someone else meanwhile.'),
    });
    renderWithApp(<InsiteBlogs />);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Why your gums bleed when you floss' }),
    );
    const preview = await screen.findByTestId('blog-preview');
    fireEvent.click(within(preview).getByRole('button', { name: 'Publish now' }));
    const stale = await within(preview).findByText(
      'This post was published by someone else meanwhile.',
    );
    expect(stale.className).toContain('alert-warning');

    fireEvent.click(screen.getByRole('button', { name: 'Close the preview' }));
    fireEvent.click(
      screen.getByRole('button', { name: 'Five signs your water heater is failing' }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('blog-preview').textContent).toContain(
        'Ruiz Family Plumbing · Published',
      ),
    );
    expect(screen.queryByRole('region', { name: 'Move the post' })).toBeNull();
  });
});
