import type { Invoice, Team } from '@domain/entities';
import { describe, expect, it } from 'vitest';
import { listOutbox } from '../src/mail/outbox';
import { errorOf, setupTestApp } from './helper';
import {
  deliverPaddleEvents,
  newPaddleTeam,
  PADDLE_CARDS,
  paddleCall,
  payPaddleCheckout,
} from './paddle-fixtures';
import { createSignedInTeam, refOf } from './team-fixtures';

// A Paddle team's renewal declined: the invoices list it with a Pay link (the transaction's
// checkout.url, the sandbox's payment link page), and paying it there makes the subscription active.

const t = setupTestApp({ paddle: true });
const DAY_S = 86_400;
/** Taken, then declines every charge: the card that makes a renewal fail. */
const GOES_BAD = '4000000000000341';

describe('a Paddle team whose renewal was declined', () => {
  it('sees the past-due invoice with a Pay link; paid there, the subscription is active again', async () => {
    const team = await newPaddleTeam(t, 'plus_30');
    const teamId = team.world.team.id;
    const card = await paddleCall(t, team.owner, 'POST', team.ref, '/card');
    const changed = await payPaddleCheckout(
      t,
      { transactionId: card.json<{ transactionId: string }>().transactionId },
      GOES_BAD,
    );
    expect(changed.body.status).toBe('completed');
    await t.paddleSandbox?.advance(31 * DAY_S);
    await deliverPaddleEvents(t);

    const subscription = await paddleCall(t, team.owner, 'GET', team.ref, '/subscription');
    expect(subscription.json()).toMatchObject({ status: 'past_due', planId: 'plus_30' });
    expect(((await t.repos.teams.findById(teamId)) as Team).plan).toBe('plus');
    const invoices = (await paddleCall(t, team.owner, 'GET', team.ref, '/payments')).json<Invoice[]>();
    expect(invoices.map((invoice) => invoice.status)).toEqual(['open', 'paid']);
    const open = invoices[0] as Invoice;
    expect(open.number).not.toBe('');
    expect(open.pdfUrl).toBeNull();
    expect(open.payUrl).toBe(`${t.baseUrl}/sandbox/paddle/pay?_ptxn=${open.id}`);
    const page = await fetch(open.payUrl as string);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Payment past due');
    // The owners heard of it once.
    const failed = (await listOutbox(t.outboxDir)).filter(
      (mail) => mail.to === team.owner.account.email && mail.subject.startsWith('The payment for'),
    );
    expect(failed).toHaveLength(1);

    // Another team sees neither the invoice nor its link, and cannot read it through its own ref.
    const other = await createSignedInTeam(t, { plan: 'basic' });
    const otherRef = refOf(other.world.owner);
    const theirs = await paddleCall(t, other.owner, 'GET', otherRef, '/payments');
    expect(theirs.json<Invoice[]>()).toEqual([]);
    const stolen = await paddleCall(t, other.owner, 'GET', otherRef, `/payments/${open.id}/invoice`);
    expect(errorOf(stolen)).toMatchObject({ status: 404 });

    const declined = await payPaddleCheckout(t, { transactionId: open.id }, PADDLE_CARDS.declined);
    expect(declined.body.status).toBe('declined');
    const paid = await payPaddleCheckout(t, { transactionId: open.id }, PADDLE_CARDS.visa);
    expect(paid.body).toMatchObject({ status: 'completed', transactionId: open.id });
    await deliverPaddleEvents(t);

    const after = await paddleCall(t, team.owner, 'GET', team.ref, '/subscription');
    expect(after.json()).toMatchObject({ status: 'active', planId: 'plus_30', card: { last4: '4242' } });
    const settled = (await paddleCall(t, team.owner, 'GET', team.ref, '/payments')).json<Invoice[]>();
    expect(settled.find((invoice) => invoice.id === open.id)).toMatchObject({
      status: 'paid',
      payUrl: null,
      pdfUrl: `/api/v1/collab/${team.ref}/billing-paddle/payments/${open.id}/invoice`,
    });
    expect(((await t.repos.teams.findById(teamId)) as Team).plan).toBe('plus');
    // The link now says there is nothing to pay, and a replay of the payment is refused.
    expect((await fetch(open.payUrl as string)).status).toBe(409);
    const replay = await payPaddleCheckout(t, { transactionId: open.id }, PADDLE_CARDS.visa);
    expect(replay.status).toBe(400);
  });
});
