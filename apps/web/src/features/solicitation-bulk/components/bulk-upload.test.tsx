import type { BulkBatch } from '@pinpoint/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BulkUpload } from './bulk-upload';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const draft: BulkBatch = {
  id: 9,
  fileName: 'customers.csv',
  status: 'draft',
  rowCount: 3,
  headers: ['Name', 'Cell', 'Mail'],
  suggestedMapping: {
    firstName: 'Name',
    lastName: null,
    phone: 'Cell',
    email: 'Mail',
    timeZone: null,
  },
  mapping: null,
  sendType: null,
  preview: [
    ['Ann', '5122000001', 'ann@example.com'],
    ['Bob', '12', 'bob@example.com'],
  ],
  counts: null,
  problems: { rows: [], page: 1, pageSize: 50, total: 0 },
  result: null,
};
const checked: BulkBatch = {
  ...draft,
  mapping: draft.suggestedMapping,
  sendType: 'both',
  counts: { ok: 2, invalid: 1, duplicate: 0, 'opted-out': 0, recent: 0 },
  problems: {
    rows: [
      {
        line: 3,
        state: 'invalid',
        problems: ['"12" is not a valid phone number.'],
        values: { firstName: 'Bob', phone: '12', email: 'bob@example.com' },
      },
    ],
    page: 1,
    pageSize: 50,
    total: 1,
  },
};
const confirmed: BulkBatch = {
  ...checked,
  status: 'confirmed',
  result: { created: 2, refused: 0, refusals: [] },
};
const templates = {
  templates: [
    {
      id: 4,
      name: 'Thank you (short)',
      smsBody: '{review_link}',
      emailSubject: 'Hi',
      emailBody: '{review_link}',
      isDefault: true,
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
  ],
};

/** The server as the component sees it: the direct upload, then gateway calls. */
function fakeServer() {
  let state = draft;
  const calls: string[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}'));
    if (url.endsWith('/reviewsolicitation/7/bulk')) {
      calls.push(`upload ${body.fileName} ${body.csv.length}`);
      return json(draft, 201);
    }
    const inner = `${body.method} ${String(body.url).split('?')[0]}`;
    calls.push(inner);
    if (inner.endsWith('/templates')) return json(templates);
    if (inner.startsWith('PUT') && inner.endsWith('/mapping')) {
      state = checked;
      return json(state);
    }
    if (inner.endsWith('/confirm')) {
      if (body.data.consent !== true)
        return json({ error: { code: 'BAD_REQUEST', message: 'no' } }, 400);
      state = confirmed;
      return json(state);
    }
    return json(state);
  });
  vi.stubGlobal('fetch', fetch);
  return { calls };
}

describe('BulkUpload', () => {
  it('goes from a file to the report with line numbers, then sends once consent is given', async () => {
    const server = fakeServer();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BulkUpload productId={7} companyTimeZone="America/Chicago" />
      </QueryClientProvider>,
    );
    const input = screen.getByLabelText('CSV file of customers');
    fireEvent.change(input, {
      target: {
        files: [
          new File(['Name,Cell,Mail\nAnn,5122000001,ann@example.com\n'], 'customers.csv', {
            type: 'text/csv',
          }),
        ],
      },
    });
    // Mapping: the guess is preselected and the preview shows the first rows.
    expect(await screen.findByRole('form', { name: 'Match the columns' })).toBeDefined();
    expect((screen.getByLabelText('Phone') as HTMLSelectElement).value).toBe('Cell');
    expect(screen.getByRole('cell', { name: 'bob@example.com' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Check 3 rows' }));

    const report = await screen.findByTestId('bulk-report');
    expect(within(report).getByText('Ready: 2')).toBeDefined();
    expect(within(report).getByText('Invalid: 1')).toBeDefined();
    const problems = within(report).getByTestId('bulk-problems');
    expect(within(problems).getByRole('rowheader', { name: '3' })).toBeDefined();
    expect(within(problems).getByText('"12" is not a valid phone number.')).toBeDefined();

    // Nothing is sent without a template and the consent.
    fireEvent.click(screen.getByRole('button', { name: 'Send to 2 customers' }));
    expect(await screen.findByText('Choose a template.')).toBeDefined();
    expect(screen.getByText('Confirm that each customer agreed to be contacted.')).toBeDefined();
    expect(server.calls.some((c) => c.endsWith('/confirm'))).toBe(false);

    await screen.findByRole('option', { name: 'Thank you (short) (agency default)' });
    fireEvent.change(screen.getByLabelText('Template'), { target: { value: '4' } });
    fireEvent.click(
      screen.getByLabelText('Each customer in this file agreed to be contacted by us.'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send to 2 customers' }));
    expect((await screen.findByTestId('bulk-result')).textContent).toContain(
      '2 review requests created.',
    );
    expect(server.calls.filter((c) => c.endsWith('/confirm'))).toHaveLength(1);
    expect(server.calls[0]).toMatch(/^upload customers\.csv \d+$/);
  });

  it('refuses a file that is not a CSV before reading it', async () => {
    const server = fakeServer();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BulkUpload productId={7} companyTimeZone="America/Chicago" />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('CSV file of customers'), {
      target: { files: [new File(['x'], 'customers.xlsx')] },
    });
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Choose a \.csv file/);
    expect(server.calls).toHaveLength(0);
  });
});
