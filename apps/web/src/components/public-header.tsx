import { Link, NavLink } from 'react-router';
import { paths } from '../config/paths';

/**
 * The header of the public pages: the brand, and the ways in. Plain Bootstrap markup, as
 * react-bootstrap's Navbar rendered it (less the navigation role it put on the header,
 * which holds the Account navigation): Navbar brings its offcanvas and collapse code,
 * which the login page would download for nothing (scripts/bundle-budget.mjs).
 */
export function PublicHeader() {
  return (
    <header className="border-bottom bg-body navbar navbar-expand navbar-light">
      <div className="container">
        <Link
          to={paths.home.href()}
          className="fw-bold d-flex align-items-center gap-2 navbar-brand"
        >
          <img src="/favicon.svg" alt="" width={24} height={24} />
          Pinpoint
        </Link>
        <nav aria-label="Account" className="ms-auto gap-2 navbar-nav">
          <NavLink to={paths.login.href()} className="nav-link">
            Log in
          </NavLink>
          <NavLink to={paths.signup.href()} className="nav-link">
            Sign up
          </NavLink>
        </nav>
      </div>
    </header>
  );
}
