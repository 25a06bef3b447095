import type { ReactNode } from 'react';
import { PublicHeader } from '../../../components/public-header';

/** The frame of the sign-in and sign-up pages. */
export function AuthPage({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <>
      <PublicHeader />
      <main className="py-5 container" style={{ maxWidth: 480 }}>
        <h1 className="h3 mb-4">{title}</h1>
        {children}
        <p className="mt-4 text-body-secondary">{footer}</p>
      </main>
    </>
  );
}
