import type { Photo, PhotoList } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, type FakeRoute, fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { PhotoGallery } from './photo-gallery';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const photo = (id: number, category: string, extra: Partial<Photo> = {}): Photo => ({
  id,
  category,
  description: '',
  state: 'live',
  failureReason: null,
  width: 1600,
  height: 1200,
  views: 1_240,
  takenAt: '2026-10-02T15:00:00.000Z',
  imageId: 5_500 + id,
  imageUrl: `/api/uni/client/4/images/${5_500 + id}`,
  thumbnailUrl: `/api/uni/client/4/images/${5_500 + id}?size=thumb`,
  vendorUrl: null,
  ...extra,
});

const PHOTOS = [
  photo(901, 'EXTERIOR', { description: 'Front entrance on South Lamar' }),
  photo(902, 'INTERIOR', {
    state: 'failed',
    failureReason: 'Google refused the photo: it is smaller than 250 × 250 px.',
    views: null,
  }),
  photo(903, 'TEAM', {
    description: 'Dr. Patel and the team',
    imageId: null,
    imageUrl: null,
    thumbnailUrl: null,
    vendorUrl: 'https://lh3.googleusercontent.com/p/AF1QipN2team',
    views: null,
  }),
];

const connection = {
  id: 301,
  companyId: 4,
  vendor: 'google-business-profile' as const,
  displayName: 'Harbor Smiles Orthodontics – South Lamar',
  status: 'connected' as const,
  lastSyncedAt: '2026-11-29T08:00:00.000Z',
  externalAccount: null,
  lastError: null,
  hasSecrets: true,
  syncs: [],
};

function gallery(request: FakeRequest, extra: Partial<PhotoList> = {}): PhotoList {
  const category = request.query.get('category');
  const items = PHOTOS.filter((p) => !category || p.category === category);
  return {
    items,
    total: category ? items.length : 30,
    page: Number(request.query.get('page')),
    pageSize: Number(request.query.get('pageSize')),
    categoryCounts: { EXTERIOR: 18, INTERIOR: 9, TEAM: 3 },
    connections: [connection],
    readOnly: false,
    ...extra,
  };
}

function serve(routes: Record<string, FakeRoute> = {}) {
  return fakeApi({
    'GET /api/uni/products/googlephotos/:productId': (r) => gallery(r),
    'POST /api/uni/products/googlephotos/:productId/:photoId/delete': ({ params }) =>
      photo(Number(params.photoId), 'EXTERIOR', { state: 'deleting' }),
    'POST /api/uni/products/googlephotos/:productId/upload': () =>
      photo(905, 'INTERIOR', { state: 'uploading' }),
    ...routes,
  });
}

const show = () => renderWithApp(<PhotoGallery productId={21} />);
const gets = (api: ReturnType<typeof serve>) =>
  api.calls.filter((c) => c.method === 'GET').map((c) => Object.fromEntries(c.query.entries()));
const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'lobby.png', { type: 'image/png' });

describe('PhotoGallery', () => {
  it('shows the categories with their counts, and each photo’s state', async () => {
    const api = serve();
    show();
    const photos = await screen.findAllByTestId('photo');
    expect(gets(api)[0]).toEqual({ page: '1', pageSize: '24' });
    expect(
      screen.getByText(/^Last synced .* from the Business Profile “Harbor Smiles/),
    ).toBeTruthy();
    const pills = within(screen.getByRole('list', { name: 'Photo categories' })).getAllByRole(
      'button',
    );
    expect(pills.map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['All (30)', 'true'],
      ['Exterior (18)', 'false'],
      ['Interior (9)', 'false'],
      ['Team (3)', 'false'],
    ]);
    expect(photos.map((p) => within(p).getByTestId('photo-state').textContent)).toEqual([
      'Live',
      'Failed',
      'Live',
    ]);
    expect(photos[1]?.textContent).toContain(
      'Google refused the photo: it is smaller than 250 × 250 px.',
    );
    expect(photos[2]?.textContent).toContain('Held by Google');
    expect(
      screen.getByRole('button', { name: 'Open exterior photo: Front entrance on South Lamar' }),
    ).toBeTruthy();
    // Only a live photo can be deleted.
    expect(
      photos.map((p) => within(p).queryByRole('button', { name: /^Delete/ }) !== null),
    ).toEqual([true, false, true]);
  });

  it('shows one category from its first page', async () => {
    const api = serve();
    show();
    const pages = await screen.findByRole('navigation', { name: 'Pages of photos' });
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(gets(api).at(-1)?.page).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: 'Exterior (18)' }));
    await waitFor(() => expect(screen.getAllByTestId('photo')).toHaveLength(1));
    expect(gets(api).at(-1)).toEqual({ page: '1', pageSize: '24', category: 'EXTERIOR' });
    expect(screen.getByRole('button', { name: 'Exterior (18)' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('deletes a live photo once the person confirms', async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const api = serve();
    show();
    const [first] = await screen.findAllByTestId('photo');
    const remove = within(first as HTMLElement).getByRole('button', {
      name: /^Delete\s*exterior photo 901$/,
    });
    fireEvent.click(remove);
    expect(confirm).toHaveBeenCalledWith('Delete this photo from the Business Profile?');
    confirm.mockReturnValue(true);
    fireEvent.click(remove);
    // The gallery is read again once the delete is stored; the refused click sent nothing.
    await waitFor(() => expect(gets(api)).toHaveLength(2));
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    const sent = api.calls.find((c) => c.method === 'POST');
    expect([sent?.path, sent?.data]).toEqual([
      '/api/uni/products/googlephotos/21/901/delete',
      { idempotencyKey: expect.stringMatching(/^901-\d+$/) },
    ]);
  });

  it('shows the listings’ photos without offering to change them', async () => {
    serve({
      'GET /api/uni/products/googlephotos/:productId': (r) => gallery(r, { readOnly: true }),
    });
    show();
    expect(
      await screen.findByText(/They are managed on the Google Business Profile product\./),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a photo' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('checks the picture before uploading it, then sends it as base64 and closes the form', async () => {
    const api = serve();
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a photo' }));
    const form = screen.getByRole('form', { name: 'Add a photo' });
    const upload = () => fireEvent.click(within(form).getByRole('button', { name: 'Upload' }));
    const pick = (file: File) =>
      fireEvent.change(within(form).getByLabelText(/^Picture/), { target: { files: [file] } });

    upload();
    expect(await within(form).findByText('Choose a picture.')).toBeTruthy();
    pick(new File(['GIF89a'], 'smile.gif', { type: 'image/gif' }));
    upload();
    expect(await within(form).findByText('Choose a JPEG, PNG or WebP image.')).toBeTruthy();
    const big = png();
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    pick(big);
    upload();
    expect(await within(form).findByText('The image is larger than 10 MB.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Category'), { target: { value: 'INTERIOR' } });
    fireEvent.change(within(form).getByLabelText('Caption (optional)'), {
      target: { value: 'The new lobby' },
    });
    pick(png());
    upload();
    expect(await screen.findByRole('button', { name: 'Add a photo' })).toBeTruthy();
    const [url, init] = vi
      .mocked(fetch)
      .mock.calls.find(([target]) => String(target).endsWith('/upload')) as [string, RequestInit];
    expect(url).toBe('/api/uni/products/googlephotos/21/upload');
    expect(JSON.parse(String(init.body))).toEqual({
      category: 'INTERIOR',
      description: 'The new lobby',
      fileName: 'lobby.png',
      contentType: 'image/png',
      dataBase64: 'iVBORw==',
      idempotencyKey: expect.stringMatching(/^.{8,100}$/),
    });
  });

  it('keeps the form open with the server’s reason when the upload is refused', async () => {
    serve({
      'POST /api/uni/products/googlephotos/:productId/upload': () =>
        replyError(413, 'PAYLOAD_TOO_LARGE', 'The image is larger than 10 MB.'),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a photo' }));
    const form = screen.getByRole('form', { name: 'Add a photo' });
    fireEvent.change(within(form).getByLabelText(/^Picture/), { target: { files: [png()] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(await within(form).findByText('The image is larger than 10 MB.')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Add a photo' })).toBeTruthy();
  });

  it('opens a photo large, and moves to the next and previous ones', async () => {
    serve();
    show();
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Open exterior photo: Front entrance on South Lamar',
      }),
    );
    const viewer = await screen.findByRole('dialog', { name: 'Exterior · 1 of 3' });
    expect(
      within(viewer)
        .getByRole('img', { name: 'Front entrance on South Lamar' })
        .getAttribute('src'),
    ).toBe('/api/uni/client/4/images/6401');
    expect(viewer.textContent).toMatch(/1,240 views/);
    expect(within(viewer).getByRole('button', { name: 'Previous' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(await screen.findByRole('dialog', { name: 'Interior · 2 of 3' })).toBeTruthy();
    expect(screen.getByRole('dialog').textContent).toMatch(/views not given/);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Next' }));
    const team = await screen.findByRole('dialog', { name: 'Team · 3 of 3' });
    expect(team.textContent).toContain('Google holds this picture; it has no copy here.');
    expect(within(team).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(await screen.findByRole('dialog', { name: 'Interior · 2 of 3' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close the photo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows why the photos could not be loaded', async () => {
    serve({
      'GET /api/uni/products/googlephotos/:productId': () =>
        replyError(403, 'FORBIDDEN', 'These photos belong to another client.'),
    });
    show();
    expect(await screen.findByText('These photos belong to another client.')).toBeTruthy();
  });
});
