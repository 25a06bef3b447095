import type { AccountLinkCheck } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, reply, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { AccountLinkForm, type SignInNotice } from './account-link-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = 'q9T2vXb0LmRk4wYp.Zt8sHc3NfA1uJe6';

const validActivation: AccountLinkCheck = {
  status: 'valid',
  purpose: 'activation',
  email: 'dana.whitfield@brightsmiledental.com',
  first_name: 'Dana',
};

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('AccountLinkForm', () => {
  it('says a link without a token is not valid, without asking the server', async () => {
    const api = fakeApi({});
    renderWithApp(<AccountLinkForm purpose="reset" />, { path: '/reset-password' });
    const problem = await screen.findByRole('alert');
    expect(problem.textContent).toContain('This link is not valid.');
    expect(problem.textContent).toContain('You can ask for a new one:');
    expect(screen.getByRole('link', { name: 'send me a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(api.calls).toEqual([]);
  });

  it('checks the link, greets the person, checks both passwords, then sends them to sign in', async () => {
    const api = fakeApi({
      'GET /api/auth/account-link': () => validActivation,
      'POST /api/auth/activate': () => ({ ok: true, email: validActivation.email }),
    });
    const { router } = renderWithApp(<AccountLinkForm purpose="activation" />, {
      path: `/activate?token=${encodeURIComponent(TOKEN)}`,
    });
    expect(
      await screen.findByText(/Hello Dana\. Choose the password you will sign in with\./),
    ).toBeTruthy();
    expect(screen.getByText('dana.whitfield@brightsmiledental.com').tagName).toBe('STRONG');
    expect(api.calls[0]?.query.get('token')).toBe(TOKEN);
    expect(api.calls[0]?.query.get('purpose')).toBe('activation');

    const submit = screen.getByRole('button', { name: 'Activate my account' });
    type('New password', 'short');
    fireEvent.click(submit);
    expect(await screen.findByText('Use at least 10 characters.')).toBeTruthy();

    type('New password', 'harbor-lights-1987');
    type('Type it again', 'harbor-lights-1978');
    fireEvent.click(submit);
    expect(await screen.findByText('The two passwords are not the same.')).toBeTruthy();
    expect(api.calls).toHaveLength(1);

    type('Type it again', 'harbor-lights-1987');
    fireEvent.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const notice = router.state.location.state as SignInNotice;
    expect(notice).toEqual({
      notice: 'Your account is active. Log in with your new password.',
      email: 'dana.whitfield@brightsmiledental.com',
    });
    expect(api.calls[1]?.path).toBe('/api/auth/activate');
    expect(api.calls[1]?.data).toEqual({ token: TOKEN, password: 'harbor-lights-1987' });
  });

  it('says an expired reset link has expired and offers a new one', async () => {
    fakeApi({
      'GET /api/auth/account-link': () => ({
        status: 'expired',
        purpose: 'reset',
        email: null,
        first_name: null,
      }),
    });
    renderWithApp(<AccountLinkForm purpose="reset" />, { path: `/reset-password?token=${TOKEN}` });
    const problem = await screen.findByRole('alert');
    expect(problem.textContent).toContain('This link has expired.');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('shows a link used meanwhile (410 GONE on save) as used, and a password refused by the server under the field', async () => {
    const tooCommon = reply(400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Check the password.',
        details: [{ path: 'body.password', message: 'This password is too common.' }],
      },
    });
    const answers = [
      tooCommon,
      replyError(410, 'GONE', 'This link has already been used, or a newer one replaced it.'),
    ];
    fakeApi({
      'GET /api/auth/account-link': () => ({ ...validActivation, purpose: 'reset' }),
      'POST /api/auth/reset-password': () => answers.shift(),
    });
    renderWithApp(<AccountLinkForm purpose="reset" />, { path: `/reset-password?token=${TOKEN}` });
    await screen.findByRole('form', { name: 'Choose a new password' });

    // A field problem: the server's words under the field, not as a banner.
    type('New password', 'password1234');
    type('Type it again', 'password1234');
    fireEvent.click(screen.getByRole('button', { name: 'Save my new password' }));
    expect(await screen.findByText('This password is too common.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    type('New password', 'tidewater-maple-42');
    type('Type it again', 'tidewater-maple-42');
    fireEvent.click(screen.getByRole('button', { name: 'Save my new password' }));
    const problem = await screen.findByRole('alert');
    expect(problem.textContent).toContain(
      'This link has already been used, or a newer email replaced it.',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('shows why the link could not be checked', async () => {
    fakeApi({
      'GET /api/auth/account-link': () =>
        replyError(429, 'RATE_LIMITED', 'Too many attempts. Wait a minute and try again.'),
    });
    renderWithApp(<AccountLinkForm purpose="activation" />, { path: `/activate?token=${TOKEN}` });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Wait a minute and try again.',
    );
  });
});
