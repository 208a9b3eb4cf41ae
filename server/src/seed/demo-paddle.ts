import type { FastifyInstance } from 'fastify';
import { createRepositories } from '../db/repositories';
import { demoAccounts, demoPaddleTeam } from './demo-data';

/** Where the demo pays, as a browser's overlay checkout would: the checkout back end, over HTTP. */
export interface PaddleDemoCheckout {
  /** `{local}/sandbox/paddle/checkout/pay`. */
  payUrl: string;
  clientToken: string;
}

async function pay(checkout: PaddleDemoCheckout, body: Record<string, unknown>): Promise<string | null> {
  const { card, owner } = demoPaddleTeam;
  const response = await fetch(checkout.payUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      token: checkout.clientToken,
      address: { countryCode: 'US', postalCode: '10001' },
      card: { ...card, name: owner.fullName },
      ...body,
    }),
  });
  const answer = (await response.json()) as { status?: string; subscriptionId?: string | null };
  if (answer.status !== 'completed')
    throw new Error(`paddle demo: checkout answered ${JSON.stringify(answer)}`);
  return answer.subscriptionId ?? null;
}

/** Pat, the team, Pat its owner and Olivia its member; null when the team is there already. */
async function makeTeam(app: FastifyInstance) {
  return app.db.transaction(async (tx) => {
    const repos = createRepositories(tx);
    if ((await repos.teams.findByName(demoPaddleTeam.name)).length > 0) return null;
    const pat =
      (await repos.accounts.findByEmail(demoPaddleTeam.owner.email)) ??
      (await repos.accounts.create({ ...demoPaddleTeam.owner }));
    const olivia = await repos.accounts.findByEmail(demoAccounts.olivia.email);
    const team = await repos.teams.create({ name: demoPaddleTeam.name, plan: 'basic' });
    const owner = await repos.teamUsers.create({
      teamId: team.id,
      accountId: pat.id,
      ...demoPaddleTeam.owner,
      role: 'owner',
    });
    if (olivia)
      await repos.teamUsers.create({
        teamId: team.id,
        accountId: olivia.id,
        ...demoAccounts.olivia,
        role: 'member',
      });
    return { team, owner };
  });
}

/**
 * Paddle Press: plus monthly on Paddle, bought through the checkout as a browser would (Visa ending
 * 4242), plus a paid onboarding session, so Pat's billing page shows a subscription and two paid
 * invoices. Made through the SDK and the checkout's back end only; run while the Paddle sandbox
 * stands in for Paddle (never with real Paddle), after its catalogue is made.
 */
export async function seedPaddleDemo(app: FastifyInstance, checkout: PaddleDemoCheckout): Promise<void> {
  const made = await makeTeam(app);
  if (!made) return;
  const { team, owner } = made;
  const open = await app.paddle.checkout({ team, teamUser: owner }, demoPaddleTeam.planId);
  const subscriptionId = await pay(checkout, {
    items: [{ priceId: open.priceId, quantity: open.quantity }],
    customer: open.customer,
    customData: open.customData,
  });
  if (!subscriptionId) throw new Error('paddle demo: the checkout started no subscription');
  const subscription = await app.paddle.adoptSubscription(team.id, subscriptionId);
  const { extra } = demoPaddleTeam;
  const transactionId = await app.paddle.sdk(async (paddle) => {
    const productId = subscription.items[0]?.price?.productId as string;
    const price = await paddle.prices.create({
      productId,
      name: extra.description,
      description: extra.description,
      unitPrice: { amount: String(extra.amount), currencyCode: 'USD' },
      customData: { demo: 'onboarding' },
    });
    const transaction = await paddle.transactions.create({
      items: [{ priceId: price.id, quantity: 1 }],
      customerId: subscription.customerId,
      addressId: subscription.addressId,
    });
    return transaction.id;
  });
  await pay(checkout, { transactionId, customer: { id: subscription.customerId } });
}
