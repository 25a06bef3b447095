import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs on its own process at :3000 (SPEC §7); the dev server
// forwards API, gateway and socket paths to it so the browser sees one origin.
const apiTarget = process.env.PINPOINT_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
  },
});
