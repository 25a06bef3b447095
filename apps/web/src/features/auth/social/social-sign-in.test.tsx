import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocialAuthProvider } from './social-context';
import { SocialSignIn } from './social-sign-in';

afterEach(() => vi.unstubAllGlobals());

function renderWith(providers: { google: boolean; facebook: boolean }) {
  // The page asks the server which providers are configured; here the answer is given.
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(providers), { status: 200 }));
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <SocialAuthProvider>
        <MemoryRouter>
          <SocialSignIn />
        </MemoryRouter>
      </SocialAuthProvider>
    </QueryClientProvider>,
  );
}

describe('social sign-in buttons', () => {
  it('show only configured providers', async () => {
    renderWith({ google: false, facebook: true });
    expect(await screen.findByRole('button', { name: 'Continue with Facebook' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
  });

  it('render nothing when no provider is configured', async () => {
    const { container } = renderWith({ google: false, facebook: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe('');
  });
});
