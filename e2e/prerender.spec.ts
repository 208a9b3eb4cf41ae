// The public pages a visitor opens from a link paint from their HTML (src/prerender/): the server's
// answer carries each page's first frame and no inline script; React takes that HTML over without a
// mismatch (the nodes painted first are the nodes that stay); the colour scheme is right before any
// script runs (the system's by the inlined rules, a pick by the server's mark from its cookie), with
// the frame's style rules inlined and the style sheets asked for after the paint; and what is not
// wired yet is disabled, not dead.
import { expect, test } from '@playwright/test';
import { hold, holdConsoleCode, watchErrors } from './support/held-code';

const PAGES = [
  { path: '/web-login', heading: 'Welcome to Spark for Teams', settled: 'Welcome to Spark for Teams' },
  {
    path: '/accept-invitation?key=nobodys-key',
    heading: 'Team invitation',
    settled: 'Invitation link is expired or invalid.',
  },
  { path: '/back-to-app?key=nobodys-key', heading: 'Back to Spark', settled: 'Redirect key is invalid.' },
  {
    path: `/public-files/nobodys-file?s=${'a'.repeat(44)}`,
    heading: 'Download file',
    settled: 'Invalid URL, please ask the sender',
  },
  { path: '/no/such/page', heading: 'Page not found', settled: 'Page not found' },
];

test('each public page arrives with its first frame in the HTML and no inline script', async ({
  request,
}) => {
  for (const { path, heading } of PAGES) {
    const response = await request.get(path, { headers: { accept: 'text/html' } });
    const html = await response.text();
    expect(response.headers()['content-security-policy'], path).toContain("script-src 'self'");
    expect(html, path).toContain(`>${heading}</h1>`);
    // Every script element names its file: the CSP allows no inline script.
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const script of scripts) expect(script, path).toMatch(/\ssrc="\/assets\//);
    expect(html, path).not.toMatch(/<script\b[^>]*>[^<]/);
    // The inlined rules declare only the variables the page reads (Mantine's :root rules declare
    // some four hundred; the full style sheets bring the rest after the paint).
    const inlined = /<head>[\s\S]*?<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const declared = new Set([...inlined.matchAll(/[{;](--[\w-]+):/g)].map((match) => match[1]));
    expect(declared.size, path).toBeGreaterThan(0);
    expect(declared.size, path).toBeLessThan(150);
    for (const name of declared) expect(html, `${path} ${name}`).toMatch(new RegExp(`var\\(${name}[,)\\s]`));
  }
});

test('React takes over the prerendered HTML without a mismatch', async ({ page }) => {
  const errors = watchErrors(page);
  for (const { path, heading, settled } of PAGES) {
    const release = await holdConsoleCode(page);
    await page.goto(path, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: heading, includeHidden: true })).toHaveCount(1);
    // A mark on a painted node every state of the page keeps (the layout's link): a page rendered
    // afresh after a mismatch would have lost it.
    const painted = page.getByRole('link', { name: 'Get Spark' });
    await painted.evaluate((node) => Object.assign(node, { paintedFirst: true }));
    release();
    await expect(page.getByText(settled).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const kept = await painted.evaluate(
      (node) => (node as unknown as { paintedFirst?: boolean }).paintedFirst === true,
    );
    expect(kept, path).toBe(true);
    await page.unroute(/\/assets\/index-[\w-]+\.js$/);
  }
  expect(errors).toEqual([]);
});

test('a dark system, or a picked scheme, is the first paint from the HTML alone, before any script runs', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  // The style sheets and every script held: the HTML, its inlined rules and the server's mark paint it.
  const releaseStyles = await hold(page, /\/assets\/[\w-]+\.css$/);
  const releaseStart = await hold(page, /\/assets\/prerendered-start-[\w-]+\.js$/);
  const release = await holdConsoleCode(page);
  // Until 'commit' only: the load event waits for the held scripts.
  await page.goto('/web-login', { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { name: 'Welcome to Spark for Teams' });
  await expect(heading).toBeVisible();
  const scheme = () =>
    page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
  const looks = () =>
    page.evaluate(() => ({
      background: getComputedStyle(document.body).backgroundColor,
      text: getComputedStyle(document.querySelector('h1') as Element).color,
    }));
  // Unmarked (no script has run), and dark by the system's preference: Mantine's dark body (dark 7)
  // and text (dark 0), not white and black.
  expect(await scheme()).toBeNull();
  expect(await looks()).toEqual({ background: 'rgb(36, 36, 36)', text: 'rgb(201, 201, 201)' });

  // A pick made in the user menu is stored; the start script keeps it in a cookie...
  await page.evaluate(() => localStorage.setItem('spark-console:color-scheme', 'light'));
  releaseStart();
  await expect
    .poll(() => page.context().cookies())
    .toContainEqual(expect.objectContaining({ name: 'spark-color-scheme', value: 'light' }));
  await page.unroute(/\/assets\/prerendered-start-[\w-]+\.js$/);
  // ...and the server marks the next page with it, so the pick wins over the system's before any
  // script has run.
  const releaseStartAgain = await hold(page, /\/assets\/prerendered-start-[\w-]+\.js$/);
  await page.reload({ waitUntil: 'commit' });
  await expect(heading).toBeVisible();
  expect(await scheme()).toBe('light');
  expect(await looks()).toEqual({ background: 'rgb(255, 255, 255)', text: 'rgb(0, 0, 0)' });
  releaseStartAgain();
  releaseStyles();
  release();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeEnabled();
  expect(await scheme()).toBe('light');
});

test('the frame paints styled from the HTML alone, the style sheets asked for only after it', async ({
  page,
}) => {
  const styleSheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') styleSheets.push(request.url());
  });
  const releaseStyles = await hold(page, /\/assets\/[\w-]+\.css$/);
  const releaseCode = await holdConsoleCode(page);
  await page.goto('/web-login', { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { name: 'Welcome to Spark for Teams' });
  await expect(heading).toBeVisible();
  // Mantine's rules, not the browser's defaults: the body's margin and font, the title's weight.
  const looks = await heading.evaluate((node) => {
    const body = getComputedStyle(document.body);
    return { margin: body.margin, font: body.fontFamily, weight: getComputedStyle(node).fontWeight };
  });
  expect(looks).toEqual({
    margin: '0px',
    font: expect.stringContaining('BlinkMacSystemFont'),
    weight: '600',
  });
  // The whole sheets come after the paint, from the start script, not from the HTML.
  await expect.poll(() => styleSheets.length).toBeGreaterThan(0);
  const linked = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.parentElement?.tagName),
  );
  expect(linked.length).toBeGreaterThan(0);
  expect(linked.every((parent) => parent === 'HEAD')).toBe(true);
  releaseStyles();
  releaseCode();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeEnabled();
});

test('/web-login: the field and the buttons are disabled until the page works', async ({ page }) => {
  const release = await holdConsoleCode(page);
  // Until 'commit' only: the load event waits for the held module.
  await page.goto('/web-login', { waitUntil: 'commit' });
  const email = page.getByRole('textbox', { name: 'Email' });
  const google = page.getByRole('button', { name: 'Continue with Google' });
  await expect(google).toBeVisible();
  await expect(email).toBeDisabled();
  await expect(google).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeDisabled();

  release();
  await expect(email).toBeEnabled();
  await expect(google).toBeEnabled();
  await email.fill('visitor@example.com');
  await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeEnabled();
});
