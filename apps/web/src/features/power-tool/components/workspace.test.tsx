import { decodeId, type SalesContainer, type SalesData } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRoute, fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { Workspace } from './workspace';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const container: SalesContainer = {
  id: 204,
  companyId: 9120,
  name: 'Bluebonnet Family Dentistry',
  stage: 'shared',
  ownerId: 12,
  ownerName: 'Dana Staff',
  placeId: 'ChIJbluebonnet-dentistry',
  address: '4410 Burnet Rd, Austin, TX 78756',
  phone: '(512) 555-0142',
  website: 'https://bluebonnetdentistry.example/',
  category: 'Dentist',
  lat: 30.3198,
  lng: -97.7389,
  keywords: ['dentist near me'],
  grid: { size: 5, radius: 2, unit: 'mi' },
  notes: '',
  rating: 4.6,
  reviewCount: 212,
  listings: null,
  pageSpeed: null,
  createdAt: '2026-11-02T15:00:00.000Z',
  updatedAt: '2026-11-27T17:00:00.000Z',
  convertedAt: null,
};

const data = (over: Partial<SalesContainer> = {}): SalesData => ({
  container: { ...container, ...over },
  grids: [],
  competitors: [],
  recommendations: [],
});

function server(answer: FakeRoute, routes: Record<string, FakeRoute> = {}) {
  return fakeApi({
    'GET /api/sales/data/:id': answer,
    'GET /api/sales/history/:id': () => ({ containerId: 204, runs: [] }),
    ...routes,
  });
}

describe('a prospect workspace', () => {
  it('says when it does not exist or is not the caller’s, and when it failed to load', async () => {
    const gone = server(() => replyError(404, 'NOT_FOUND', 'No such workspace.'));
    const { unmount } = renderWithApp(<Workspace containerId={204} />);
    expect(
      await screen.findByText(/This workspace does not exist or is not one of yours\./),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your workspaces' }).getAttribute('href')).toBe(
      '/dashboard/employee/omg-power-tool',
    );
    // A refusal is final: not asked again.
    expect(gone.calls).toHaveLength(1);
    unmount();
    vi.unstubAllGlobals();

    const failing = server(() => replyError(500, 'INTERNAL', 'The database is restarting.'));
    renderWithApp(<Workspace containerId={204} />);
    expect(
      await screen.findByText(
        /The workspace could not be loaded: The database is restarting\./,
        {},
        // After one retry, a second later.
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    // A server error is asked once more before it shows.
    expect(failing.calls).toHaveLength(2);
  });

  it('shows who the business is, and changes its stage', async () => {
    const api = server(() => data(), {
      'PATCH /api/sales/containers/:id': ({ data: change }) => ({ ...container, ...change }),
    });
    renderWithApp(<Workspace containerId={204} />);
    expect((await screen.findByTestId('workspace-business')).textContent).toBe(
      'Bluebonnet Family Dentistry',
    );
    expect(screen.getByTestId('sales-stage').textContent).toBe('Report shared');
    const website = screen.getByRole('link', { name: 'bluebonnetdentistry.example' });
    expect(website.closest('p')?.textContent).toBe(
      'Dentist · 4410 Burnet Rd, Austin, TX 78756 · (512) 555-0142 · bluebonnetdentistry.example',
    );
    expect(screen.getByText('Owner: Dana Staff · Started 11/02/2026')).toBeTruthy();
    expect(screen.getByTestId('sales-grids-empty')).toBeTruthy();
    expect(
      screen.getByText('Competitors are counted from the grids: run them first.'),
    ).toBeTruthy();

    const stage = screen.getByLabelText('Stage') as HTMLSelectElement;
    // "Won" comes only from converting.
    expect([...stage.options].map((o) => o.text)).toEqual(['Prospecting', 'Report shared', 'Lost']);
    fireEvent.change(stage, { target: { value: 'lost' } });
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: '/api/sales/containers/204',
      data: { stage: 'lost' },
    });
  });

  it('is deleted only after confirming, then the list opens', async () => {
    const api = server(() => data(), {
      'DELETE /api/sales/containers/:id': () => ({ id: 204, removed: true }),
    });
    const { router } = renderWithApp(<Workspace containerId={204} />, {
      path: '/dashboard/employee/omg-power-tool/x',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete workspace' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this workspace?' });
    expect(within(confirm).getByText(/The workspace of Bluebonnet Family Dentistry/)).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete workspace' }));
    fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete workspace' }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/dashboard/employee/omg-power-tool'),
    );
    expect(api.calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/sales/containers/204');
  });

  it('converts the prospect into a client after confirming', async () => {
    const answers = [replyError(409, 'CONFLICT', 'A client already uses this place.')];
    server(() => data(), {
      'POST /api/sales/containers/:id/convert': () =>
        answers.shift() ?? { containerId: 204, companyId: 9120, grids: 2 },
    });
    renderWithApp(<Workspace containerId={204} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Convert to client' }));
    const confirm = screen.getByRole('dialog', {
      name: 'Make Bluebonnet Family Dentistry a client?',
    });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Convert to client' }));
    expect(
      await within(confirm).findByText(
        'It could not be converted: A client already uses this place.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Convert to client' }));

    const result = await screen.findByTestId('convert-result');
    expect(result.textContent).toMatch(
      /^Bluebonnet Family Dentistry is now a client\. Its 2 grids are now the client’s first rank history\./,
    );
    const history = within(result).getByRole('link', { name: 'See the client’s rank history' });
    const client = new URL(history.getAttribute('href') ?? '', 'http://x').searchParams.get(
      'client',
    );
    expect(decodeId(client)).toBe(9120);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('for a won prospect: no stage to set, no grids to run, and a way to the client', async () => {
    server(() => data({ stage: 'won', convertedAt: '2026-11-28T16:00:00.000Z' }));
    renderWithApp(<Workspace containerId={204} />);
    expect((await screen.findByTestId('sales-stage')).textContent).toBe('Won: now a client');
    expect(
      screen.getByText('Owner: Dana Staff · Started 11/02/2026 · Became a client 11/28/2026'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Stage')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Convert to client' })).toBeNull();
    expect(
      screen.getByText(/became a client; its grids are its first rank history\./),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Check the cost' })).toBeNull();
  });
});
