import type { LoaderFunctionArgs } from 'react-router';
import type { PageRules } from './page-rules';

/** A page's loader, carrying the rules it checks so the route registry can read them. */
export type PageLoader = ((args: LoaderFunctionArgs) => Promise<unknown>) & { rules: PageRules };

/**
 * A page's loader: its own checks (./page-checks), on top of its area's session check.
 * The checks load with the first signed-in page, so the route table the app starts with
 * carries neither the session store nor the contract schemas.
 */
export function pageLoader(rules: PageRules): PageLoader {
  const check = async (args: LoaderFunctionArgs) =>
    (await import('./page-checks')).checkPage(rules, args);
  return Object.assign(check, { rules });
}
