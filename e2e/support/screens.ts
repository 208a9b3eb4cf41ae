// Every screen and dialog of the console for the accessibility run (e2e/a11y.spec.ts), signed in as
// each role where the screen differs. A screen is one line: who, where, and (for a dialog) the clicks
// that open it. `{team}` in a path is the signed-in team area's prefix, /teams/{tid}-{uid}.
import { expect, type Locator, type Page } from '@playwright/test';
import { authCode, loginUrl, redirectLink } from './cli';
import { signInByLink } from './sign-in';

/** A demo account and, for a team member, the team its sign-in link opens. */
export interface Actor {
  email: string;
  team?: string;
}

export const OWNER: Actor = { email: 'olivia@acme.test', team: 'Acme Inc' };
export const ADMIN: Actor = { email: 'adam@acme.test', team: 'Acme Inc' };
export const MEMBER: Actor = { email: 'mia@acme.test', team: 'Acme Inc' };
export const BASIC_OWNER: Actor = { email: 'bella@bakery.test', team: 'Basic Bakery' };
export const TRIAL_OWNER: Actor = { email: 'tara@trial.test', team: 'Trial Tech' };
export const PERSONAL: Actor = { email: 'solo@example.test' };
export const STAFF: Actor = { email: 'staff@spark.test' };

export interface Screen {
  name: string;
  /** null: a visitor, never signed in. */
  as: Actor | null;
  /** Where to go after signing in; a function for addresses made on the spot (keys, tokens). */
  path: string | (() => Promise<string>);
  /** What shows once the screen (or its dialog) is ready to be checked. */
  ready: (page: Page) => Locator;
  /** Clicks from the screen to the dialog under test. */
  open?: (page: Page) => Promise<void>;
  /**
   * The screen may change the team's data by itself (a dialog that acts when its timer runs out):
   * openAfresh loads the console again for the next screen, so nothing it holds from before shows.
   */
  changesData?: true;
}

const dialog = (page: Page) => page.getByRole('dialog');
const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first();
const text = (value: string | RegExp) => (page: Page) => page.getByText(value).first();
const click =
  (name: string | RegExp, exact = true) =>
  async (page: Page) => {
    await page.getByRole('button', { name, exact }).first().click();
  };
const memberAction = (member: string, action: string) => async (page: Page) => {
  await page.getByRole('button', { name: `Actions for ${member}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
};

export const screens: Screen[] = [
  // Visitors.
  { name: 'login (session expired)', as: null, path: '/login', ready: text('Session expired') },
  { name: 'auth/session-expired', as: null, path: '/auth/session-expired', ready: text('Session expired') },
  { name: 'auth: token invalid', as: null, path: '/auth?token=nonsense', ready: text('Token is invalid') },
  { name: 'web-login', as: null, path: '/web-login', ready: text("Let's add your email") },
  {
    name: 'web-login: verify your email',
    as: null,
    path: '/web-login',
    ready: text('Verify your email'),
    open: async (page) => {
      await page.getByRole('textbox').first().fill('axe-visitor@example.test');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
    },
  },
  {
    name: 'weblogin-success',
    as: null,
    path: async () => `/teams/1-1/weblogin-success?token=${await authCode(TRIAL_OWNER.email)}`,
    ready: heading('Your team is now on Spark Premium!'),
  },
  {
    name: 'accept-invitation: invalid',
    as: null,
    path: `/accept-invitation?key=${'A'.repeat(43)}`,
    ready: text('Invitation link is expired or invalid.'),
  },
  {
    name: 'back-to-app: redirecting',
    as: null,
    path: () => redirectLink('readdle-spark://checkout?result=success&mode=checkout'),
    ready: text('Redirecting back to Spark...'),
  },
  {
    name: 'back-to-app: invalid key',
    as: null,
    path: `/back-to-app?key=${'C'.repeat(43)}`,
    ready: text('Redirect key is invalid.'),
  },
  { name: 'public-file', as: null, path: `/public-files/${'k'.repeat(20)}?s=x`, ready: heading(/.+/) },
  {
    name: 'paddle-pay: not a payment link',
    as: null,
    path: '/paddle-pay?_ptxn=nope',
    ready: text('This payment link is not valid. Please check the link you were sent.'),
  },
  { name: 'page not found', as: null, path: '/no/such/page', ready: text('Page not found') },

  // Home and personal pages.
  { name: 'home: pick a team', as: PERSONAL, path: '/', ready: text('Pick a team to start') },
  { name: 'profile (free)', as: PERSONAL, path: '/profile', ready: heading('Profile') },
  { name: 'profile (team owner)', as: OWNER, path: '/profile', ready: heading('Profile') },
  { name: 'pb/products', as: PERSONAL, path: '/pb/products', ready: text(/per month/) },
  {
    name: 'pb/result: success',
    as: PERSONAL,
    path: '/pb/result?result=success&mode=checkout',
    ready: text('Checkout completed successfully. Thanks for your purchase.'),
  },
  {
    name: 'pb/result: failure',
    as: PERSONAL,
    path: '/pb/result?result=failure&mode=setup',
    ready: text('Failed to update billing details.'),
  },

  // Internal pages.
  {
    name: 'debug-es (staff)',
    as: STAFF,
    path: '/debug-es',
    ready: (page) => page.getByRole('table', { name: 'Events' }),
  },
  { name: 'debug-es (not staff)', as: MEMBER, path: '/debug-es', ready: heading('Event stream') },
  { name: 'public-files/upload (staff)', as: STAFF, path: '/public-files/upload', ready: heading(/.+/) },

  // The team area: overview.
  { name: 'overview (owner)', as: OWNER, path: '{team}/overview', ready: text('Team Preferences') },
  { name: 'overview (admin)', as: ADMIN, path: '{team}/overview', ready: text('Team Preferences') },
  { name: 'overview (member)', as: MEMBER, path: '{team}/overview', ready: text('Team Preferences') },
  {
    name: 'overview (basic owner)',
    as: BASIC_OWNER,
    path: '{team}/overview',
    ready: text('Team Preferences'),
  },
  { name: 'overview (trial owner)', as: TRIAL_OWNER, path: '{team}/overview', ready: text(/Trial ends in/) },
  {
    name: 'overview: not a member',
    as: BASIC_OWNER,
    path: '/teams/1-1/overview',
    ready: text('You are not a member of this team'),
  },
  {
    name: 'overview: edit team name',
    as: OWNER,
    path: '{team}/overview',
    ready: (page) => page.getByRole('textbox', { name: 'Name', exact: true }),
    open: click('Edit team name'),
  },
  {
    name: 'dialog: delete team',
    as: BASIC_OWNER,
    path: '{team}/overview',
    ready: dialog,
    open: click('Delete team'),
  },
  {
    name: 'dialog: leave team',
    as: MEMBER,
    path: '{team}/overview',
    ready: dialog,
    open: click('Leave team'),
  },
  {
    name: 'team selector open',
    as: OWNER,
    path: '{team}/overview',
    ready: (page) => page.getByRole('option').first(),
    open: click(/Acme Inc/, false),
  },
  {
    name: 'user menu open',
    as: OWNER,
    path: '{team}/overview',
    ready: (page) => page.getByRole('menu'),
    open: click(/^Account/, false),
  },

  // Members.
  { name: 'members (owner)', as: OWNER, path: '{team}/users', ready: text('Ben Banned') },
  { name: 'members (admin)', as: ADMIN, path: '{team}/users', ready: text('Ben Banned') },
  { name: 'members (member)', as: MEMBER, path: '{team}/users', ready: text('Ben Banned') },
  {
    name: 'members: invite errors',
    as: OWNER,
    path: '{team}/users',
    ready: text('is invalid'),
    open: async (page) => {
      await page.getByRole('textbox', { name: 'Invite people' }).fill('not-an-address');
      await page.getByRole('button', { name: 'Invite', exact: true }).click();
    },
  },
  {
    name: 'members: row menu',
    as: OWNER,
    path: '{team}/users',
    ready: (page) => page.getByRole('menu'),
    open: click('Actions for Mia Member'),
  },
  {
    name: 'dialog: delete member',
    as: OWNER,
    path: '{team}/users',
    ready: dialog,
    open: memberAction('Mia Member', 'Delete'),
  },
  {
    name: 'dialog: cancel all invitations',
    as: OWNER,
    path: '{team}/users',
    ready: dialog,
    open: click('Cancel all'),
  },

  // Billing and contact-us (owners only).
  { name: 'billing (premium owner)', as: OWNER, path: '{team}/billing', ready: text('Payment details') },
  { name: 'billing (basic owner)', as: BASIC_OWNER, path: '{team}/billing', ready: text(/Upgrade/) },
  { name: 'billing (trial owner)', as: TRIAL_OWNER, path: '{team}/billing', ready: text(/Upgrade|Trial/) },
  { name: 'billing (member)', as: MEMBER, path: '{team}/billing', ready: text(/.+/) },
  {
    name: 'dialog: plan confirmation',
    as: OWNER,
    path: '{team}/billing',
    ready: (page) => dialog(page).getByRole('button', { name: 'Start Pro' }),
    open: click('Upgrade to Pro'),
  },
  {
    name: 'dialog: card form',
    as: OWNER,
    path: '{team}/billing',
    ready: (page) => dialog(page).getByRole('textbox', { name: 'Card number' }),
    open: async (page) => {
      await page
        .getByRole('region', { name: 'Payment details' })
        .getByRole('button', { name: 'Edit' })
        .click();
    },
  },
  {
    name: 'dialog: billing details',
    as: OWNER,
    path: '{team}/billing',
    ready: (page) => page.getByRole('button', { name: 'Update Details' }),
    open: click('Edit Billing Details'),
  },
  {
    name: 'dialog: cancel subscription',
    as: OWNER,
    path: '{team}/billing',
    ready: (page) => dialog(page).getByRole('button', { name: 'Cancel Subscription', exact: true }),
    open: click('Cancel subscription'),
  },
  {
    name: 'dialog: cancel survey',
    as: OWNER,
    path: '{team}/billing',
    ready: (page) => dialog(page).getByRole('button', { name: 'Too expensive' }),
    open: async (page) => {
      await click('Cancel subscription')(page);
      await dialog(page).getByRole('button', { name: 'Cancel Subscription', exact: true }).click();
    },
    // Unanswered for 5 s, the survey closes and cancels the subscription (spec section 4).
    changesData: true,
  },
  { name: 'contact-us (owner)', as: OWNER, path: '{team}/contact-us', ready: heading(/.+/) },
  { name: 'contact-us (basic owner)', as: BASIC_OWNER, path: '{team}/contact-us', ready: heading(/.+/) },
];

/** Signs the actor in (a fresh one-time link); for a team member, answers the team area's prefix. */
export async function signIn(page: Page, actor: Actor): Promise<string> {
  const team = await signInByLink(page, actor.email, actor.team);
  if (!actor.team) await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return team;
}

/**
 * Signs the actor in on the page a test is about: a fresh link's token on that page's own address
 * (auth, then back to it, as the app's links do; support/billing.ts's openBilling does the same), so
 * one console start instead of two (the overview the login link lands on, then the page). `path` may
 * start with `{team}`, the team area's prefix, which is also the answer ('' without a team). For a page
 * nobody is signed in on yet: a signed-in page keeps its session (a login link switches the user).
 */
export async function signInAt(page: Page, actor: Actor, path: string): Promise<string> {
  const link = new URL(await loginUrl(actor.email, actor.team));
  const team = actor.team
    ? `/teams/${link.searchParams.get('team_id')}-${link.searchParams.get('user_id')}`
    : '';
  const target = path.replace('{team}', team);
  const token = encodeURIComponent(link.searchParams.get('token') ?? '');
  await page.goto(`${target}${target.includes('?') ? '&' : '?'}token=${token}`);
  // Signed in and back: the token spent, auth left behind (the page may send on, as /pb/trial does).
  await page.waitForURL((url) => !url.searchParams.has('token') && !url.pathname.startsWith('/auth'));
  return team;
}

/** Opens the screen and its dialog in a page already signed in as its actor (team: signIn's answer). */
export async function openSignedIn(page: Page, screen: Screen, team: string): Promise<void> {
  const target = await screenPath(screen, team);
  const here = page.url().startsWith('http') ? new URL(page.url()) : null;
  if (!here || here.pathname + here.search !== target) await page.goto(target);
  await openAndWait(page, screen);
}

/** Signs the actor in (a fresh one-time link), then opens the screen and its dialog. */
export async function openScreen(page: Page, screen: Screen): Promise<void> {
  const team = screen.as ? await signIn(page, screen.as) : '';
  await openSignedIn(page, screen, team);
}

/** The screen's address for a page signed in as its actor (team: signIn's answer). */
export async function screenPath(screen: Screen, team: string): Promise<string> {
  const path = typeof screen.path === 'function' ? await screen.path() : screen.path;
  return path.replace('{team}', team);
}

/** Opens the screen's dialog, if it has one, on the screen shown, and waits for what shows it ready. */
export async function openAndWait(page: Page, screen: Screen): Promise<void> {
  if (screen.open) {
    await expect(page.getByRole('heading').first()).toBeVisible();
    await screen.open(page);
  }
  await expect(screen.ready(page)).toBeVisible({ timeout: 20_000 });
}
