import { type AuthResponse, encodeId } from '@pinpoint/contracts';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/button-link';
import { paths } from '../../config/paths';
import { useAccountActions } from '../../features/auth/hooks/use-account-actions';
import { UserMenu } from './user-menu';

/**
 * The product page's own top bar (it stands outside the dashboard layout, SPEC §2):
 * Pinpoint, the product's company, Back to dashboard, and the account menu.
 */
export function ProductTopBar({
  auth,
  company,
  mainId,
}: {
  auth: AuthResponse;
  /** The page's <main>, which the skip link focuses. */
  mainId: string;
  /** Null until the product has loaded (or when it is refused). */
  company: { id: number; name: string } | null;
}) {
  const account = useAccountActions(auth);
  const companyId = company?.id ?? null;
  // One encoding per company, so the profile link stays the same across renders.
  const profileHref = useMemo(
    () => (companyId === null ? null : paths.dashboard.profile.href(encodeId(companyId))),
    [companyId],
  );
  return (
    <>
      {/* The first Tab stop, as in the dashboard frame: past the top bar to the page. */}
      <a
        href={`#${mainId}`}
        className="visually-hidden-focusable position-absolute top-0 start-0 z-3 m-2 p-2 bg-body border rounded"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(mainId)?.focus();
        }}
      >
        Skip to main content
      </a>
      <header className="border-bottom bg-body px-3 py-2 d-flex flex-wrap align-items-center gap-3">
        <Link to={paths.home.href()} className="fw-bold fs-5 text-body text-decoration-none">
          Pinpoint
        </Link>
        {/* Always there, and on its own line on phones, so that the name arriving after the
            product loads neither wraps the bar nor moves the page down (layout shift). */}
        <span
          className="text-body-secondary text-truncate col-12 col-sm-auto order-last order-sm-0"
          data-testid={company ? 'product-company' : undefined}
        >
          {company ? company.name : '\u00a0'}
        </span>
        <div className="ms-auto d-flex align-items-center gap-2">
          <ButtonLink to={paths.dashboard.overview.href()} variant="outline-primary" size="sm">
            <span aria-hidden="true">← </span>Back to dashboard
          </ButtonLink>
          <UserMenu
            firstName={auth.user.firstName}
            lastName={auth.user.lastName}
            profileHref={profileHref}
            provider={account.provider}
            signingOut={account.signingOut}
            onSignOut={account.signOut}
            onProviderSignOut={account.signOutOfProvider}
          />
        </div>
      </header>
    </>
  );
}
