// Keyboard-only helpers for e2e/keyboard.spec.ts: move with Tab, act with Enter, Space and arrows,
// and check where the focus is and that it can be seen. No mouse call anywhere.
import { expect, type Locator, type Page } from '@playwright/test';

const MAX_TABS = 60;

/** True when the locator's element has the focus. */
const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until the target has the focus; fails after MAX_TABS presses. */
export async function tabTo(page: Page, target: Locator, backwards = false): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < MAX_TABS; presses++) {
    if (await isFocused(target)) {
      await expectFocusVisible(page);
      return;
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${MAX_TABS} presses of Tab never reached ${target}`);
}

/**
 * The focused element shows it: it matches :focus-visible (the browser's keyboard-focus state) and
 * draws an outline or a focus ring (box-shadow), or is a text field (the caret).
 */
export async function expectFocusVisible(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing focused';
    if (!element.matches(':focus-visible')) return `${element.outerHTML.slice(0, 80)} is not :focus-visible`;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none';
    // A text field shows its focus with the caret (and Mantine turns its border the primary colour).
    const field = element.matches('input, textarea, select');
    return outline || shadow || field ? 'visible' : `${element.outerHTML.slice(0, 80)} has no focus ring`;
  });
  expect(ring).toBe('visible');
}

/** Tabbing forwards and backwards around a dialog never leaves it. */
export async function expectFocusTrapped(page: Page, dialog: Locator, presses = 12): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press < presses; press++) {
      await page.keyboard.press(key);
      const inside = await dialog.evaluate((element) => element.contains(document.activeElement));
      expect(inside, `focus left the dialog after ${press + 1} × ${key}`).toBe(true);
    }
  }
}

/** The focus is back on the element that opened a dialog. */
export async function expectFocusOn(target: Locator): Promise<void> {
  await expect.poll(() => isFocused(target)).toBe(true);
}
