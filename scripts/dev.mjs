// `npm run dev`: the API server (restarting on change) and Vite's dev server with hot reload, which
// proxies /api to the API server. Both stop together on Ctrl-C or when either exits.
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT ?? '8080';
// Links the server hands out (login links, invitations) lead to the hot-reloading console.
const publicUrl = process.env.PUBLIC_URL ?? 'http://127.0.0.1:5173';
const children = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', 'server/src/main.ts'], {
    stdio: 'inherit',
    // Every answer checked against its zod schema as the tests do (decision 027).
    env: { CHECK_RESPONSES: '1', ...process.env, PORT: apiPort, PUBLIC_URL: publicUrl },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
];

function stopAll(code) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
