import './shell/layout.css';
import { type AuthResponse, encodeId } from '@pinpoint/contracts';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { sidebarOpenByDefault } from '../config/breakpoints';
import { paths } from '../config/paths';
import { useAccountActions } from '../features/auth/hooks/use-account-actions';
import { BillAlertBadge } from '../features/bill-alert/components/bill-alert-badge';
import { GridAlertToasts } from '../features/grid-alert-toasts/components/grid-alert-toasts';
import { NotificationsBell } from '../features/notifications/components/notifications-bell';
import { useOptionalSelectedClient } from '../lib/selected-client';
import { ClientSwitcher } from './shell/client-switcher';
import type { NavItem } from './shell/nav-items';
import { SIDEBAR_ID, Sidebar } from './shell/sidebar';
import { useWideScreen } from './shell/use-wide-screen';
import { UserMenu } from './shell/user-menu';

export type { NavItem };

const MAIN_ID = 'main-content';

/**
 * The signed-in frame: a top bar (menu button, brand, client switcher, notifications bell,
 * account menu) and the sidebar of sections. The sidebar starts open on windows at least
 * 768 px wide (SPEC §4) and follows the window across that width; the button shows and
 * hides it. The client switcher and the bell appear inside the dashboard, which provides
 * the selected client; the trial area has neither.
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
  const wide = useWideScreen();
  const [sidebarOpen, setSidebarOpen] = useState(() => sidebarOpenByDefault(window.innerWidth));
  const selection = useOptionalSelectedClient();
  const selected = selection?.selected ?? null;
  const { user } = auth;
  // The tab's one realtime connection lives as long as the signed-in frame.
  const { provider, signingOut, signOut, signOutOfProvider } = useAccountActions(auth);

  // Crossing 768 px resets the sidebar to that width's default: beside the page when wide,
  // closed (an overlay) when narrow.
  useEffect(() => setSidebarOpen(wide), [wide]);

  // One encoding per company, so the profile link stays the same across renders.
  const profileHref = useMemo(
    () => (selected ? paths.dashboard.profile.href(encodeId(selected.id)) : null),
    [selected],
  );

  return (
    <div className="d-flex flex-column min-vh-100">
      {/* The first Tab stop, shown when focused: past the top bar and the sections to the
          page. Focus is moved by script, so the address does not gain a #fragment. */}
      <a
        href={`#${MAIN_ID}`}
        className="visually-hidden-focusable position-absolute top-0 start-0 z-3 m-2 p-2 bg-body border rounded"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
      >
        Skip to main content
      </a>
      <header className="border-bottom bg-body px-2 py-2 d-flex flex-wrap align-items-center gap-2">
        <Button
          variant="outline-secondary"
          size="sm"
          aria-expanded={sidebarOpen}
          aria-controls={SIDEBAR_ID}
          onClick={() => setSidebarOpen((open) => !open)}
        >
          <span aria-hidden="true">☰</span> Menu
        </Button>
        <Link to={paths.home.href()} className="fw-bold fs-5 text-body text-decoration-none">
          Pinpoint
        </Link>
        {badge && <span className="badge text-bg-warning">{badge}</span>}
        {!selection && user.clientLabel && (
          <span className="text-body-secondary d-none d-sm-inline">{user.clientLabel}</span>
        )}
        {/* On phones the switcher takes its own row under the bar's buttons. */}
        {selection && (
          <div className="pp-client-switcher">
            <ClientSwitcher value={selection} />
          </div>
        )}
        <div className="ms-auto d-flex align-items-center gap-2">
          {/* Staff see it too: they may be helping the client pay. A key of its own: the
              bell beside it is keyed by the company id. */}
          {selected && <BillAlertBadge key={`bill-${selected.id}`} companyId={selected.id} />}
          {selected && (
            <NotificationsBell
              key={selected.id}
              companyId={selected.id}
              companyName={selected.name}
            />
          )}
          <UserMenu
            firstName={user.firstName}
            lastName={user.lastName}
            profileHref={profileHref}
            provider={provider}
            signingOut={signingOut}
            onSignOut={signOut}
            onProviderSignOut={signOutOfProvider}
          />
        </div>
      </header>
      <div className="d-flex flex-grow-1">
        <Sidebar items={nav} open={sidebarOpen} wide={wide} onClose={() => setSidebarOpen(false)} />
        <Container
          as="main"
          id={MAIN_ID}
          tabIndex={-1}
          fluid
          className="p-3 p-md-4"
          style={{ minWidth: 0 }}
        >
          {children}
        </Container>
      </div>
      <GridAlertToasts />
    </div>
  );
}
