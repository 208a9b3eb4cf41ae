import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (server/) listens on 8080 by default; in development Vite proxies /api to it.
const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // /v1 and /sandbox: the built-in Stripe sandbox (API, hosted pages, Stripe.js stand-in) lives in the
  // API server; its 3-D Secure page may only be framed by a page of its own origin.
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/api', '/v1', '/sandbox'].map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
    ),
  },
  build: { outDir: 'dist', sourcemap: true },
});
