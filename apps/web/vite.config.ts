import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, once, at
 * the highest levels; the server sends them to browsers that accept them (@fastify/static
 * `preCompressed`), so nothing is compressed per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
  return {
    name: 'pinpoint-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file) || statSync(file).size < 1024) continue;
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * Chunks for the signed-in data layer. Left to itself the bundler cuts these modules into a
 * dozen small chunks (each page loads a different mix of them), and each chunk compresses on
 * its own: grouped, every signed-in page downloads about 6 KB less (scripts/bundle-budget.mjs).
 * Only these modules are grouped, not their dependencies (React, the zod-free contract
 * modules the login page uses), so the login page loads none of them; the budget script
 * refuses chunks that import each other in a cycle, which grouping without dependencies
 * could otherwise produce.
 */
const chunkGroups = [
  // Any page that calls the API: zod, the gateway client and its error envelope.
  {
    name: 'gateway',
    test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/](api-client|local-cache)\.ts$|[\\/]contracts[\\/]src[\\/]errors\.ts$/,
  },
  // Scan and alert schemas, shared by the signed-in frame and the public shared-scan pages.
  {
    name: 'grid-contracts',
    test: /[\\/]contracts[\\/]src[\\/](domain|search|rank-grid[\\/](alerts|quadrants|scans|settings|metrics))\.ts$/,
  },
  // The signed-in frame: session, sign-out, realtime events and their schemas.
  {
    name: 'signed-in',
    test: /[\\/]src[\\/]lib[\\/](session-store|realtime|use-realtime)\.ts$|[\\/]features[\\/]auth[\\/]api[\\/]auth-api\.ts$|[\\/]contracts[\\/]src[\\/](identity|social|realtime|notifications|clients|rank-grid[\\/](batches|gif))\.ts$/,
  },
  // React Bootstrap and the libraries under it: every signed-in page uses them, the login page
  // does not (plain Bootstrap markup). Split by the bundler, the overview waited on 40 script files, which a phone
  // on HTTP/1.1 fetches six at a time (Lighthouse's mobile LCP); grouped: 27, and 4.5 KB less.
  {
    name: 'ui',
    test: /node_modules[\\/](react-bootstrap|@restart|dom-helpers|classnames|uncontrollable|@popperjs|prop-types|warning|invariant|react-transition-group|@react-aria|react-aria|@react-types|@swc|dequal)[\\/]/,
  },
].map((group) => ({ ...group, includeDependenciesRecursively: false }));

// In development the API runs on its own process at :3000 (SPEC §7); the dev server
// forwards API, gateway and socket paths to it so the browser sees one origin.
const apiTarget = process.env.PINPOINT_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/database': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
      '/ws': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // scripts/bundle-budget.mjs reads the manifest to measure what each page downloads.
    manifest: true,
    target: 'es2022',
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
});
