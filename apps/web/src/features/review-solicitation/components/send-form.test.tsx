import type { SolicitationSummary, SolicitationTemplate } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRoute, fakeApi, reply, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { SendForm } from './send-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const summary: SolicitationSummary = {
  product: { id: 321, slug: 'google-business-pro', name: 'Google Business Pro' },
  company: { id: 42, name: 'Hill Country Dental', timeZone: 'America/Chicago' },
  reviewLink: true,
  transports: { email: 'smtp', sms: 'twilio' },
};

const template = (over: Partial<SolicitationTemplate>): SolicitationTemplate => ({
  id: 1,
  name: 'Thank you (short)',
  smsBody: 'Hi {first_name}! {review_link} Reply STOP to opt out.',
  emailSubject: 'Thanks for visiting {business}',
  emailBody: 'Review us: {review_link}',
  isDefault: true,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const TEMPLATES = 'GET /api/uni/products/reviewsolicitation/:productId/templates';
const ADD = 'POST /api/uni/products/reviewsolicitation/:productType/:productId/add';

function renderForm(add: FakeRoute, over: Partial<SolicitationSummary> = {}) {
  const api = fakeApi({
    [TEMPLATES]: () => ({
      templates: [template({}), template({ id: 17, name: 'Spring check-up', isDefault: false })],
    }),
    [ADD]: add,
  });
  const onSent = vi.fn();
  renderWithApp(
    <SendForm
      summary={{ ...summary, ...over }}
      productType="google-business-pro"
      onSent={onSent}
    />,
  );
  return { api, onSent };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input:not([type=radio])' }), {
    target: { value },
  });

// By label and text, not by role: role queries over the 400-odd time zone options are slow.
const radio = (label: string) => screen.getByLabelText(label, { selector: 'input[type=radio]' });
const button = (text: string) => screen.getByText(text, { selector: 'button' });

/** The form once its templates are in (its 400-odd time zones make a slow first render). */
const loaded = () => screen.findByLabelText('Template', {}, { timeout: 5000 });

describe('Send a review request', () => {
  it('sends one customer’s request now, with the chosen template and channel', async () => {
    const { api, onSent } = renderForm(() =>
      reply(201, { created: [{ index: 0, requestId: 9051 }], refused: [] }),
    );
    const template = (await loaded()) as HTMLSelectElement;
    expect([...template.options].map((o) => o.text)).toEqual([
      'Thank you (short) (agency default)',
      'Spring check-up',
    ]);
    const zone = screen.getByLabelText("Customer's time zone") as HTMLSelectElement;
    expect(zone.options[0]?.text).toBe("America/Chicago (the company's)");

    type('First name', 'Maria');
    type('Last name (optional)', 'Lopez');
    type('Phone', '(512) 555-0134');
    type('Email', 'maria.lopez@example.com');
    fireEvent.change(template, { target: { value: '17' } });
    fireEvent.click(radio('SMS and email'));
    fireEvent.click(
      screen.getByLabelText('This customer agreed to be contacted by Hill Country Dental.'),
    );
    fireEvent.click(button('Send request'));

    expect((await screen.findByTestId('send-done')).textContent).toMatch(
      /^The review request to Maria Lopez was created\./,
    );
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/uni/products/reviewsolicitation/google-business-pro/321/add',
      data: {
        templateId: 17,
        sendType: 'both',
        scheduledFor: null,
        consent: true,
        contacts: [
          {
            firstName: 'Maria',
            lastName: 'Lopez',
            phone: '(512) 555-0134',
            email: 'maria.lopez@example.com',
            timeZone: 'America/Chicago',
          },
        ],
      },
    });
    // The customer's details are cleared for the next one; the choices stay.
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('');
    expect((radio('SMS and email') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(button('See it in the history'));
    expect(onSent).toHaveBeenCalledWith(9051);
  });

  it('shows each of the server’s field problems under its field', async () => {
    renderForm(() =>
      reply(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Check the highlighted fields.',
          details: [
            { path: 'body.contacts.0.phone', message: 'Enter a phone number to send an SMS.' },
            { path: 'body.consent', message: 'Confirm that each customer agreed to be contacted.' },
          ],
        },
      }),
    );
    await loaded();
    type('First name', 'Maria');
    fireEvent.click(button('Send request'));
    expect(await screen.findByText('Enter a phone number to send an SMS.')).toBeTruthy();
    const phone = screen.getByLabelText('Phone');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(phone.getAttribute('aria-describedby')).toBe(
      screen.getByText('Enter a phone number to send an SMS.').id,
    );
    expect(screen.getByText('Confirm that each customer agreed to be contacted.')).toBeTruthy();
    expect(screen.queryByTestId('send-refused')).toBeNull();
    expect(screen.queryByTestId('send-done')).toBeNull();
  });

  it('reads a refusal of the whole request as the server wrote it', async () => {
    renderForm(() =>
      replyError(
        409,
        'CONFLICT',
        'Maria Lopez was asked 12 days ago; wait 30 days between requests.',
      ),
    );
    await loaded();
    type('First name', 'Maria');
    type('Phone', '512-555-0134');
    fireEvent.click(button('Send request'));
    expect((await screen.findByTestId('send-refused')).textContent).toBe(
      'Maria Lopez was asked 12 days ago; wait 30 days between requests.',
    );
  });

  it('schedules a request at a local time in the company’s zone', async () => {
    const { api } = renderForm(() =>
      reply(201, { created: [{ index: 0, requestId: 9052 }], refused: [] }),
    );
    await loaded();
    fireEvent.click(radio('Later'));
    const when = screen.getByLabelText('Date and time (America/Chicago)') as HTMLInputElement;
    // Prefilled an hour ahead, as a local date and time.
    expect(when.value).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
    fireEvent.change(when, { target: { value: '2026-12-03T10:30' } });
    type('First name', 'Dev');
    type('Email', 'dev.patel@example.com');
    fireEvent.click(radio('Email'));
    fireEvent.click(button('Schedule request'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')?.data).toMatchObject({
      sendType: 'email',
      scheduledFor: '2026-12-03T10:30',
      templateId: 1,
    });
  });

  it('cannot send without a review link', async () => {
    renderForm(() => reply(201, { created: [], refused: [] }), { reviewLink: false });
    await loaded();
    expect((button('Send request') as HTMLButtonElement).disabled).toBe(true);
  });
});
