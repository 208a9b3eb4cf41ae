import { expect, test } from '@playwright/test';
import { authCode, E2E_BASE_URL, loginUrl, seedReset } from './support/cli';

// Issue 20 (decision 017): an address the team has mailed three invitations today gets no fourth;
// the invite form says who was not mailed, whether the whole send was refused or only part of it.

// A reset, seven API calls and two sends on top of a page: more than the default on a busy machine.
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async () => {
  await seedReset();
});

const LIMITED = 'often@example.test';

/** Olivia's API session and Acme's team-user ref, through the real code exchange. */
async function oliviaAtAcme(): Promise<{ api: (path: string, body?: unknown) => Promise<Response> }> {
  const exchange = await fetch(`${E2E_BASE_URL}/api/v2/auth/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: await authCode('olivia@acme.test') }),
  });
  const { accessToken } = (await exchange.json()) as { accessToken: string };
  const call = (path: string, body?: unknown) =>
    fetch(`${E2E_BASE_URL}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const { items } = (await (await call('/api/v1/collab/teams')).json()) as {
    items: { team: { id: number; name: string }; profile: { id: number } }[];
  };
  const acme = items.find((item) => item.team.name === 'Acme Inc');
  const ref = `${acme?.team.id}-${acme?.profile.id}`;
  return { api: (path, body) => call(path.replace('{ref}', ref), body) };
}

/**
 * Invite the same address three times, cancelling each invitation (the last one too unless
 * `keepLast`): the team's allowance for that address is spent.
 */
async function spendAllowance({ keepLast = false } = {}): Promise<void> {
  const { api } = await oliviaAtAcme();
  for (let round = 0; round < 3; round++) {
    const invited = await api('/api/v1/collab/teams/{ref}/invite', [{ email: LIMITED }]);
    const [user] = (await invited.json()) as { id: number }[];
    if (keepLast && round === 2) break;
    expect((await api(`/api/v1/collab/{ref}/users/${user?.id}/kick`, {})).status).toBe(204);
  }
}

test('the invite form names the addresses the mail limits held back', async ({ page }) => {
  await spendAllowance();
  await page.goto(await loginUrl('olivia@acme.test', 'Acme Inc'));
  await expect(page).toHaveURL(/\/overview$/, { timeout: 30_000 });
  await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Members' }).click();
  const field = page.getByRole('textbox', { name: 'Invite people' });
  const note = `Not invited: ${LIMITED} (too many invitations, try again later)`;

  // Nobody could be mailed (429 code 1800): the note says who, and nothing was sent.
  await field.fill(LIMITED);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText(note)).toBeVisible();
  await expect(page.getByText('Invitation was sent')).toHaveCount(0);

  // Part of a send held back: the others are invited (listed as pending), and the note names the
  // one left out.
  await field.fill(`fresh@example.test, ${LIMITED}`);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText(note)).toBeVisible();
  const list = page.getByRole('list', { name: 'Members' });
  await expect(list.getByRole('listitem', { name: 'fresh@example.test' })).toBeVisible();
  await expect(list.getByRole('listitem', { name: LIMITED })).toHaveCount(0);
});

test("'Resend all' names the pending invitations the mail limits held back", async ({ page }) => {
  await spendAllowance({ keepLast: true });
  await page.goto(await loginUrl('olivia@acme.test', 'Acme Inc'));
  await expect(page).toHaveURL(/\/overview$/, { timeout: 30_000 });
  await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Members' }).click();
  const banner = page.getByRole('region', { name: 'Pending invitations' });
  await banner.getByRole('button', { name: 'Resend all' }).click();

  // Whether Paula's invitation went out again (then a 200 listing the held-back address) or nobody
  // could be mailed (429 code 1800), the banner says who was not mailed, and no error flash shows.
  await expect(banner.getByRole('status')).toHaveText(
    `Not resent: ${LIMITED} (too many invitations, try again later)`,
  );
  await expect(page.getByText('Too many attempts. Please try again later')).toHaveCount(0);
  const list = page.getByRole('list', { name: 'Members' });
  await expect(list.getByRole('listitem', { name: LIMITED })).toBeVisible();
});
