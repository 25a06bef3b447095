import { useLocation } from 'react-router';
import { paths } from '../config/paths';
import { ButtonLink } from './button-link';

/** The not-found message, used by the not-found page and by pages that refuse their params. */
export function NotFoundContent() {
  const { pathname } = useLocation();
  return (
    <div className="py-5 text-center">
      <p className="display-6 fw-bold text-body-secondary mb-2">404</p>
      <h1 className="h3">Page not found</h1>
      <p className="text-body-secondary">
        There is no page at <code>{pathname}</code>. It may have moved, or the link may be mistyped.
      </p>
      <ButtonLink to={paths.home.href()}>Go to the home page</ButtonLink>
    </div>
  );
}
