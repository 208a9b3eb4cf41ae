// What the screenshot scripts share: the demo server they talk to, its CLI (for login links and
// resets), the folder they write to, the two sizes, and signing in by a login link.
import { execFileSync } from 'node:child_process';

const port = process.env.E2E_PORT ?? '8260';
export const base = `http://127.0.0.1:${port}`;
export const out = 'docs/screenshots/first-use-2';

export const cli = (...args) =>
  execFileSync(process.execPath, ['dist-server/cli.mjs', ...args], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? '.data-e2e', PUBLIC_URL: base, PORT: port },
    encoding: 'utf8',
  }).trim();

/** 1280 px and a 390 px touch phone, the phone drawn at `phoneScale` (1 keeps the files small). */
export const sizes = (phoneScale) => [
  { name: '1280', viewport: { width: 1280, height: 900 }, isMobile: false, deviceScaleFactor: 1 },
  { name: '390', viewport: { width: 390, height: 844 }, isMobile: true, deviceScaleFactor: phoneScale },
];

/** Follows a login link until the console has let the person in. */
export async function signIn(page, email, team) {
  await page.goto(team ? cli('login-url', email, '--team', team) : cli('login-url', email));
  await page.waitForURL((url) => !url.pathname.startsWith('/login') && !url.pathname.startsWith('/auth'), {
    timeout: 60_000,
  });
}
