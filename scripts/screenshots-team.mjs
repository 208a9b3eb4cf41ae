// Screenshots of the team screens, at 1280 px and a 390 px touch phone (drawn at
// DPR 1 to keep the files small), light and dark, into docs/screenshots/first-use-2/. Run against a
// server started with the demo data:
//   PORT=8260 DATA_DIR=.data-e2e npm start   then   E2E_PORT=8260 node scripts/screenshots-team.mjs
// Arguments: a screen's file name to take only that one; `--missing` to take only pictures not there.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { base, cli, out, signIn, sizes } from './screenshot-support.mjs';

const SIZES = sizes(1);

const summary = (page) => page.getByRole('region', { name: 'Plan and subscription' });

/** A team's billing page, shown once its summary is there. */
const billingOf = (email, team) => async (page) => {
  await signIn(page, email, team);
  await page.goto(page.url().replace(/\/overview$/, '/billing'));
  await summary(page).waitFor({ timeout: 60_000 });
};

const SCREENS = [
  {
    file: 'web-login',
    run: async (page) => {
      await page.goto(`${base}/web-login`);
      await page.getByText("Let's add your email").waitFor({ timeout: 60_000 });
    },
  },
  {
    file: 'overview-acme',
    run: async (page) => {
      await signIn(page, 'olivia@acme.test', 'Acme Inc');
      await page.getByRole('navigation', { name: 'Team' }).waitFor({ timeout: 60_000 });
    },
  },
  {
    file: 'members-acme',
    run: async (page) => {
      await signIn(page, 'olivia@acme.test', 'Acme Inc');
      await page.goto(page.url().replace(/\/overview$/, '/users'));
      await page
        .getByRole('list', { name: 'Members' })
        .getByText('Inactive')
        .first()
        .waitFor({ timeout: 60_000 });
    },
  },
  { file: 'billing-acme', run: billingOf('olivia@acme.test', 'Acme Inc') },
  { file: 'billing-bakery', run: billingOf('bella@bakery.test', 'Basic Bakery') },
  { file: 'billing-trial', run: billingOf('tara@trial.test', 'Trial Tech') },
  {
    file: 'billing-loading',
    run: async (page) => {
      await signIn(page, 'olivia@acme.test', 'Acme Inc');
      // The billing read held, as on a slow connection: the layout with its placeholders.
      await page.route('**/api/v1/collab/*/billing', () => new Promise(() => {}));
      await page.goto(
        page.url().replace(/\/overview$/, '/billing?result=success&mode=checkout&plan_id=premium_365'),
      );
      await page.getByTestId('billing-skeleton').waitFor({ timeout: 60_000 });
    },
  },
  {
    // After Ben is let back in, the next payment says what its proration is for.
    file: 'billing-acme-proration',
    run: async (page) => {
      await signIn(page, 'olivia@acme.test', 'Acme Inc');
      const team = page.url().replace(/\/overview$/, '');
      await page.goto(`${team}/users`);
      const list = page.getByRole('list', { name: 'Members' });
      await list.getByRole('button', { name: 'Actions for Ben Banned' }).click();
      await page.getByRole('menuitem', { name: 'Activate' }).click();
      await list
        .getByRole('listitem', { name: 'Ben Banned' })
        .getByText('Inactive')
        .first()
        .waitFor({ state: 'detached' });
      await page.goto(`${team}/billing`);
      await summary(page)
        .getByText(/^Includes /)
        .waitFor({ timeout: 60_000 });
    },
  },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const missingOnly = process.argv.includes('--missing');
const only = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
for (const screen of SCREENS.filter((s) => !only || s.file === only)) {
  for (const size of SIZES) {
    for (const colorScheme of ['light', 'dark']) {
      const path = `${out}/${screen.file}-${size.name}-${colorScheme}.png`;
      if (missingOnly && existsSync(path)) continue;
      // Fresh demo data for each picture: one may change it (Ben let back in).
      cli('seed', '--reset');
      const context = await browser.newContext({ ...size, colorScheme, hasTouch: size.isMobile });
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      try {
        await screen.run(page);
        await page.screenshot({ path, fullPage: true, animations: 'disabled' });
        console.log('ok', path);
      } catch (error) {
        console.log('FAILED', path, String(error).split('\n')[0]);
      }
      await context.close();
    }
  }
}
await browser.close();
