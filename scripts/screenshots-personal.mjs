// Screenshots of the personal pages and the billing dialogs, at 1280 px and a 390 px phone, light and
// dark, into docs/screenshots/first-use-2/. Run against a server started with the demo data:
//   PORT=8260 DATA_DIR=.data-e2e npm start   then   E2E_PORT=8260 node scripts/screenshots-personal.mjs
import { chromium } from '@playwright/test';
import { base, cli, out, signIn, sizes } from './screenshot-support.mjs';

const SIZES = sizes(2);

const SCREENS = [
  {
    file: 'personal-products-free',
    run: async (page) => {
      await signIn(page, 'solo@example.test');
      await page.goto(`${base}/pb/products`);
      await page.getByRole('heading', { name: 'Spark Premium Monthly' }).waitFor({ timeout: 60_000 });
    },
  },
  {
    file: 'personal-checkout-monthly',
    run: async (page) => {
      await signIn(page, 'solo@example.test');
      await page.goto(`${base}/pb/products`);
      await page.getByRole('button', { name: 'Checkout Spark Premium $7.99 per month' }).click();
      await page.getByRole('button', { name: 'Subscribe' }).waitFor({ timeout: 60_000 });
    },
  },
  {
    file: 'personal-products-trial',
    // The trial is once per person: fresh demo data for each picture.
    reseedEach: true,
    run: async (page) => {
      await signIn(page, 'solo@example.test');
      await page.goto(`${base}/pb/trial`);
      await page.waitForURL(/\/profile$/, { timeout: 60_000 });
      await page.goto(`${base}/pb/products`);
      await page.getByText(/^Premium trial until/).waitFor({ timeout: 60_000 });
    },
  },
  {
    file: 'billing-trial-add-card',
    run: async (page) => {
      await signIn(page, 'tara@trial.test', 'Trial Tech');
      await page.goto(page.url().replace(/\/overview$/, '/billing'));
      await page.getByText(/^Add a card to keep/).waitFor({ timeout: 60_000 });
    },
  },
  {
    file: 'billing-invite-seat-cost',
    run: async (page) => {
      await signIn(page, 'olivia@acme.test', 'Acme Inc');
      await page.goto(page.url().replace(/\/overview$/, '/users'));
      await page.getByTestId('seat-cost').waitFor({ timeout: 60_000 });
    },
  },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const only = process.argv[2];
for (const screen of SCREENS.filter((s) => !only || s.file === only)) {
  cli('seed', '--reset');
  for (const size of SIZES) {
    for (const colorScheme of ['light', 'dark']) {
      if (screen.reseedEach) cli('seed', '--reset');
      const context = await browser.newContext({ ...size, colorScheme, hasTouch: size.isMobile });
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      try {
        await screen.run(page);
        await page.screenshot({
          path: `${out}/${screen.file}-${size.name}-${colorScheme}.png`,
          fullPage: true,
        });
        console.log('ok', screen.file, size.name, colorScheme);
      } catch (error) {
        console.log('FAILED', screen.file, size.name, colorScheme, String(error).split('\n')[0]);
      }
      await context.close();
    }
  }
}
await browser.close();
