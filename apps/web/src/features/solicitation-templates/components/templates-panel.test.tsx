import { renderTemplate, smsSegments } from '@pinpoint/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TemplatesPanel } from './templates-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const agency = {
  id: 1,
  name: 'Thank you (short)',
  smsBody: 'Hi {first_name}! {review_link} Reply STOP to opt out.',
  emailSubject: 'Thanks',
  emailBody: 'Review us: {review_link}',
  isDefault: true,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The gateway as the panel sees it; the preview renders like the server does. */
function fakeServer() {
  const saved: unknown[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const { method, url, data } = JSON.parse(String(init?.body ?? '{}'));
      if (String(url).endsWith('/preview')) {
        const values = {
          first_name: 'Jordan',
          last_name: 'Lee',
          business: 'Bright Dental',
          review_link: 'https://p.example/r/SampleReviewLinkToken0',
        };
        const text = renderTemplate(data.smsBody, values);
        return json({
          sms: { text, ...smsSegments(text) },
          email: { subject: data.emailSubject, text: renderTemplate(data.emailBody, values) },
          warnings: [],
        });
      }
      if (method === 'POST') {
        saved.push(data);
        return json({ ...agency, ...data, id: 2, isDefault: false }, 201);
      }
      return json({ templates: [agency] });
    }),
  );
  return { saved };
}

describe('TemplatesPanel', () => {
  it('copies a default, inserts a placeholder, previews the SMS with its segments and saves', async () => {
    const server = fakeServer();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TemplatesPanel productId={7} />
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Templates' });
    expect(within(list).getByText('Agency default')).toBeDefined();
    expect(within(list).queryByRole('button', { name: /^Edit/ })).toBeNull();
    fireEvent.click(within(list).getByRole('button', { name: 'Copy Thank you (short)' }));

    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe(
      'Thank you (short) (copy)',
    );
    const sms = screen.getByLabelText('SMS text') as HTMLTextAreaElement;
    sms.setSelectionRange(0, 0);
    fireEvent.click(screen.getByRole('button', { name: 'Insert {business} into the SMS text' }));
    expect(sms.value.startsWith('{business}Hi {first_name}!')).toBe(true);

    const segments = await screen.findByTestId('sms-segments', {}, { timeout: 3000 });
    await vi.waitFor(
      () => expect(segments.textContent).toMatch(/^1 segment · GSM-7 · \d+ characters$/),
      {
        timeout: 3000,
      },
    );
    // The preview follows the edit once typing pauses.
    await vi.waitFor(
      () =>
        expect(screen.getByTestId('sms-preview').textContent).toContain('Bright DentalHi Jordan!'),
      { timeout: 3000 },
    );

    fireEvent.click(screen.getByRole('button', { name: 'Create template' }));
    expect(await screen.findByText('Template "Thank you (short) (copy)" created.')).toBeDefined();
    expect(server.saved).toHaveLength(1);
  });
});
