import type { ClientUserCreated } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, reply, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { ForgotPasswordForm } from './forgot-password-form';
import { InviteUserCard } from './invite-user-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function created(invitation: ClientUserCreated['invitation']): ClientUserCreated {
  return {
    user: { id: 318, email: 'marco.ruiz@ruizplumbing.com', first_name: 'Marco', last_name: 'Ruiz' },
    company: { id: 42, name: 'Ruiz Family Plumbing' },
    sign_in: 'activation-email',
    invitation,
  };
}

async function fillInvite() {
  await screen.findByRole('form', { name: 'Invite a user' });
  type('First name', 'Marco');
  type('Last name', 'Ruiz');
  type('Email', 'marco.ruiz@ruizplumbing.com');
  fireEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
}

describe('InviteUserCard', () => {
  it('names each missing field and sends nothing', async () => {
    const api = fakeApi({});
    renderWithApp(<InviteUserCard companyId={42} />);
    await screen.findByRole('form', { name: 'Invite a user' });
    type('Email', 'marco.ruiz@');
    fireEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('Enter the first name.')).toBeTruthy();
    expect(screen.getByText('Enter the last name.')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByLabelText('First name').className).toContain('is-invalid');
    expect(api.calls).toEqual([]);
  });

  it('invites for the company, clears the form, and resends an invitation that failed', async () => {
    const api = fakeApi({
      'POST /api/uni/insertUser': () => reply(201, created('failed')),
      'POST /api/uni/insertUser/:userId/resend': () => ({
        email: 'marco.ruiz@ruizplumbing.com',
        invitation: 'sent',
      }),
    });
    renderWithApp(<InviteUserCard companyId={42} />);
    await fillInvite();
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toContain(
      'The account for marco.ruiz@ruizplumbing.com was created, but the invitation email could not be sent.',
    );
    expect(api.calls[0]?.data).toEqual({
      first_name: 'Marco',
      last_name: 'Ruiz',
      email: 'marco.ruiz@ruizplumbing.com',
      company_id: 42,
    });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');

    fireEvent.click(within(failed).getByRole('button', { name: 'Send it again' }));
    expect(
      (await screen.findByText(/^Invitation sent to marco\.ruiz@ruizplumbing\.com\./)).textContent,
    ).toContain('the link works for 7 days');
    expect(api.calls[1]?.path).toBe('/api/uni/insertUser/318/resend');
  });

  it('says a held invitation was not sent, with the way to the dev outbox', async () => {
    fakeApi({ 'POST /api/uni/insertUser': () => reply(201, created('held')) });
    renderWithApp(<InviteUserCard companyId={42} />);
    await fillInvite();
    const held = await screen.findByRole('status');
    expect(held.textContent).toContain('not sent');
    expect(within(held).getByRole('link', { name: 'dev outbox' }).getAttribute('href')).toBe(
      '/dashboard/dev-outbox',
    );
  });

  it('puts a server field problem under its field, and any other refusal in a banner', async () => {
    const answers = [
      reply(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Some fields need a look.',
          details: [{ path: 'body.email', message: 'This email already has an account.' }],
        },
      }),
      replyError(403, 'FORBIDDEN', 'You are not assigned to this client.'),
    ];
    fakeApi({ 'POST /api/uni/insertUser': () => answers.shift() });
    renderWithApp(<InviteUserCard companyId={42} />);
    await fillInvite();
    expect(await screen.findByText('This email already has an account.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You are not assigned to this client.',
    );
    expect(screen.queryByText('This email already has an account.')).toBeNull();
  });

  // A 400 about the company itself (it no longer exists) has no field on the form to sit under:
  // the banner says it in the server's words.
  it('says so when the server refuses the company itself', async () => {
    fakeApi({
      'POST /api/uni/insertUser': () =>
        reply(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Some fields are missing or invalid.',
            details: [{ path: 'body.company_id', message: 'There is no such client company.' }],
          },
        }),
    });
    renderWithApp(<InviteUserCard companyId={42} />);
    await fillInvite();
    expect(await screen.findByText(/There is no such client company\./)).toBeTruthy();
  });
});

describe('ForgotPasswordForm', () => {
  it('checks the email, sends it lowercased, and shows the server’s one answer', async () => {
    const message =
      'If an account uses this email, we have sent it a link to choose a new password. The link works for 1 hour.';
    const api = fakeApi({ 'POST /api/auth/forgot-password': () => ({ ok: true, message }) });
    renderWithApp(<ForgotPasswordForm initialEmail="  " />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText('Enter your email address.')).toBeTruthy();
    type('Email', 'owner@');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(api.calls).toEqual([]);

    type('Email', ' Owner@HarborSmiles.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect((await screen.findByRole('status')).textContent).toContain(message);
    expect(api.calls[0]?.data).toEqual({ email: 'owner@harborsmiles.com' });
  });

  it('shows a refusal and keeps the form', async () => {
    fakeApi({
      'POST /api/auth/forgot-password': () =>
        replyError(429, 'RATE_LIMITED', 'Too many reset requests. Try again in an hour.'),
    });
    renderWithApp(<ForgotPasswordForm initialEmail="owner@harborsmiles.com" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send me a link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many reset requests. Try again in an hour.',
    );
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });
});
