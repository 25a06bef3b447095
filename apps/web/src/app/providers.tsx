import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { SocialAuthProvider } from '../features/auth/social/social-context';
import { createQueryClient } from '../lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SocialAuthProvider>{children}</SocialAuthProvider>
    </QueryClientProvider>
  );
}
