// The entities of spec section 3 as the API sends them. Shared by the console and the server.

export type Role = 'owner' | 'admin' | 'member';
export type TeamPlan = 'basic' | 'plus' | 'premium' | 'pro';
export type TeamUserStatus = 'active' | (string & {});
export type TeamStatus = 'active' | 'pending' | 'deleted';
export type PaymentProvider = 'stripe' | 'paddle';

/** Tokens returned by the auth calls. expiresAt is the access token's expiry in seconds since epoch. */
export interface Tokens {
  refreshToken: string;
  accessToken: string;
  expiresAt: number;
}

export interface DeviceInfo {
  platform: 'web';
  version: string;
  osVersion: string;
  device: string;
  locale: string;
}

export interface TeamSettings {
  adminsCanAssignAdmins: boolean;
  adminsCanDeactivate: boolean;
  adminsCanDelete: boolean;
}

export interface Team {
  id: number;
  name: string;
  logo: string | null;
  plan: TeamPlan;
  usersCnt: number;
  domain: string | null;
  domainSignupsEnabled: boolean;
  trialStatus: 'in_progress' | null;
  /** Seconds since epoch. */
  trialEndAt: number | null;
  /** Seconds since epoch. */
  subscriptionCancelAt: number | null;
  paymentProvider: PaymentProvider | null;
  settings: TeamSettings;
}

export interface TeamUser {
  id: number;
  teamId: number;
  email: string;
  fullName: string;
  avatar: string | null;
  role: Role;
  status: TeamUserStatus;
  teamStatus: TeamStatus;
  isBanned: boolean;
  inviterId: number | null;
}

/** One membership of the caller, as listed by GET /api/v1/collab/teams. */
export interface TeamMembership {
  team: Team;
  profile: TeamUser;
}

export interface Paged<T> {
  items: T[];
  nextPageToken: string | null;
}

/** The signed-in account (GET /api/v2/profile). */
export interface Profile {
  id: number;
  email: string;
  fullName: string;
  /** Staff reach the internal pages (public-file upload, event stream viewer). */
  isStaff: boolean;
}

export interface CurrentUser {
  id: number;
  email: string;
  fullName: string;
  teamId: number | null;
}

export interface Customer {
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  vatId: string;
}

export interface Card {
  last4: string;
  brand: string;
  expMonth: number;
  expYear: number;
}

export type SubscriptionStatus =
  | 'incomplete'
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | (string & {});

/** One change's proration within the next payment. */
export interface ProrationLine {
  /** When the change was made (seconds). */
  at: number;
  /** Cents it adds to the next payment, tax included (negative: a credit). */
  amount: number;
  /** The change in seats (negative: seats removed; 0: another change, such as the plan's price). */
  seats: number;
}

export interface Subscription {
  status: SubscriptionStatus;
  planId: string;
  cancelAt: number | null;
  nextPaymentAt: number | null;
  /** Cents. */
  nextPaymentAmount: number | null;
  /**
   * The prorations the next payment includes, one per change (a seat added or removed mid-period),
   * oldest first; empty when none.
   */
  nextPaymentProrations: ProrationLine[];
  /**
   * The tax (VAT) the next payment includes, charged on top of the price: cents and the rate's
   * percentage; null or absent when it includes none.
   */
  nextPaymentTax?: { amount: number; percent: number } | null;
  trialEndAt: number | null;
  pendingPaymentIntentSecret: string | null;
}

/** A trial that ended without a card, dropping the team to Basic: its plan, and when (seconds). */
export interface EndedTrial {
  plan: Exclude<TeamPlan, 'basic'>;
  endedAt: number;
}

export interface Billing {
  customer: Customer | null;
  card: Card | null;
  subscription: Subscription | null;
  usage: { usersCnt: number };
  /** Set only for a team on Basic whose last drop to Basic was its trial's end; null or absent otherwise. */
  endedTrial?: EndedTrial | null;
}

export interface PlanPrice {
  /** Ends in an underscore and a duration in days: 365 means annual. */
  id: string;
  interval: 'month' | 'year';
  /** Cents per user per interval. */
  amount: number;
  currency: string;
}

export interface Product {
  code: TeamPlan;
  title: string;
  plans: PlanPrice[];
  /** 0 means unlimited for storage, drafts, templates and delegations. */
  storageLim: number;
  storageLimPerUser: number;
  draftsLim: number;
  templatesLim: number;
  canUseSharedInboxes: boolean;
  canUseLinkAuth: boolean;
  delegationsLim: number;
  canUseRoles: boolean;
  support: string;
  showFreeUpgrade: boolean;
  freeUpgradeText: string | null;
  successText: string | null;
}

export interface Invoice {
  id: string;
  date: number;
  number: string;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible' | (string & {});
  /** Cents. */
  amount: number;
  currency: string;
  payUrl: string | null;
  pdfUrl: string | null;
}

export interface Preview {
  lines: { description: string; amount: number }[];
  subtotal: number;
  discount: number;
  tax: number;
  taxPercent: number;
  amountDue: number;
  currency: string;
}

export interface PersonalBilling {
  plan: string;
  store: string | null;
  periodType: string | null;
  canSubscribe: boolean;
  canStartTrial: boolean;
  canChangeAddress: boolean;
  /** Not in the spec: when a trial at the provider ends (seconds since epoch); null when not trialing. */
  trialEndAt: number | null;
}

export interface BillingProduct {
  productId: string;
  name: string;
  prices: {
    priceId: string;
    amount: number;
    currency: string;
    interval: 'month' | 'year';
    /** Not in the spec: the percentage off of the coupon a suffixed price id carries; null: none. */
    couponPercentOff: number | null;
  }[];
}

export interface PublicFile {
  name: string;
  size: number;
  mimeType: string;
  href: string;
  key: string;
  expiresAt: number | null;
  meta: { from: string };
  isPublic: boolean;
  /** Not in spec section 3: the preview image's download path, null without one. */
  previewHref?: string | null;
}

export interface InvitationResult {
  teamName: string;
  email: string;
  /** The invitee had no Spark account: one was made now, so the page offers the download next. */
  isNewAccount: boolean;
}

export interface TeamEvent {
  /** Timestamp in milliseconds; doubles as the offset for the next poll. */
  id: number;
  type: string;
  data: unknown;
}

export interface Country {
  code: string;
  name: string;
}

export interface Flash {
  id: string;
  variant: 'info' | 'success' | 'danger';
  message: string;
}
