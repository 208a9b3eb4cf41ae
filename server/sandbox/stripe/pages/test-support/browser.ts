import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

// Debian's Chromium, as the project's Playwright tests use it (never a downloaded browser): its
// headless shell when installed, a third of the full browser's CPU per page (decision 030).
const headlessShell = '/usr/bin/chromium-headless-shell';
const executablePath =
  process.env.E2E_CHROMIUM ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

/** Debian's Chromium, as the project's Playwright tests use it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
