import { randomUUID } from 'node:crypto';
import { customerFieldErrors, normalizeCustomer } from '@domain/billing-customer';
import type { Card, Customer, Invoice } from '@domain/entities';
import type { Membership } from '../auth/require-membership';
import { ItemNotFoundError, ValidationError } from '../errors';
import { TeamEventType } from '../events/team-event';
import type { InvoiceDetail } from './provider';
import type { TeamBillingBase } from './team-billing-base';

/** The team's billing details: customer (address, VAT id), card, and invoices. */
export function createTeamBillingAccount(base: TeamBillingBase) {
  const { deps, repos, sync, ensureCustomer, taxRateFor, currentSubscription, actorEvent } = base;
  return {
    async invoices(teamId: number): Promise<Invoice[]> {
      const link = await repos.billing.findTeamBilling(teamId);
      return link?.customerId ? deps.provider.listInvoices(link.customerId) : [];
    },

    /** One of the team's own invoices, never another customer's (404 2200 either way). */
    async invoice(teamId: number, invoiceId: string): Promise<InvoiceDetail> {
      const link = await repos.billing.findTeamBilling(teamId);
      const invoice = link?.customerId ? await deps.provider.getInvoice(invoiceId) : null;
      if (!invoice || invoice.customerId !== link?.customerId || invoice.status === 'draft') {
        throw new ItemNotFoundError();
      }
      return invoice;
    },

    async updateCustomer(membership: Membership, input: Customer): Promise<Customer> {
      const customer = normalizeCustomer(input);
      const errors = customerFieldErrors(customer);
      if (errors.length > 0) throw new ValidationError(errors);
      return sync.withTeamLock(membership.team.id, async () => {
        const customerId = await ensureCustomer(membership);
        await deps.provider.updateCustomer(customerId, customer);
        const subscription = await currentSubscription(membership.team.id);
        if (subscription) await deps.provider.setTaxRates(subscription.id, (await taxRateFor(customer)).ids);
        await actorEvent(membership, TeamEventType.billingCustomerUpdated, { country: customer.country });
        return (await deps.provider.getCustomer(customerId)).customer ?? customer;
      });
    },

    async setCard(membership: Membership, paymentMethodId: string): Promise<Card> {
      return sync.withTeamLock(membership.team.id, async () => {
        const customerId = await ensureCustomer(membership);
        const card = await deps.provider.setDefaultCard(
          customerId,
          paymentMethodId,
          await currentSubscription(membership.team.id),
        );
        await actorEvent(membership, TeamEventType.billingCardUpdated, {
          brand: card.brand,
          last4: card.last4,
        });
        await sync.syncTeam(membership.team.id);
        return card;
      });
    },

    async createSetupIntent(membership: Membership): Promise<{ clientSecret: string }> {
      const customerId = await ensureCustomer(membership);
      // Nothing is charged by a setup intent, so each click may have its own.
      return {
        clientSecret: await deps.provider.createSetupIntent(customerId, `setup-intent:${randomUUID()}`),
      };
    },
  };
}
