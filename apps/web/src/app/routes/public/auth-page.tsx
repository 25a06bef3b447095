import type { ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
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
      <Container as="main" className="py-5" style={{ maxWidth: 480 }}>
        <h1 className="h3 mb-4">{title}</h1>
        {children}
        <p className="mt-4 text-body-secondary">{footer}</p>
      </Container>
    </>
  );
}
