// A phone as the browser tests hold it: 390×844 CSS pixels, touch, DPR 2, and the
// measurements the phone sweep and the phone tests take from the page itself.
import type { Browser, BrowserContext, Page } from '@playwright/test';

export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
} as const;

export function phoneContext(
  browser: Browser,
  colorScheme: 'light' | 'dark' = 'light',
  width: number = PHONE.viewport.width,
): Promise<BrowserContext> {
  return browser.newContext({ ...PHONE, viewport: { ...PHONE.viewport, width }, colorScheme });
}

/**
 * What does not fit the phone: a page wider than the screen (on a mobile viewport Chromium widens
 * the layout viewport to the content, so innerWidth is checked too), a button or link ending past
 * the right edge (in a sideways scroller too: out of reach without a hint), a button or link whose
 * text is cut off inside it, an empty field whose placeholder does not fit it, and a visible 'null',
 * 'undefined' or 'NaN' (left out with `words: false`, for a test of the layout alone). Each problem is
 * one line naming what and where.
 */
export function phoneProblems(page: Page, { words = true } = {}): Promise<string[]> {
  const width = page.viewportSize()?.width ?? PHONE.viewport.width;
  return page.evaluate(
    ({ limit, words }) => {
      const problems: string[] = [];
      const pageWidth = Math.max(document.documentElement.scrollWidth, window.innerWidth);
      if (pageWidth > limit) problems.push(`the page is ${pageWidth}px wide`);
      const name = (element: Element) =>
        (element.getAttribute('aria-label') || element.textContent || element.tagName).trim().slice(0, 40);
      for (const element of document.querySelectorAll('a[href], button, [role="button"], [role="link"]')) {
        if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        if (box.right > limit + 0.5) problems.push(`'${name(element)}' ends at ${Math.round(box.right)}px`);
        // Text clipped by the button itself or by its label: whether it fits depends on the fonts.
        for (const part of [element, ...element.querySelectorAll('*')]) {
          const overflow = getComputedStyle(part).overflowX;
          const clips = overflow === 'hidden' || overflow === 'clip';
          if (clips && part.scrollWidth > part.clientWidth + 1) {
            problems.push(`'${name(element)}' is cut off (${part.scrollWidth}px in ${part.clientWidth}px)`);
            break;
          }
        }
      }
      const measure = document.createElement('canvas').getContext('2d');
      for (const input of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
        if (!measure || input.value || !input.checkVisibility({ visibilityProperty: true })) continue;
        const style = getComputedStyle(input);
        measure.font = style.font;
        const needed = measure.measureText(input.placeholder).width;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        if (needed > room + 1) {
          problems.push(`the placeholder '${input.placeholder}' needs ${Math.ceil(needed)}px in ${room}px`);
        }
      }
      if (!words) return problems;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // 'nullnull' too (two missing values side by side), not 'nullable'.
        const found = node.textContent?.match(/(?<![A-Za-z])(?:null|undefined|NaN)+(?![a-z])/);
        const parent = node.parentElement;
        if (!found || !parent?.checkVisibility({ visibilityProperty: true })) continue;
        // Data shown as JSON (the event stream's viewer) writes null as null.
        if (parent.closest('[data-raw-json]')) continue;
        problems.push(`'${found[0]}' shows in '${node.textContent?.trim().slice(0, 60)}'`);
      }
      return problems;
    },
    { limit: width, words },
  );
}
