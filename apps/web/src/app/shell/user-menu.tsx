import { SOCIAL_PROVIDER_LABELS, type SocialProviderName } from '@pinpoint/contracts';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { useTheme } from './theme';

function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase() || '?';
}

const MENU_ID = 'account-menu-items';

/** The menu's items that can take focus, in order. */
const itemsOf = (menu: HTMLElement | null) => [
  ...(menu?.querySelectorAll<HTMLElement>('.dropdown-item:not(:disabled)') ?? []),
];

/**
 * The account menu in the top bar: profile, light/dark theme, provider sign-out and log out.
 * On narrow screens the toggle shows initials only; its accessible name always says what
 * it is and whose it is.
 *
 * A menu button of its own rather than React Bootstrap's Dropdown: the Dropdown brings
 * Popper and its positioning engine (12.6 KB gzipped, every signed-in page's first
 * download, docs/changelog.md, issue 22) for one menu that always opens below the top bar's right
 * end, which Bootstrap's CSS places (`data-bs-popper="static"`). It behaves as the Dropdown
 * did: opened from the keyboard it puts focus on its first item, arrows move, Escape closes
 * and gives focus back, Tab leaves and closes it, a click outside or on an item closes it.
 */
export function UserMenu({
  firstName,
  lastName,
  profileHref,
  provider,
  signingOut,
  onSignOut,
  onProviderSignOut,
}: {
  firstName: string;
  lastName: string;
  /** Null when the user has no client company to show a profile of. */
  profileHref: string | null;
  provider: SocialProviderName | null;
  signingOut: boolean;
  onSignOut: () => void;
  onProviderSignOut: () => void;
}) {
  const { theme, toggle } = useTheme();
  const fullName = `${firstName} ${lastName}`.trim();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusFirst = useRef(false);

  // Keys and focus on the whole widget (button and menu), while it is mounted.
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const menu = menuRef.current;
    if (open && focusFirst.current) itemsOf(menu)[0]?.focus();
    focusFirst.current = false;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && open) {
        event.preventDefault();
        setOpen(false);
        toggleRef.current?.focus();
        return;
      }
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      event.preventDefault();
      if (!open) {
        focusFirst.current = true;
        setOpen(true);
        return;
      }
      const list = itemsOf(menu);
      const at = list.indexOf(document.activeElement as HTMLElement);
      const next = event.key === 'ArrowDown' ? Math.min(at + 1, list.length - 1) : at - 1;
      list[Math.max(next, 0)]?.focus();
    };
    // Focus moving elsewhere on the page (Tab, Shift+Tab) closes it. Focus going nowhere (a
    // click on something unfocusable, Safari's clicks) is left to the click handlers.
    const onFocusOut = (event: FocusEvent) => {
      const to = event.relatedTarget as Node | null;
      if (open && to && !root.contains(to)) setOpen(false);
    };
    const outside = (event: Event) => {
      if (!root.contains(event.target as Node)) setOpen(false);
    };
    root.addEventListener('keydown', onKeyDown);
    root.addEventListener('focusout', onFocusOut);
    if (open) document.addEventListener('click', outside);
    return () => {
      root.removeEventListener('keydown', onKeyDown);
      root.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('click', outside);
    };
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) toggleRef.current?.focus();
  };

  // A click from the keyboard (Enter, Space) has no pointer detail: focus follows into the
  // menu then, as for a menu button; a mouse click leaves focus on the button.
  const onToggle = (event: MouseEvent) => {
    focusFirst.current = event.detail === 0;
    setOpen((shown) => !shown);
  };
  const chosen = (event: MouseEvent, action?: () => void) => {
    close(event.detail === 0);
    action?.();
  };

  return (
    <div className="dropdown" ref={rootRef}>
      <Button
        ref={toggleRef}
        variant="outline-secondary"
        size="sm"
        id="account-menu"
        aria-label={`Account menu, ${fullName}`}
        aria-expanded={open}
        aria-controls={MENU_ID}
        className="dropdown-toggle d-flex align-items-center gap-2"
        onClick={onToggle}
      >
        <span
          aria-hidden="true"
          className="rounded-circle bg-primary text-white d-inline-grid small fw-semibold"
          style={{ width: 24, height: 24, placeItems: 'center', fontSize: '0.7rem' }}
        >
          {initialsOf(firstName, lastName)}
        </span>
        <span className="d-none d-md-inline" data-testid="signed-in-user">
          {fullName}
        </span>
      </Button>
      <div
        ref={menuRef}
        id={MENU_ID}
        className={`dropdown-menu dropdown-menu-end${open ? ' show' : ''}`}
        data-bs-popper="static"
      >
        <div className="dropdown-header">Signed in as {fullName}</div>
        {profileHref && (
          <Link className="dropdown-item" to={profileHref} onClick={(event) => chosen(event)}>
            Profile
          </Link>
        )}
        <button
          type="button"
          onClick={(event) => chosen(event, toggle)}
          aria-pressed={theme === 'dark'}
          className="dropdown-item d-flex justify-content-between gap-3"
        >
          Dark theme
          {/* The pressed state is announced; the word shows it without relying on colour. */}
          <span aria-hidden="true" className="text-body-secondary">
            {theme === 'dark' ? 'On' : 'Off'}
          </span>
        </button>
        <hr className="dropdown-divider" />
        {provider && (
          <button
            type="button"
            className="dropdown-item"
            onClick={(event) => chosen(event, onProviderSignOut)}
            disabled={signingOut}
          >
            Sign out of {SOCIAL_PROVIDER_LABELS[provider]}
          </button>
        )}
        <button
          type="button"
          className="dropdown-item"
          onClick={(event) => chosen(event, onSignOut)}
          disabled={signingOut}
        >
          {signingOut ? 'Logging out…' : 'Log out'}
        </button>
      </div>
    </div>
  );
}
