import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildStampMeta } from './scripts/vite-build-stamp.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { preloadNotLoadedYet } from './scripts/vite-preload-dependencies.ts';
import { prerender } from './scripts/vite-prerender.ts';
import { reactRouterShaking } from './scripts/vite-react-router-shaking.ts';
import { SIGNED_IN_MANTINE, signedInChunks } from './scripts/vite-signed-in-chunk.ts';

// The API server (server/) listens on 8080 by default; in development Vite proxies /api to it.
const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

// react-router's package exports resolve to its development build even in production (dev warnings
// on, remix-run/react-router#12532, #14102); a production build takes its production build instead.
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command }) => ({
  // precompress: a .br and .gz beside each text file of the build, sent as they are by the server.
  // reactRouterShaking: react-router's unused components (Link, Form, ...) left out (decision 004).
  // buildStampMeta: <meta name="version"> with the name, version and commit of the build.
  // prerender: the public pages' first frame in dist/prerendered/ (src/prerender/).
  plugins: [react(), precompress(), reactRouterShaking(), buildStampMeta(), prerender()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // @xstate/react imports use-sync-external-store's shim, for React before 18; React 19 has the
      // hook, which the package's plain entries hand on: about 0.5 KB gz less on every page.
      {
        find: /^use-sync-external-store\/shim\/with-selector$/,
        replacement: 'use-sync-external-store/with-selector',
      },
      { find: /^use-sync-external-store\/shim$/, replacement: 'use-sync-external-store' },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  // /v1 and /sandbox: the built-in Stripe sandbox (API, hosted pages, Stripe.js stand-in) lives in the
  // API server; its 3-D Secure page may only be framed by a page of its own origin.
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/api', '/v1', '/sandbox'].map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
    ),
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: the chunk graph the weight benchmark and the size budgets read.
    manifest: true,
    // A dynamic import preloads only what the entry has not loaded already. No polyfill for browsers
    // without modulepreload: it cost every first visit about 350 B gz, and such a browser still
    // loads every module, only without the hint.
    modulePreload: { polyfill: false, resolveDependencies: preloadNotLoadedYet },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every first visit loads (modules the entry imports statically) in two chunks, the
          // libraries and the app shell, rather than a dozen shared fragments each compressed on its
          // own: about 6 KB gz less on every page. Route groups stay lazy chunks of their own.
          groups: [
            { name: 'vendor', tags: ['$initial'], test: /[\\/]node_modules[\\/]/ },
            // Mantine's text input and the buttons inside it (Input, TextInput, CloseButton, ActionIcon,
            // useId): the sign-in pages' and every team page's first visit, five fragments compressed
            // on their own until issue 22; as one chunk about 1 KB gz less (decision 028).
            {
              name: 'inputs',
              test: /[\\/]@mantine[\\/](core[\\/]esm[\\/]components[\\/](Input|TextInput|CloseButton|ActionIcon)[\\/]|hooks[\\/]esm[\\/]use-id[\\/])/,
            },
            {
              name: 'shell',
              tags: ['$initial'],
              test: (id) => /[\\/]src[\\/]/.test(id) && !/[\\/]src[\\/]main\.tsx$/.test(id),
            },
            // What the signed-in pages share, in three chunks rather than the 25 fragments a team
            // page fetched a few round trips after another (decision 031). The second group takes
            // only the modules it names: their dependencies stay where public pages find them.
            { name: 'signed-in-mantine', test: SIGNED_IN_MANTINE },
            { name: signedInChunks(), debugName: 'signed-in', includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
}));
