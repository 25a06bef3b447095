import { decodeId, type Post, type PostList } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, type FakeRoute, fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import type { PostScope } from '../api/post-scope';
import { PostsDashboard } from './posts-dashboard';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const post = (id: number, overrides: Partial<Post>): Post => ({
  id,
  productId: 21,
  productSlug: 'google-business-pro',
  source: 'google',
  topicType: 'STANDARD',
  summary: 'Free Invisalign consultations all December.',
  ctaType: null,
  ctaUrl: null,
  event: null,
  offer: null,
  imageId: null,
  imageUrl: null,
  mediaUrl: null,
  state: 'published',
  scheduledFor: null,
  scheduledForLocal: null,
  publishedAt: '2026-11-24T15:30:00.000Z',
  failureReason: null,
  declineComment: null,
  searchUrl: null,
  views: 312,
  clicks: 18,
  createdBy: 'Sam Staff',
  createdAt: '2026-11-23T20:05:00.000Z',
  updatedAt: '2026-11-24T15:30:00.000Z',
  editable: false,
  ...overrides,
});

const POSTS = [
  post(4_401, {}),
  post(4_402, {
    topicType: 'OFFER',
    summary: 'Whitening for $199 through New Year’s Eve.',
    state: 'scheduled',
    publishedAt: null,
    scheduledFor: '2026-12-04T15:00:00.000Z',
    scheduledForLocal: '2026-12-04T09:00',
    views: null,
    clicks: null,
    editable: true,
  }),
  post(4_403, {
    topicType: 'EVENT',
    summary: 'Open house for new patients.',
    state: 'failed',
    publishedAt: null,
    failureReason: 'Google refused the event: it ends in the past.',
    views: null,
    clicks: null,
    editable: true,
  }),
  post(4_404, {
    summary: 'Holiday hours: closed Dec 24–26.',
    state: 'declined',
    publishedAt: null,
    declineComment: 'Please use the photo of the new lobby.',
    views: null,
    clicks: null,
    editable: true,
  }),
  post(4_405, { summary: '', state: 'deleted' }),
];

const connection = {
  id: 301,
  companyId: 4,
  vendor: 'google-business-profile' as const,
  displayName: 'Harbor Smiles Orthodontics – South Lamar',
  status: 'needs_attention' as const,
  lastSyncedAt: null,
  externalAccount: null,
  lastError: null,
  hasSecrets: true,
  syncs: [],
};

function list(request: FakeRequest, items = POSTS, total = items.length): PostList {
  return {
    items,
    total,
    page: Number(request.query.get('page')),
    pageSize: 20,
    stateCounts: { published: 12, scheduled: 1, failed: 1, declined: 1, deleted: 2 },
    timeZone: 'America/Chicago',
    approvalRequired: false,
    connections: [connection],
  };
}

const GOOGLE: PostScope = { kind: 'product', productId: 21, source: 'google' };

function serve(routes: Record<string, FakeRoute> = {}) {
  return fakeApi({
    'GET /api/uni/products/socialposts/:productId': (r) => list(r),
    'POST /api/uni/products/socialposts/:productId': ({ data }) =>
      post(4_406, { summary: String(data.summary), state: 'publishing', publishedAt: null }),
    'POST /api/uni/products/socialposts/:productId/:postId/delete': ({ params }) =>
      post(Number(params.postId), { state: 'deleted' }),
    ...routes,
  });
}

const show = (scope: PostScope = GOOGLE) =>
  renderWithApp(<PostsDashboard scope={scope} companyId={4} />);
const gets = (api: ReturnType<typeof serve>) =>
  api.calls.filter((c) => c.method === 'GET').map((c) => Object.fromEntries(c.query.entries()));
const rowOf = (text: string) =>
  screen
    .getAllByTestId('post-row')
    .find((r) => r.textContent?.includes(text)) as HTMLTableRowElement;

describe('PostsDashboard', () => {
  it('lists the posts with their kind, state, date and figures, and what may be done to each', async () => {
    const api = serve();
    show();
    const rows = await screen.findAllByTestId('post-row');
    expect(api.calls[0]?.path).toBe('/api/uni/products/socialposts/21');
    expect(screen.getByRole('list', { name: 'Data freshness' }).textContent).toBe(
      'Needs attention: reconnect the Google Business Profile “Harbor Smiles Orthodontics – South Lamar” — not synced yet',
    );
    const cells = (row: HTMLTableRowElement) =>
      [...row.cells].slice(0, 6).map((c) => c.textContent);
    expect(rows.map((r) => cells(r as HTMLTableRowElement))).toEqual([
      [
        'Free Invisalign consultations all December.',
        'Update',
        'Published',
        'Nov 24, 2026, 9:30 AM',
        '312',
        '18',
      ],
      [
        'Whitening for $199 through New Year’s Eve.',
        'Offer',
        'Scheduled',
        'For Dec 4, 2026, 9:00 AM',
        '—',
        '—',
      ],
      [
        'Open house for new patients.Failed: Google refused the event: it ends in the past.',
        'Event',
        'Failed',
        'Written Nov 23, 2026, 2:05 PM',
        '—',
        '—',
      ],
      [
        'Holiday hours: closed Dec 24–26.Declined: “Please use the photo of the new lobby.”',
        'Update',
        'Declined',
        'Written Nov 23, 2026, 2:05 PM',
        '—',
        '—',
      ],
      ['(no text)', 'Update', 'Deleted', 'Nov 24, 2026, 9:30 AM', '312', '18'],
    ]);
    const href = within(rowOf('Whitening')).getByRole('link').getAttribute('href') ?? '';
    const [, slug, , product, postId] = href.split('/').slice(2);
    expect([slug, decodeId(product), decodeId(postId)]).toEqual(['google-business-pro', 21, 4_402]);
    // Edit where the server allows it; delete whatever is not deleted yet.
    const actions = (row: HTMLTableRowElement) =>
      within(row)
        .queryAllByRole('button')
        .map((b) => b.textContent?.split(' ')[0]);
    expect(rows.map((r) => actions(r as HTMLTableRowElement).join('+'))).toEqual([
      'Delete',
      'Edit+Delete',
      'Edit+Delete',
      'Edit+Delete',
      '',
    ]);
    expect(
      [...(screen.getByLabelText('State') as HTMLSelectElement).options].map((o) => o.text),
    ).toContain('Published (12)');
  });

  it('filters by state, kind and text from the first page, and pages through the rest', async () => {
    const api = serve({
      'GET /api/uni/products/socialposts/:productId': (r) => list(r, POSTS, 45),
    });
    show();
    const pages = await screen.findByRole('navigation', { name: 'Pages of posts' });
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(gets(api).at(-1)?.page).toBe('2'));
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'scheduled' } });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'OFFER' } });
    fireEvent.change(screen.getByLabelText("Search the posts' text"), {
      target: { value: ' whitening ' },
    });
    await waitFor(() =>
      expect(gets(api).at(-1)).toEqual({
        page: '1',
        pageSize: '20',
        state: 'scheduled',
        topic: 'OFFER',
        q: 'whitening',
      }),
    );
  });

  it('tells no posts at all from filters that match none', async () => {
    serve({ 'GET /api/uni/products/socialposts/:productId': (r) => list(r, []) });
    show();
    expect(await screen.findByText('No posts yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'failed' } });
    expect(await screen.findByText('No posts match these filters.')).toBeTruthy();
  });

  // Filters changed and set back are no filters: an empty list says "No posts yet." again.
  it('says "No posts yet." again once the filters are cleared', async () => {
    serve({ 'GET /api/uni/products/socialposts/:productId': (r) => list(r, []) });
    show();
    await screen.findByText('No posts yet.');
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'failed' } });
    await screen.findByText('No posts match these filters.');
    fireEvent.change(screen.getByLabelText('State'), { target: { value: '' } });
    expect(await screen.findByText('No posts yet.')).toBeTruthy();
  });

  it('deletes a post once the person confirms, and says so', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const api = serve();
    show();
    await screen.findAllByTestId('post-row');
    fireEvent.click(within(rowOf('Whitening')).getByRole('button', { name: /^Delete/ }));
    expect((await screen.findByRole('status')).textContent).toContain('The post is being deleted.');
    const sent = api.calls.find((c) => c.path.endsWith('/delete'));
    expect([sent?.path, sent?.data]).toEqual([
      '/api/uni/products/socialposts/21/4402/delete',
      { idempotencyKey: expect.stringMatching(/^[\w-]{8,100}$/) },
    ]);
  });

  it('composes a new post and says where it went', async () => {
    serve();
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'New post' }));
    fireEvent.change(screen.getByLabelText('Text'), {
      target: { value: 'Happy Thanksgiving from our team!' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect((await screen.findByRole('status')).textContent).toContain('The post is on its way.');
    expect(screen.queryByRole('form', { name: 'New post' })).toBeNull();
  });

  it('shows a company’s posts of every product, without changing them', async () => {
    const api = fakeApi({ 'GET /api/uni/products/socialposts/company/:companyId': (r) => list(r) });
    show({ kind: 'company', companyId: 4 });
    await screen.findAllByTestId('post-row');
    expect(api.calls[0]?.path).toBe('/api/uni/products/socialposts/company/4');
    expect(screen.queryByRole('button', { name: 'New post' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete)/ })).toBeNull();
  });

  it('shows why the posts could not be loaded', async () => {
    serve({
      'GET /api/uni/products/socialposts/:productId': () =>
        replyError(
          503,
          'SERVICE_UNAVAILABLE',
          'Posts are being synced from Google; try again soon.',
        ),
    });
    show();
    expect(
      await screen.findByText('Posts are being synced from Google; try again soon.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New post' })).toBeNull();
  });
});
