import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginForm } from './login-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  const fetch = vi.fn(async () => new Response('{}', { status: 500 }));
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <LoginForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { fetch };
}

// The contract check loads with the sign-in call (not with the page): it still runs first.
describe('login form', () => {
  it('checks the fields against the contract before sending anything', async () => {
    const { fetch } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter your email address.')).toBeDefined();
    expect(screen.getByText('Enter your password.')).toBeDefined();
    expect(screen.getByLabelText('Email').className).toContain('is-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends valid fields and shows the answer when the server refuses them', async () => {
    const { fetch } = renderForm();
    fetch.mockResolvedValueOnce(
      new Response(
        JSON.stringify({
          error: { code: 'UNAUTHENTICATED', message: 'Email or password is incorrect.' },
        }),
        { status: 401 },
      ),
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.example' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Email or password is incorrect.');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Email').className).not.toContain('is-invalid');
  });

  it("marks the field the server's own check refused", async () => {
    const { fetch } = renderForm();
    fetch.mockResolvedValueOnce(
      new Response(
        JSON.stringify({
          error: {
            code: 'VALIDATION_FAILED',
            message: 'The request is not valid.',
            details: [{ path: 'body.email', message: 'No account uses this address.' }],
          },
        }),
        { status: 400 },
      ),
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.example' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('No account uses this address.')).toBeDefined();
    expect(screen.getByLabelText('Email').className).toContain('is-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
