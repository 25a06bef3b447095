import { decodeId, type ProspectBusiness, type SalesContainer } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRoute, fakeApi, reply, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { NewProspect } from './new-prospect';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const found: ProspectBusiness = {
  placeId: 'ChIJzilker-plumbing',
  name: 'Zilker Plumbing',
  address: '1801 S Lamar Blvd, Austin, TX 78704',
  phone: null,
  website: 'https://zilkerplumbing.example',
  rating: 4.8,
  reviewCount: 311,
  lat: 30.2517,
  lng: -97.7667,
};

/** The workspace the server makes of the business picked. */
const created = (business: ProspectBusiness): SalesContainer => ({
  id: 731,
  companyId: 9311,
  name: business.name,
  stage: 'prospecting',
  ownerId: 12,
  ownerName: 'Dana Staff',
  placeId: business.placeId,
  address: business.address,
  phone: business.phone,
  website: business.website,
  category: null,
  lat: business.lat,
  lng: business.lng,
  keywords: [],
  grid: { size: 7, radius: 2, unit: 'mi' },
  notes: '',
  rating: business.rating,
  reviewCount: business.reviewCount,
  listings: null,
  pageSpeed: null,
  createdAt: '2026-11-29T13:00:00.000Z',
  updatedAt: '2026-11-29T13:00:00.000Z',
  convertedAt: null,
});

function server(create: FakeRoute = () => reply(201, created(found))) {
  return fakeApi({
    'GET /api/places/search': () => ({
      places: [
        { place_id: 'austin-tx', place_type: 'City', full_name: 'Austin, TX, United States' },
      ],
    }),
    'GET /api/sales/places/search': () => ({
      near: { name: 'Austin, TX', lat: 30.2672, lng: -97.7431 },
      businesses: [found],
    }),
    'POST /api/sales/containers': create,
  });
}

async function findZilker() {
  fireEvent.change(await screen.findByLabelText('Business name or trade'), {
    target: { value: 'plumber' },
  });
  fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Austin' } });
  // The city search waits for typing to pause, then lists the cities to pick from.
  expect(await screen.findByLabelText('Austin, TX, United States')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Find businesses' }));
  return screen.findByRole('button', { name: 'Open a workspace for Zilker Plumbing' });
}

describe('New prospect', () => {
  it('opens a workspace for the business picked, with what the search knew of it', async () => {
    const api = server();
    const { router } = renderWithApp(<NewProspect />, {
      path: '/dashboard/employee/omg-power-tool',
    });
    fireEvent.click(await findZilker());
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(/^\/dashboard\/employee\/omg-power-tool\/.+/),
    );
    expect(decodeId(router.state.location.pathname.split('/').at(-1))).toBe(731);
    // Unknown details are left out rather than sent as null.
    expect(api.calls.find((c) => c.method === 'POST')?.data).toEqual({
      business: {
        placeId: 'ChIJzilker-plumbing',
        name: 'Zilker Plumbing',
        address: '1801 S Lamar Blvd, Austin, TX 78704',
        website: 'https://zilkerplumbing.example',
        lat: 30.2517,
        lng: -97.7667,
        rating: 4.8,
        reviewCount: 311,
      },
    });
  });

  it('says why the workspace could not be opened, and stays', async () => {
    server(() => replyError(409, 'CONFLICT', 'Zilker Plumbing is already a client.'));
    const { router } = renderWithApp(<NewProspect />, {
      path: '/dashboard/employee/omg-power-tool',
    });
    fireEvent.click(await findZilker());
    expect(
      await screen.findByText(
        'This business could not be opened: Zilker Plumbing is already a client.',
      ),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/employee/omg-power-tool');
  });
});
