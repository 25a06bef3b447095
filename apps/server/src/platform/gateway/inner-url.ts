/**
 * Which inner urls the gateway may dispatch (DECISIONS.md "Gateway"). Deliberately
 * narrower than RFC 3986: a path of plain ASCII segments under /api/, no percent-encoding,
 * no dot segments, no empty segments, no "@", ":" or backslash; a query of printable ASCII
 * with well-formed %XX escapes. Anything else is refused before any lookup.
 */
const PATH = /^\/api(\/[A-Za-z0-9_~!$&'()*+,;=-]+(\.[A-Za-z0-9_~-]+)*)+\/?$/;
const QUERY = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?]*$/;

export type InnerUrlCheck = { ok: true; path: string } | { ok: false; reason: string };

export function checkInnerUrl(url: unknown, maxLength: number): InnerUrlCheck {
  if (typeof url !== 'string') return { ok: false, reason: 'url must be a string.' };
  if (url.length === 0 || url.length > maxLength) {
    return { ok: false, reason: `url must be 1 to ${maxLength} characters long.` };
  }
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  if (!PATH.test(path) || path.split('/').some((segment) => segment === '.' || segment === '..')) {
    return {
      ok: false,
      reason: 'url must be the path of one of our own /api routes, such as /api/uni/client/12.',
    };
  }
  const escapes = query.replace(/%[0-9A-Fa-f]{2}/g, '');
  if (!QUERY.test(escapes))
    return { ok: false, reason: 'url has characters not allowed in a query.' };
  return { ok: true, path };
}

/** Turns route patterns (`/api/uni/client/:id`) into matchers for concrete paths. */
export function compilePattern(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}/?$`);
}

interface RouteNode {
  literal: Map<string, RouteNode>;
  /** The `:param` branch, which matches any one segment. */
  param: RouteNode | null;
  methods: Set<string>;
}

const routeNode = (): RouteNode => ({ literal: new Map(), param: null, methods: new Set() });

/**
 * The routes the gateway may reach, as a tree of path segments: a lookup walks the inner path
 * once instead of testing every route's pattern in turn (377 of them, the last ones several
 * µs away). It matches exactly what `compilePattern` does, which the tests check.
 */
export function createRouteIndex(
  routes: ReadonlyArray<{ method: string; url: string }>,
): (method: string, path: string) => boolean {
  const root = routeNode();
  for (const route of routes) {
    let node = root;
    for (const segment of route.url.split('/').slice(1)) {
      if (segment.startsWith(':')) {
        node.param ??= routeNode();
        node = node.param;
      } else {
        let next = node.literal.get(segment);
        if (!next) {
          next = routeNode();
          node.literal.set(segment, next);
        }
        node = next;
      }
    }
    node.methods.add(route.method);
  }
  const walk = (node: RouteNode, segments: string[], at: number, method: string): boolean => {
    if (at === segments.length) return node.methods.has(method);
    const segment = segments[at] as string;
    const literal = node.literal.get(segment);
    if (literal && walk(literal, segments, at + 1, method)) return true;
    return node.param !== null && segment !== '' && walk(node.param, segments, at + 1, method);
  };
  return (method, path) => {
    const segments = path.split('/').slice(1);
    // As the pattern's optional trailing slash: the path with or without its last "/".
    if (walk(root, segments, 0, method)) return true;
    return path.endsWith('/') && walk(root, segments.slice(0, -1), 0, method);
  };
}
