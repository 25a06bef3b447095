/**
 * The server's layers (docs/architecture.md, "Server layout"), checked by `npm run deps`
 * (part of `npm run check` and CI). Lower layers never import higher ones:
 *
 *   kernel ← providers ← config ← platform ← areas ← seed ← main
 *
 * - kernel: database, jobs, HTTP plugins, small libraries, the SSRF guard, demo randomness.
 * - providers: each vendor's port, demo and live adapters; they share only providers/kernel.
 * - config: environment → typed configuration.
 * - platform: what every area stands on (identity, realtime, status, gateway, vendor sync…).
 * - areas: the product, one folder each; another area is reached only through its index.ts,
 *   and only when the area's descriptor names it under `needs` (areas/catalog.unit.test.ts).
 * - seed: the demo agency. main: the composition root and the process entry points.
 *
 * Tests and test support (src/test) may reach anywhere: they are not part of the layering.
 *
 * The web app's layers (apps/web/src), lowest first:
 *
 *   shared (components, lib, config, testing) ← features ← app
 *
 * - shared: what features share (UI pieces, formatters, the API client, the route paths).
 * - features: one folder per product area; a feature never imports another feature: the app
 *   composes them (a route module hands one feature's panel to another's page as a prop).
 * - app: the router, the shell, the route modules and the product-report registry.
 */
const SRC = '^apps/server/src/';
const notTest =
  '(\\.test\\.ts|test-setup\\.ts|\\.fixtures\\.ts|test-people\\.ts)$|^apps/server/src/test/';

const WEB = '^apps/web/src/';

const below = (layer, allowed) => ({
  name: `${layer}-imports-only-below`,
  comment: `${layer} may import only ${allowed.join(', ')}`,
  severity: 'error',
  from: { path: `${SRC}${layer}/`, pathNot: notTest },
  to: { path: SRC, pathNot: `${SRC}(${[layer, ...allowed].join('|')})/` },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles anywhere in the server or the web app.',
      severity: 'error',
      from: { path: [SRC, WEB] },
      to: { circular: true },
    },
    {
      name: 'web-features-stand-apart',
      comment: 'A feature imports shared code only, never another feature: the app composes them.',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'web-shared-below-features',
      comment: 'Shared code (components, lib, config, testing) never imports a feature or the app.',
      severity: 'error',
      from: { path: `${WEB}(components|lib|config|testing)/` },
      to: { path: `${WEB}(features|app)/` },
    },
    {
      name: 'web-features-below-app',
      comment: 'Features never import the app (its router, shell, registries or route modules).',
      severity: 'error',
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'web-and-server-apart',
      comment: 'The web app and the server share only packages/contracts.',
      severity: 'error',
      from: { path: '^apps/(web|server)/' },
      to: { path: '^apps/(web|server)/', pathNot: '^apps/$1/' },
    },
    below('kernel', []),
    below('providers', ['kernel']),
    below('config', ['kernel', 'providers']),
    below('platform', ['kernel', 'providers', 'config']),
    below('areas', ['kernel', 'providers', 'config', 'platform']),
    below('seed', ['kernel', 'providers', 'config', 'platform', 'areas']),
    {
      name: 'providers-share-only-their-kernel',
      comment: 'A vendor folder imports its own files and providers/kernel, never another vendor.',
      severity: 'error',
      from: { path: `${SRC}providers/([^/]+)/`, pathNot: notTest },
      to: {
        path: `${SRC}providers/`,
        pathNot: [`${SRC}providers/$1/`, `${SRC}providers/kernel/`],
      },
    },
    {
      name: 'fake-vendors-stand-alone',
      comment: 'The fake vendor servers answer as the vendors document, never with our own code.',
      severity: 'error',
      from: { path: '^packages/fake-vendors/' },
      to: { path: '^(apps|packages/contracts)/' },
    },
    {
      name: 'areas-meet-through-their-index',
      comment: "An area reaches another area only through that area's index.ts.",
      severity: 'error',
      from: { path: `${SRC}areas/([^/]+)/`, pathNot: notTest },
      to: {
        path: `${SRC}areas/`,
        pathNot: [`${SRC}areas/$1/`, `${SRC}areas/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'seed-and-main-meet-areas-through-their-index',
      comment:
        "The seed and the composition root use an area's index.ts (or the catalog), never its files.",
      severity: 'error',
      from: { path: `${SRC}(seed|main)/`, pathNot: notTest },
      to: {
        path: `${SRC}areas/`,
        pathNot: [`${SRC}areas/[^/]+/index\\.ts$`, `${SRC}areas/catalog\\.ts$`],
      },
    },
    {
      name: 'areas-catalog-from-the-top',
      comment:
        'Only the composition root and the seed read the list of every area; areas name what they need.',
      severity: 'error',
      from: { path: SRC, pathNot: [`${SRC}(main|seed|test)/`, notTest] },
      to: { path: `${SRC}areas/catalog\\.ts$` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    // Type-only imports count: a layer that needs another's types depends on it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: require('node:path').join(__dirname, 'apps/server/tsconfig.json') },
  },
};
