// The plan comparison table of the billing page (spec section 2 'Team billing'): which columns show,
// which is current and highlighted, whether upgrade options show, and what each row cell reads.

import type { PlanPrice, Product, TeamPlan } from './entities';
import { annualDiscountPercent, annualPricePerMonth, formatPrice } from './price';

/** A plan of the table. `buttonText`, when a plan has one, replaces 'Upgrade' on its button. */
export type PlanTableProduct = Product & { buttonText?: string | null };

export interface PlanColumn {
  product: PlanTableProduct;
  /** The team's plan: marked current. */
  current: boolean;
  highlighted: boolean;
}

export type BillingInterval = 'month' | 'year';

function productOf(products: readonly PlanTableProduct[], code: TeamPlan): PlanTableProduct | undefined {
  return products.find((product) => product.code === code);
}

/**
 * The spec: "The legacy premium column shows only if the team is on premium or plus and premium are
 * not both offered." The plans call lists what is offered (plus the team's own legacy plan).
 */
export function showsLegacyPremiumColumn(products: readonly PlanTableProduct[], teamPlan: TeamPlan): boolean {
  if (!productOf(products, 'premium')) return false;
  if (teamPlan === 'premium') return true;
  return !productOf(products, 'plus');
}

/** Columns in order: basic (free), then premium (legacy) or plus, then pro. */
export function planTableColumns(products: readonly PlanTableProduct[], teamPlan: TeamPlan): PlanColumn[] {
  const middle: TeamPlan = showsLegacyPremiumColumn(products, teamPlan) ? 'premium' : 'plus';
  const shown = (['basic', middle, 'pro'] as const)
    .map((code) => productOf(products, code))
    .filter((product): product is PlanTableProduct => product !== undefined);
  const highlightedCode = (['pro', 'premium', 'plus'] as const).find((code) =>
    shown.some((product) => product.code === code),
  );
  return shown.map((product) => ({
    product,
    current: product.code === teamPlan,
    highlighted: product.code === highlightedCode,
  }));
}

/**
 * The spec: "Upgrade options show when the team plan is not pro (if plus and pro exist), otherwise
 * when it is not premium": the top plan on sale has nothing to upgrade to.
 */
export function showsUpgradeOptions(products: readonly PlanTableProduct[], teamPlan: TeamPlan): boolean {
  if (productOf(products, 'plus') && productOf(products, 'pro')) return teamPlan !== 'pro';
  return teamPlan !== 'premium';
}

export function isFreePlan(product: Pick<Product, 'code'>): boolean {
  return product.code === 'basic';
}

function priceOf(product: Pick<Product, 'plans'>, interval: BillingInterval): PlanPrice | undefined {
  return product.plans.find((plan) => plan.interval === interval);
}

/** The plan id bought by the column's button for the chosen interval; null if the plan has none. */
export function planIdFor(product: Pick<Product, 'plans'>, interval: BillingInterval): string | null {
  return priceOf(product, interval)?.id ?? null;
}

export interface ColumnPrice {
  /** Cents per user per month (the annual price shown per month). */
  perUserPerMonth: number;
  currency: string;
  /** The annual discount against twelve monthly payments, percent rounded up (0: none). */
  annualDiscount: number;
}

/** A paid column's price for the toggle's interval; null when the plan has no price for it. */
export function columnPrice(product: Pick<Product, 'plans'>, interval: BillingInterval): ColumnPrice | null {
  const chosen = priceOf(product, interval);
  if (!chosen) return null;
  const monthly = priceOf(product, 'month');
  const annual = priceOf(product, 'year');
  return {
    perUserPerMonth: interval === 'year' ? annualPricePerMonth(chosen.amount) : chosen.amount,
    currency: chosen.currency,
    annualDiscount: monthly && annual ? annualDiscountPercent(monthly.amount, annual.amount) : 0,
  };
}

/** The discount badge beside 'Annually', or null when the annual plan saves nothing. */
export function annualDiscountLabel(product: Pick<Product, 'plans'>): string | null {
  const discount = columnPrice(product, 'year')?.annualDiscount ?? 0;
  return discount > 0 ? `Save ${discount}%` : null;
}

export function upgradeButtonText(product: PlanTableProduct): string {
  return product.buttonText?.trim() ? product.buttonText : 'Upgrade';
}

/** The interval the toggles start on: the subscription's, else annual (the default plan is premium_365). */
export function initialInterval(subscriptionPlanId: string | null | undefined): BillingInterval {
  if (subscriptionPlanId && /_30$/u.test(subscriptionPlanId)) return 'month';
  return 'year';
}

export const PLAN_TABLE_ROWS = [
  { key: 'usage', label: 'Usage' },
  { key: 'storage', label: 'Storage' },
  { key: 'drafts', label: 'Shared drafts' },
  { key: 'templates', label: 'Templates' },
  { key: 'sharedInboxes', label: 'Shared inboxes' },
  { key: 'linkSharing', label: 'Email link sharing' },
  { key: 'delegations', label: 'Delegations' },
  { key: 'administration', label: 'Administration' },
  { key: 'support', label: 'Support' },
  { key: 'price', label: 'Price' },
] as const;

export type PlanTableRowKey = (typeof PLAN_TABLE_ROWS)[number]['key'];

export const UNLIMITED = 'Unlimited';

/** Spec section 3: 0 means unlimited for storage, drafts, templates and delegations. */
export function limitText(limit: number): string {
  return limit === 0 ? UNLIMITED : String(limit);
}

/** Storage: a team total, or so much per user, or (both 0) unlimited. */
export function storageText(product: Pick<Product, 'storageLim' | 'storageLimPerUser'>): string {
  const parts: string[] = [];
  if (product.storageLim > 0) parts.push(`${product.storageLim} GB`);
  if (product.storageLimPerUser > 0) parts.push(`${product.storageLimPerUser} GB per user`);
  return parts.length > 0 ? parts.join(' + ') : UNLIMITED;
}

function included(flag: boolean): string {
  return flag ? 'Yes' : 'No';
}

function usersText(count: number): string {
  return count === 1 ? '1 user' : `${count} users`;
}

/** What the team's seats cost a month on the plan (the annual price shown per month). */
export function usageText(product: PlanTableProduct, interval: BillingInterval, seats: number): string {
  if (isFreePlan(product)) return `Free for ${usersText(seats)}`;
  const price = columnPrice(product, interval);
  if (!price) return usersText(seats);
  return `${formatPrice(price.perUserPerMonth * seats, price.currency)} / month for ${usersText(seats)}`;
}

export function priceText(product: PlanTableProduct, interval: BillingInterval): string {
  if (isFreePlan(product)) return 'Free';
  const price = columnPrice(product, interval);
  return price ? `${formatPrice(price.perUserPerMonth, price.currency)} per user / month` : '';
}

/** Every row's cell of one column, for the toggle's interval and the team's seat count. */
export function planCells(
  product: PlanTableProduct,
  interval: BillingInterval,
  seats: number,
): Record<PlanTableRowKey, string> {
  return {
    usage: usageText(product, interval, seats),
    storage: storageText(product),
    drafts: limitText(product.draftsLim),
    // Spec section 3: basic's templates limit is forced to 0 by the API; it reads as the rule says.
    templates: limitText(product.templatesLim),
    sharedInboxes: included(product.canUseSharedInboxes),
    linkSharing: included(product.canUseLinkAuth),
    delegations: limitText(product.delegationsLim),
    administration: included(product.canUseRoles),
    support: product.support,
    price: priceText(product, interval),
  };
}

/** The legal tooltip of every paid column (spec section 2 'Team billing'). */
export const PLAN_LEGAL_TEXT =
  'Service fees are non-refundable unless agreed in writing. If you cancel, the service runs to the end ' +
  'of the paid period and then drops to Free. If your team grows after you cancel, an additional ' +
  'invoice is sent.';
