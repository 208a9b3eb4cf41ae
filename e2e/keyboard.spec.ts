// The keyboard-only run (issue 14, Accessibility): an owner signs in, invites a member, changes a
// role, cancels the subscription through the survey and subscribes again with a card, with nothing
// but keyboard.press and keyboard.type. On the way: the focus is always visible, dialogs keep it
// inside, Escape closes them, and closing gives it back to the button that opened them.
import { expect, type Page, test } from '@playwright/test';
import { CARDS, statusFlash } from './support/billing';
import { loginUrl, seedReset } from './support/cli';
import { expectFocusOn, expectFocusTrapped, tabTo } from './support/keyboard';

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async () => {
  await seedReset();
});

const dialog = (page: Page) => page.getByRole('dialog');
const navLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name, exact: true });

/** Presses Enter on the target once Tab has reached it. */
async function activate(page: Page, target: ReturnType<Page['getByRole']>): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press('Enter');
}

/** Moves through an open menu with the arrow keys to the item, then presses Enter. */
async function chooseMenuItem(page: Page, name: string): Promise<void> {
  const item = page.getByRole('menuitem', { name, exact: true });
  await expect(item).toBeVisible();
  for (let presses = 0; presses < 10; presses++) {
    if (await item.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(item).toBeFocused();
  await page.keyboard.press('Enter');
}

test('an owner invites, changes a role, cancels through the survey and subscribes with a card, by keyboard', async ({
  page,
}) => {
  // Signing in is opening the link the app or the mail gives (no pointer involved).
  await page.goto(await loginUrl('olivia@acme.test', 'Acme Inc'));
  await expect(page).toHaveURL(/\/overview$/);

  // Members, by the team nav.
  await activate(page, navLink(page, 'Members'));
  await expect(page).toHaveURL(/\/users$/);
  const list = page.getByRole('list', { name: 'Members' });
  await expect(list.getByRole('listitem', { name: 'Mia Member' })).toBeVisible();

  // Invite a member.
  await tabTo(page, page.getByRole('textbox', { name: 'Invite people' }));
  await page.keyboard.type('kira@example.test');
  await activate(page, page.getByRole('button', { name: 'Invite', exact: true }));
  await expect(page.getByText('Invitation was sent')).toBeVisible();
  await expect(list.getByRole('listitem', { name: 'kira@example.test' })).toBeVisible();

  // Change a role from the row's menu.
  const miaActions = list.getByRole('button', { name: 'Actions for Mia Member' });
  await activate(page, miaActions);
  await chooseMenuItem(page, 'Make admin');
  await expect(
    list.getByRole('listitem', { name: 'Mia Member' }).getByText('Admin', { exact: true }),
  ).toBeVisible();

  // A confirmation dialog keeps the focus, Escape closes it, the focus returns to the row's button.
  await activate(page, miaActions);
  await chooseMenuItem(page, 'Delete');
  await expect(dialog(page).getByText('You are going to remove Mia Member from Acme Inc.')).toBeVisible();
  await expectFocusTrapped(page, dialog(page));
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await expectFocusOn(miaActions);
  await expect(list.getByRole('listitem', { name: 'Mia Member' })).toBeVisible();

  // Billing, by the team nav.
  await activate(page, navLink(page, 'Billing'));
  await expect(page.getByRole('region', { name: 'Plan and subscription' })).toBeVisible();

  // The cancel dialog: trapped, Escape closes it, the focus returns to 'Cancel subscription'.
  const cancel = page.getByRole('button', { name: 'Cancel subscription', exact: true });
  await activate(page, cancel);
  await expect(dialog(page)).toBeVisible();
  await expectFocusTrapped(page, dialog(page));
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await expectFocusOn(cancel);

  // Cancel through the survey (it closes itself after 5 s: answer at once).
  await page.keyboard.press('Enter');
  await activate(page, dialog(page).getByRole('button', { name: 'Cancel Subscription', exact: true }));
  await activate(page, dialog(page).getByRole('button', { name: 'Too expensive' }));
  await expect(statusFlash(page, 'Subscription was cancelled')).toBeVisible();

  // Subscribe again with a card: Renew, the billing details step, the card step.
  await activate(page, page.getByRole('button', { name: 'Renew' }));
  await expect(dialog(page).getByRole('heading', { name: 'Billing Details 1 of 2' })).toBeVisible();
  await activate(page, dialog(page).getByRole('button', { name: 'Next' }));
  await expect(dialog(page).getByRole('heading', { name: 'Payment Details 2 of 2' })).toBeVisible();
  await expectFocusTrapped(page, dialog(page), 6);
  const card = dialog(page).getByRole('group', { name: 'Card details' });
  await tabTo(page, card.getByRole('textbox', { name: 'Card number' }));
  await page.keyboard.type(CARDS.good);
  // The card field moves on by itself once a part is complete, as Stripe's does.
  await expect(card.getByRole('textbox', { name: 'Expiration' })).toBeFocused();
  await page.keyboard.type('1234');
  await expect(card.getByRole('textbox', { name: 'CVC' })).toBeFocused();
  await page.keyboard.type('123');
  await activate(page, dialog(page).getByRole('button', { name: 'Update Billing Info' }));
  await expect(statusFlash(page, 'Subscription was renewed')).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Payment details' }).getByText(/•••• 4444/)).toBeVisible();
});
