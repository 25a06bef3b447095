import { type AuthResponse, SOCIAL_PROVIDER_LABELS } from '@pinpoint/contracts';
import { type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Navbar from 'react-bootstrap/Navbar';
import { Link, NavLink, useNavigate } from 'react-router';
import { sidebarOpenByDefault } from '../config/breakpoints';
import { paths } from '../config/paths';
import { logout, socialLogout } from '../features/auth/api/auth-api';
import { useSocialAuth } from '../features/auth/social/social-context';

export interface NavItem {
  to: string;
  label: string;
}

/**
 * The signed-in frame: top bar with the user and sign-out, and a sidebar that starts open
 * on screens at least 768 px wide (SPEC §4).
 */
export function AppShell({
  auth,
  nav,
  badge,
  children,
}: {
  auth: AuthResponse;
  nav: NavItem[];
  badge?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const [sidebarOpen, setSidebarOpen] = useState(() => sidebarOpenByDefault(window.innerWidth));
  const [signingOut, setSigningOut] = useState(false);
  const { user } = auth;
  const social = useSocialAuth();
  const provider = user.auth_type === 'password' ? null : user.auth_type;

  const signOutOfProvider = async () => {
    if (!provider) return;
    setSigningOut(true);
    social.report(provider, null);
    const ended = await socialLogout(provider).catch(() => false);
    if (ended) navigate(paths.login.href(), { replace: true });
    else setSigningOut(false);
  };

  const signOut = async () => {
    setSigningOut(true);
    await logout().catch(() => {});
    navigate(paths.login.href(), { replace: true });
  };

  return (
    <div className="d-flex flex-column min-vh-100">
      <Navbar as="header" className="border-bottom bg-body px-2">
        <Button
          variant="outline-secondary"
          size="sm"
          className="me-2"
          aria-expanded={sidebarOpen}
          aria-controls="app-sidebar"
          onClick={() => setSidebarOpen((open) => !open)}
        >
          Menu
        </Button>
        <Navbar.Brand as={Link} to={paths.home.href()} className="fw-bold">
          Pinpoint
        </Navbar.Brand>
        {badge && <span className="badge text-bg-warning">{badge}</span>}
        {user.clientLabel && (
          <span className="ms-2 text-body-secondary d-none d-sm-inline">{user.clientLabel}</span>
        )}
        <div className="ms-auto d-flex align-items-center gap-2">
          <span className="small d-none d-md-inline" data-testid="signed-in-user">
            {user.firstName} {user.lastName}
          </span>
          {provider && (
            <Button
              variant="outline-secondary"
              size="sm"
              onClick={signOutOfProvider}
              disabled={signingOut}
            >
              Sign out of {SOCIAL_PROVIDER_LABELS[provider]}
            </Button>
          )}
          <Button variant="outline-primary" size="sm" onClick={signOut} disabled={signingOut}>
            {signingOut ? 'Logging out…' : 'Log out'}
          </Button>
        </div>
      </Navbar>
      <div className="d-flex flex-grow-1">
        {sidebarOpen && (
          <nav
            id="app-sidebar"
            aria-label="Sections"
            className="border-end p-3"
            style={{ width: 240 }}
          >
            <ul className="nav nav-pills flex-column gap-1">
              {nav.map((item) => (
                <li className="nav-item" key={item.to}>
                  <NavLink className="nav-link" to={item.to}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <Container as="main" fluid className="p-4">
          {children}
        </Container>
      </div>
    </div>
  );
}
