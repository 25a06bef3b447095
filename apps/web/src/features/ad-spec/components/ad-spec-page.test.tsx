import type { AdSpec, AdSpecResponse } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, reply, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { AdSpecPage } from './ad-spec-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const spec: AdSpec = {
  companyId: 42,
  services: ['Drain cleaning', 'Water heater repair'],
  serviceArea: { kind: 'radius', center: '2100 S Lamar Blvd, Austin, TX', radiusMiles: 20 },
  monthlyBudgetCents: 150_000,
  schedule: {
    days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
    startTime: '07:00',
    endTime: '19:00',
  },
  landingPages: ['https://ruizplumbing.com/drain-cleaning'],
  callTrackingNumber: '+15125550134',
  notes: 'No ads on Sundays.',
  updatedAt: '2026-03-02T16:20:00.000Z',
  updatedByName: 'Priya Shah',
};

const response = (over: Partial<AdSpecResponse> = {}): AdSpecResponse => ({
  companyId: 42,
  spec,
  hasAdsProduct: true,
  canEdit: false,
  history: [
    {
      id: 7,
      changedAt: '2026-03-02T16:20:00.000Z',
      changedByName: 'Priya Shah',
      changes: [
        { field: 'monthlyBudgetCents', before: 120_000, after: 150_000 },
        { field: 'callTrackingNumber', before: null, after: '+15125550134' },
      ],
    },
  ],
  ...over,
});

const estimate = (cents: number | undefined) => (
  <p data-testid="estimate">Estimate for {cents === undefined ? 'no budget' : cents}</p>
);

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('AdSpecPage', () => {
  it('shows the client the spec read-only, with the history of changes', async () => {
    fakeApi({ 'GET /api/uni/products/adspec/:companyId': () => response() });
    renderWithApp(<AdSpecPage companyId={42} estimate={estimate} />);
    const view = await screen.findByTestId('ad-spec-view');
    const field = (name: string) => view.querySelector(`[data-field="${name}"]`)?.textContent;
    expect(field('services')).toBe('Drain cleaning, Water heater repair');
    expect(field('serviceArea')).toBe('20 miles around 2100 S Lamar Blvd, Austin, TX');
    expect(field('monthlyBudgetCents')).toBe('$1,500.00');
    expect(field('schedule')).toBe('Mon, Tue, Wed, Thu, Fri, Sat, 07:00–19:00');
    expect(field('callTrackingNumber')).toBe('(512) 555-0134');
    expect(screen.getByText(/Your agency keeps this up to date/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByTestId('estimate')).toBeNull();
    const change = screen.getByTestId('ad-spec-change');
    expect(change.textContent).toContain('Priya Shah');
    expect(change.textContent).toContain('Monthly budget: $1,200.00 → $1,500.00');
    expect(change.textContent).toContain('Call tracking number: (none) → (512) 555-0134');
  });

  it('says so when there is no spec, no ads product and no history', async () => {
    fakeApi({
      'GET /api/uni/products/adspec/:companyId': () =>
        response({ spec: null, hasAdsProduct: false, history: [] }),
    });
    renderWithApp(<AdSpecPage companyId={42} estimate={estimate} />);
    expect(await screen.findByText('This company has no running ads product.')).toBeTruthy();
    expect(screen.getByText('No ad spec has been written for this company yet.')).toBeTruthy();
    expect(screen.getByText('No changes yet.')).toBeTruthy();
  });

  it('lets staff write the first spec and sends what the form holds', async () => {
    let stored: AdSpecResponse = response({ spec: null, canEdit: true, history: [] });
    const api = fakeApi({
      'GET /api/uni/products/adspec/:companyId': () => stored,
      'PUT /api/uni/products/adspec/:companyId': ({ data }) => {
        stored = response({
          canEdit: true,
          spec: { ...spec, services: data.services as string[], monthlyBudgetCents: 125_050 },
        });
        return stored;
      },
    });
    renderWithApp(<AdSpecPage companyId={42} estimate={estimate} />);
    expect((await screen.findByTestId('estimate')).textContent).toBe('Estimate for no budget');
    fireEvent.click(screen.getByRole('button', { name: 'Write the ad spec' }));

    // The defaults: weekdays, business hours, places.
    expect((screen.getByLabelText('Mon') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Sat') as HTMLInputElement).checked).toBe(false);
    type('Services advertised (one per line)', '  Drain cleaning\n\nSewer line repair  \n');
    type('Cities or ZIP codes (one per line)', 'Austin\n78704\n');
    type('Monthly budget ($)', '1250.50');
    fireEvent.click(screen.getByLabelText('Sat'));
    fireEvent.click(screen.getByLabelText('Mon'));
    type('Landing pages (one web address per line)', 'https://ruizplumbing.com/sewer\n');
    type('Call tracking number', '512-555-0134');
    fireEvent.click(screen.getByRole('button', { name: 'Save ad spec' }));

    await waitFor(() => expect(screen.queryByTestId('ad-spec-form')).toBeNull());
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.params.companyId).toBe('42');
    expect(put?.data).toEqual({
      services: ['Drain cleaning', 'Sewer line repair'],
      serviceArea: { kind: 'places', places: ['Austin', '78704'] },
      monthlyBudgetCents: 125_050,
      schedule: { days: ['tue', 'wed', 'thu', 'fri', 'sat'], startTime: '08:00', endTime: '18:00' },
      landingPages: ['https://ruizplumbing.com/sewer'],
      callTrackingNumber: '512-555-0134',
      notes: '',
      updatedAt: null,
    });
    expect((await screen.findByTestId('ad-spec-view')).textContent).toContain(
      'Drain cleaning, Sewer line repair',
    );
    expect(screen.getByTestId('estimate').textContent).toBe('Estimate for 125050');
  });

  it('shows the server’s field messages under their fields, and the version it edited', async () => {
    const answers = [
      reply(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Check the ad spec.',
          details: [
            {
              path: 'body.serviceArea.radiusMiles',
              message: 'The radius must be at most 100 miles.',
            },
            { path: 'body.landingPages.1', message: 'Enter a valid web address.' },
            { path: 'body.monthlyBudgetCents', message: 'Enter a monthly budget.' },
          ],
        },
      }),
    ];
    const api = fakeApi({
      'GET /api/uni/products/adspec/:companyId': () => response({ canEdit: true }),
      'PUT /api/uni/products/adspec/:companyId': () => answers.shift(),
    });
    renderWithApp(<AdSpecPage companyId={42} estimate={estimate} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect((screen.getByLabelText('Centre (address or ZIP)') as HTMLInputElement).value).toBe(
      '2100 S Lamar Blvd, Austin, TX',
    );
    type('Radius (miles)', '150');
    type('Monthly budget ($)', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save ad spec' }));

    expect(
      await screen.findByText('Some fields need a look: see the messages below.'),
    ).toBeTruthy();
    expect(screen.getByText('The radius must be at most 100 miles.')).toBeTruthy();
    expect(screen.getByText('Enter a valid web address.')).toBeTruthy();
    const budget = screen.getByLabelText('Monthly budget ($)');
    expect(budget.getAttribute('aria-describedby')).toBe('ad-spec-monthlyBudgetCents-error');
    const sent = api.calls.at(-1)?.data;
    // A blank budget is sent as "no number" (NaN goes over JSON as null), for the server to name.
    expect(sent?.monthlyBudgetCents).toBeNull();
    expect(sent?.serviceArea).toEqual({
      kind: 'radius',
      center: '2100 S Lamar Blvd, Austin, TX',
      radiusMiles: 150,
    });
    expect(sent?.updatedAt).toBe('2026-03-02T16:20:00.000Z');
  });

  it('says when someone saved first, and reloads the current version on request', async () => {
    const api = fakeApi({
      'GET /api/uni/products/adspec/:companyId': () => response({ canEdit: true }),
      'PUT /api/uni/products/adspec/:companyId': () =>
        replyError(409, 'CONFLICT', 'Someone changed the ad spec after you opened it.'),
    });
    renderWithApp(<AdSpecPage companyId={42} estimate={estimate} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save ad spec' }));
    const warning = await screen.findByText(/Someone changed the ad spec after you opened it\./);
    const reload = within(warning).getByRole('button', { name: 'Reload the current version' });
    const reads = api.calls.filter((call) => call.method === 'GET').length;
    fireEvent.click(reload);
    expect(await screen.findByTestId('ad-spec-view')).toBeTruthy();
    await waitFor(() =>
      expect(api.calls.filter((call) => call.method === 'GET').length).toBe(reads + 1),
    );
  });

  it('shows why the spec could not be loaded', async () => {
    fakeApi({
      'GET /api/uni/products/adspec/:companyId': () =>
        replyError(403, 'FORBIDDEN', 'You are not assigned to this client.'),
    });
    renderWithApp(<AdSpecPage companyId={42} estimate={estimate} />);
    expect(
      await screen.findByText(
        /The ad spec could not be loaded: You are not assigned to this client\./,
      ),
    ).toBeTruthy();
  });
});
