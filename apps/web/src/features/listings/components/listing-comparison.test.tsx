import type {
  ListingComparison as Comparison,
  ListingField,
  ListingPush,
} from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRoute, fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { ListingComparison } from './listing-comparison';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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

const listing: Comparison = {
  productId: 21,
  companyId: 4,
  connection,
  syncedAt: '2026-11-29T08:00:00.000Z',
  fields: [
    {
      field: 'title',
      label: 'Business name',
      google: ['Harbor Smiles Orthodontics'],
      ours: ['Harbor Smiles Orthodontics'],
      status: 'match',
      changedOnGoogle: false,
    },
    {
      field: 'phone',
      label: 'Phone',
      google: ['(512) 555-0100'],
      ours: ['(512) 555-0134'],
      status: 'differs',
      changedOnGoogle: true,
    },
    {
      field: 'website',
      label: 'Website',
      google: [],
      ours: ['https://harborsmiles.example.com'],
      status: 'missing_on_google',
      changedOnGoogle: false,
    },
    {
      field: 'regularHours',
      label: 'Opening hours',
      google: ['Monday: 8:00 AM – 5:00 PM', 'Saturday: 9:00 AM – 1:00 PM'],
      ours: [],
      status: 'missing_here',
      changedOnGoogle: false,
    },
  ],
  changedFields: ['phone'],
  lastPush: null,
};

const push = (status: ListingPush['status'], error: string | null = null): ListingPush => ({
  status,
  fields: ['phone', 'website'],
  error,
  createdAt: '2026-11-29T09:00:00.000Z',
  sentAt: status === 'sent' ? '2026-11-29T09:01:00.000Z' : null,
});

/** The listing as the server keeps it: each action answers, and later reads give, its result. */
function serve(routes: Record<string, FakeRoute> = {}, initial: Comparison = listing) {
  let state = initial;
  const keep = (next: Comparison) => {
    state = next;
    return next;
  };
  return fakeApi({
    'GET /api/uni/products/listings/:productId': () => state,
    'POST /api/uni/products/listings/:productId/push': ({ data }) =>
      keep({ ...state, lastPush: { ...push('pending'), fields: data.fields as ListingField[] } }),
    'POST /api/uni/products/listings/:productId/accept': () => state,
    'POST /api/uni/products/listings/:productId/seen': () => keep({ ...state, changedFields: [] }),
    ...routes,
  });
}

const show = () => renderWithApp(<ListingComparison productId={21} />);
const row = (field: string) =>
  screen
    .getAllByTestId('listing-field')
    .find((r) => r.getAttribute('data-field') === field) as HTMLElement;
const box = (label: string) =>
  screen.getByRole('checkbox', { name: `Push ${label}` }) as HTMLInputElement;
const pushButton = () => screen.getByRole('button', { name: /^(Push our data|Sending…)$/ });
const posted = (api: ReturnType<typeof serve>, action: string) =>
  api.calls.filter((c) => c.path.endsWith(`/${action}`)).map((c) => c.data);

describe('ListingComparison', () => {
  it('puts Google’s values beside ours and marks each difference in words', async () => {
    serve();
    show();
    await screen.findAllByTestId('listing-field');
    expect(
      screen.getByText(/^Last synced .+ from the Business Profile “Harbor Smiles/),
    ).toBeTruthy();
    expect(screen.getByText('3 of 4 fields differ between Google and Pinpoint.')).toBeTruthy();
    expect(screen.getByTestId('listing-changed-alert').textContent).toBe(
      'Google changed these fields on its side since you last looked: Phone.',
    );
    expect(screen.getAllByTestId('listing-field-status').map((b) => b.textContent)).toEqual([
      'Matches',
      'Differs',
      'Missing on Google',
      'Missing in Pinpoint',
    ]);
    expect(within(row('phone')).getByText('Changed on Google')).toBeTruthy();
    expect(within(row('website')).getByText('Not on Google')).toBeTruthy();
    expect(within(row('regularHours')).getByText('Not in Pinpoint')).toBeTruthy();
    expect(
      within(row('regularHours'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Monday: 8:00 AM – 5:00 PM', 'Saturday: 9:00 AM – 1:00 PM']);
    expect(screen.getByTestId('listing-push-status').textContent).toBe('Nothing pushed yet.');
  });

  it('chooses the fields Google lacks or shows differently, and pushes what the person chose', async () => {
    const api = serve();
    show();
    await screen.findAllByTestId('listing-field');
    expect(
      [box('Business name'), box('Phone'), box('Website'), box('Opening hours')].map(
        (b) => b.checked,
      ),
    ).toEqual([false, true, true, false]);
    // Nothing of ours to send for a field Pinpoint lacks.
    expect(box('Opening hours').disabled).toBe(true);
    expect(screen.getByText('2 fields chosen.')).toBeTruthy();

    fireEvent.click(box('Phone'));
    fireEvent.click(box('Business name'));
    expect(screen.getByText('2 fields chosen.')).toBeTruthy();
    fireEvent.click(pushButton());
    expect((await screen.findByText(/^Sending… \(/)).textContent).toBe(
      'Sending… (website, business name)',
    );
    expect(pushButton()).toHaveProperty('disabled', true);
    expect(posted(api, 'push')).toEqual([
      { fields: ['website', 'title'], idempotencyKey: expect.stringMatching(/^[\w-]{8,}$/) },
    ]);
  });

  it('asks for a choice before pushing nothing', async () => {
    serve();
    show();
    await screen.findAllByTestId('listing-field');
    fireEvent.click(box('Phone'));
    fireEvent.click(box('Website'));
    expect(screen.getByText('Choose the fields to send to Google.')).toBeTruthy();
    expect(pushButton()).toHaveProperty('disabled', true);
  });

  it('takes Google’s value of one field, and acknowledges Google’s changes', async () => {
    const api = serve();
    show();
    await screen.findAllByTestId('listing-field');
    // Offered where Google has a value that is not ours already.
    expect(
      screen.getAllByRole('button', { name: /^Accept Google's/ }).map((b) => b.textContent),
    ).toEqual(["Accept Google's phone", "Accept Google's opening hours"]);
    // jsdom's accessible name drops the space that starts the visually hidden field name.
    fireEvent.click(screen.getByRole('button', { name: /^Accept Google's\s*phone$/ }));
    await waitFor(() => expect(posted(api, 'accept')).toEqual([{ fields: ['phone'] }]));

    fireEvent.click(screen.getByRole('button', { name: 'Mark as seen' }));
    await waitFor(() => expect(screen.queryByTestId('listing-changed-alert')).toBeNull());
    expect(posted(api, 'seen')).toEqual([{}]);
  });

  it('says how the last push went, with Google’s reason for a refusal', async () => {
    serve({}, { ...listing, lastPush: push('failed', 'Google refused the phone number.') });
    show();
    expect((await screen.findByTestId('listing-push-status')).textContent).toBe(
      'Failed: Google refused the phone number. (phone, website)',
    );
    cleanup();

    serve({}, { ...listing, lastPush: push('failed') });
    show();
    expect((await screen.findByTestId('listing-push-status')).textContent).toBe(
      'Failed: Google refused it. (phone, website)',
    );
    cleanup();

    serve({}, { ...listing, lastPush: push('sent') });
    show();
    expect((await screen.findByTestId('listing-push-status')).textContent).toMatch(
      /^Sent to Google .*2026.* \(phone, website\)$/,
    );
  });

  it('shows why an action was refused', async () => {
    serve({
      'POST /api/uni/products/listings/:productId/push': () =>
        replyError(409, 'CONFLICT', 'A push is already on its way.'),
    });
    show();
    await screen.findAllByTestId('listing-field');
    fireEvent.click(pushButton());
    expect(await screen.findByText('A push is already on its way.')).toBeTruthy();
  });

  it('says when everything matches', async () => {
    serve(
      {},
      {
        ...listing,
        changedFields: [],
        fields: listing.fields.map((f) => ({ ...f, google: f.ours, status: 'match' as const })),
      },
    );
    show();
    expect(
      await screen.findByText('Google’s listing matches your profile in Pinpoint.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('listing-changed-alert')).toBeNull();
    expect(pushButton()).toHaveProperty('disabled', true);
  });

  it('explains a missing connection, a listing not synced yet, and one needing attention', async () => {
    serve({}, { ...listing, connection: null, fields: [], changedFields: [] });
    show();
    expect(await screen.findByText(/^No Business Profile connected/)).toBeTruthy();
    cleanup();

    serve(
      {},
      {
        ...listing,
        connection: { ...connection, status: 'needs_attention', lastSyncedAt: null },
        fields: [],
        changedFields: [],
      },
    );
    show();
    expect(await screen.findByText(/has not been synced yet/)).toBeTruthy();
    expect(
      screen.getByText(
        'Needs attention: reconnect the Business Profile. Not synced yet from the Business Profile “Harbor Smiles Orthodontics – South Lamar”.',
      ),
    ).toBeTruthy();
  });

  it('shows why the listing could not be loaded', async () => {
    serve({
      'GET /api/uni/products/listings/:productId': () =>
        replyError(403, 'FORBIDDEN', 'This listing belongs to another client.'),
    });
    show();
    expect(await screen.findByText('This listing belongs to another client.')).toBeTruthy();
  });
});
