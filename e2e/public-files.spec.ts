import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { authCode, E2E_BASE_URL, loginUrl } from './support/cli';

const GONE_TEXT = 'The file is not available for downloading because it was deleted by the sender';
const INVALID_TEXT = 'Invalid URL, please ask the sender to send it to you again';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const newSecret = () => `${Array.from(randomBytes(43), (b) => ALNUM[b % 62]).join('')}=`;

async function signInAsStaff(page: Page) {
  await page.goto(await loginUrl('staff@spark.test'));
  // Staff have no team: the sign-in ends on home.
  await expect(page.getByText('Pick a team to start')).toBeVisible();
}

/** A staff access token through the real code exchange, for files made over the API. */
async function staffToken(): Promise<string> {
  const response = await fetch(`${E2E_BASE_URL}/api/v2/auth/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: await authCode('staff@spark.test') }),
  });
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** Uploads a file over the API as staff (`token`), under `secret`; answers its key. */
async function uploadFile(token: string, secret: string, name: string, content: string, info?: object) {
  const form = new FormData();
  if (info) form.set('info', JSON.stringify(info));
  form.set('file', new Blob([content]), name);
  const uploaded = await fetch(`${E2E_BASE_URL}/api/v1/files?s=${secret}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(uploaded.status, await uploaded.clone().text()).toBe(200);
  return ((await uploaded.json()) as { key: string }).key;
}

test('staff upload a file with progress, and a visitor downloads the same bytes', async ({
  page,
  browser,
}, testInfo) => {
  const bytes = randomBytes(12 * 1024 * 1024);
  const source = testInfo.outputPath('quarterly-report.pdf');
  await writeFile(source, bytes);

  await signInAsStaff(page);
  await page.goto('/public-files/upload');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload a public file' })).toBeVisible();

  // No file: the form says so and sends nothing.
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('File must not be empty')).toBeVisible();

  await page.getByLabel(/^File/).setInputFiles(source);
  await page.getByLabel('Sender').fill('Sid from Spark');
  // The upload is throttled so its progress can be watched (the browser's own network emulation).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 4 * 1024 * 1024,
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  // Part-way: the bar (its value) and the percentage both move before the upload completes.
  const partWay = /^([1-9]|[1-9]\d)$/;
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
    'aria-valuenow',
    partWay,
  );
  await expect(page.getByText(/^Uploading\.\.\. ([1-9]|[1-9]\d)%$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'File uploaded' })).toBeVisible({ timeout: 20_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const link = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(link).toMatch(/\/public-files\/[A-Za-z0-9_-]{22}\?s=[A-Za-z0-9]{43}%3D$/);

  // A visitor, in a browser without the staff session.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(link);
  await expect(visitorPage.getByRole('heading', { level: 1, name: 'quarterly-report.pdf' })).toBeVisible();
  await expect(visitorPage.getByText('From Sid from Spark')).toBeVisible();
  await expect(visitorPage.getByText(/^File will be deleted in [67] days$/)).toBeVisible();
  await expect(visitorPage.getByText(/The sender is responsible for the content/)).toBeVisible();
  await expect(visitorPage.getByText(/Caution/)).toHaveCount(0);
  const downloading = visitorPage.waitForEvent('download');
  await visitorPage.getByRole('link', { name: 'Download (12 MB)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('quarterly-report.pdf');
  const received = await readFile((await download.path()) as string);
  expect(received.equals(bytes)).toBe(true);
  await visitor.close();
});

test("an expired file's link says the file is not available", async ({ page }) => {
  const secret = newSecret();
  // The token first: the CLI takes a moment, and the file must still be live when it arrives.
  const token = await staffToken();
  // Ten seconds to live, and after the live card only what is left of them is waited for: with three,
  // the page's load on a loaded machine sometimes took longer than the file lived (decision 034).
  const expiresAt = Math.floor(Date.now() / 1000) + 10;
  const key = await uploadFile(token, secret, 'setup.exe', 'soon gone', { expiresAt });

  // Still live: the card, with the caution for a program.
  await page.goto(`/public-files/${key}?s=${secret}`);
  await expect(page.getByRole('heading', { level: 1, name: 'setup.exe' })).toBeVisible();
  await expect(page.getByText(/Caution: this file is a program/)).toBeVisible();

  // The server's clock is this machine's: half a second past the expiry.
  await page.waitForTimeout(Math.max(0, expiresAt * 1000 - Date.now()) + 500);
  await page.reload();
  await expect(page.getByText(GONE_TEXT)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /Download/ })).toHaveCount(0);
});

test('a wrong secret says the file is not available; a mangled link says the URL is invalid', async ({
  page,
}) => {
  const key = await uploadFile(await staffToken(), newSecret(), 'hello.txt', 'hello');

  await page.goto(`/public-files/${key}?s=${newSecret()}`);
  await expect(page.getByText(GONE_TEXT)).toBeVisible();
  await expect(page.getByRole('link', { name: /Download/ })).toHaveCount(0);

  await page.goto(`/public-files/${key}?s=tooshort`);
  await expect(page.getByText(INVALID_TEXT)).toBeVisible();
});

test("a first load asks for the file beside the page's code, and paints the card without a loading state", async ({
  page,
}) => {
  const secret = newSecret();
  const key = await uploadFile(await staffToken(), secret, 'hello.txt', 'hello', { meta: { from: 'Sid' } });

  // The page's own code is held back until the file's answer is in, or 5 s: the file's request must
  // not wait for it (decision 040). A page that asked only from its code would show the hold's end.
  const isFileCall = (url: string) => new URL(url).pathname === `/api/v1/public-files/${key}`;
  let fileAnswered = () => {};
  const fileAnswer = new Promise<void>((resolve) => {
    fileAnswered = resolve;
  });
  page.on('requestfinished', (request) => {
    if (isFileCall(request.url())) fileAnswered();
  });
  let pageCodeAnsweredAt = 0;
  await page.route(/\/assets\/public-file\.group-[\w-]+\.js$/, async (route) => {
    await Promise.race([fileAnswer, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    pageCodeAnsweredAt = Date.now();
    await route.continue();
  });
  const fileAsked: number[] = [];
  page.on('request', (request) => {
    if (isFileCall(request.url())) fileAsked.push(Date.now());
  });
  // Whether the console ever rendered its loading card itself: the prerendered page's HTML has it
  // (the parser's nodes, before DOMContentLoaded); once its code runs, the file's card replaces it.
  await page.addInitScript(() => {
    const observer = new MutationObserver((records) => {
      if (document.readyState === 'loading') return;
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node.textContent?.includes('Loading...')) document.documentElement.dataset.loadingShown = 'yes';
        }
      }
    });
    observer.observe(document, { childList: true, subtree: true });
    // With no script to block it, the parser may insert the whole body before the observer hears of
    // it: those records are the HTML's, dropped as parsing ends (before any deferred script runs).
    document.addEventListener('readystatechange', () => observer.takeRecords(), { once: true });
  });

  await page.goto(`/public-files/${key}?s=${secret}`);
  await expect(page.getByRole('heading', { level: 1, name: 'hello.txt' })).toBeVisible();
  await expect(page.getByText('From Sid')).toBeVisible();
  expect(fileAsked).toHaveLength(1);
  expect(fileAsked[0]).toBeLessThan(pageCodeAnsweredAt);
  expect(await page.evaluate(() => document.documentElement.dataset.loadingShown ?? 'no')).toBe('no');
});
