import { SOCIAL_PROVIDER_LABELS, type SocialProviderName } from '@pinpoint/contracts';
import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router';
import { useTheme } from '../theme';

function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase() || '?';
}

/**
 * The account menu in the top bar: profile, light/dark theme, provider sign-out and log out.
 * On narrow screens the toggle shows initials only; its accessible name always says what
 * it is and whose it is.
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
  return (
    // Opened from the keyboard, the menu puts focus on its first item (ARIA menu button).
    <Dropdown align="end" focusFirstItemOnShow="keyboard">
      <Dropdown.Toggle
        variant="outline-secondary"
        size="sm"
        id="account-menu"
        aria-label={`Account menu, ${fullName}`}
        className="d-flex align-items-center gap-2"
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
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Header>Signed in as {fullName}</Dropdown.Header>
        {profileHref && (
          <Dropdown.Item as={Link} to={profileHref}>
            Profile
          </Dropdown.Item>
        )}
        <Dropdown.Item
          as="button"
          type="button"
          onClick={toggle}
          aria-pressed={theme === 'dark'}
          className="d-flex justify-content-between gap-3"
        >
          Dark theme
          {/* The pressed state is announced; the word shows it without relying on colour. */}
          <span aria-hidden="true" className="text-body-secondary">
            {theme === 'dark' ? 'On' : 'Off'}
          </span>
        </Dropdown.Item>
        <Dropdown.Divider />
        {provider && (
          <Dropdown.Item
            as="button"
            type="button"
            onClick={onProviderSignOut}
            disabled={signingOut}
          >
            Sign out of {SOCIAL_PROVIDER_LABELS[provider]}
          </Dropdown.Item>
        )}
        <Dropdown.Item as="button" type="button" onClick={onSignOut} disabled={signingOut}>
          {signingOut ? 'Logging out…' : 'Log out'}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
