// The mail drafts a page opens (the Members page hands a mailto: URL to the browser after an invite).
// A mailto: navigation makes no request and commits no page, so it is read where the browser
// reports every navigation a script asks for: CDP's Page.frameRequestedNavigation. Full Chromium
// also logs its external-handler launch to the console, but the headless shell the suite runs on
// (decision 030) has no external handlers; this works on both.
import type { Page } from '@playwright/test';

export interface MailDrafts {
  /** Every mailto: URL the page asked for so far, decoded. */
  readonly all: string[];
  /** The next draft asked for after this call (or one asked for since the last `next`), decoded. */
  next(): Promise<string>;
}

export async function watchMailDrafts(page: Page): Promise<MailDrafts> {
  const all: string[] = [];
  let taken = 0;
  const waiting: Array<(url: string) => void> = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Page.frameRequestedNavigation', (event: { url: string }) => {
    if (!event.url.startsWith('mailto:')) return;
    const draft = decodeURIComponent(event.url);
    all.push(draft);
    const resolve = waiting.shift();
    if (resolve) {
      taken = all.length;
      resolve(draft);
    }
  });
  await cdp.send('Page.enable');
  return {
    all,
    next: () => {
      const unread = all[taken];
      if (unread !== undefined) {
        taken += 1;
        return Promise.resolve(unread);
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}
