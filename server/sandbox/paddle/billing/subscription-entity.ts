import type { Cycle, PriceEntity } from '../api/prices';
import type { ProductEntity } from '../api/products';

// Paddle's subscription, as the API answers it (the fields the SDK reads and the product uses).

export type SubscriptionStatus = 'active' | 'canceled' | 'past_due' | 'paused' | 'trialing';

export interface Period {
  starts_at: string;
  ends_at: string;
}

export interface SubscriptionItem {
  status: 'active' | 'inactive' | 'trialing';
  quantity: number;
  recurring: boolean;
  created_at: string;
  updated_at: string;
  previously_billed_at: string | null;
  next_billed_at: string | null;
  trial_dates: Period | null;
  price: PriceEntity;
  product: ProductEntity;
}

export interface ScheduledChange {
  action: 'cancel' | 'pause' | 'resume';
  effective_at: string;
  resume_at: string | null;
}

export interface SubscriptionEntity {
  id: string;
  status: SubscriptionStatus;
  customer_id: string;
  address_id: string;
  business_id: string | null;
  currency_code: string;
  created_at: string;
  updated_at: string;
  started_at: string;
  first_billed_at: string | null;
  next_billed_at: string | null;
  paused_at: string | null;
  canceled_at: string | null;
  discount: null;
  collection_mode: 'automatic' | 'manual';
  billing_details: null;
  current_billing_period: Period | null;
  billing_cycle: Cycle;
  scheduled_change: ScheduledChange | null;
  items: SubscriptionItem[];
  custom_data: Record<string, unknown> | null;
  management_urls: { update_payment_method: string | null; cancel: string } | null;
  import_meta: null;
}

/** What only the sandbox keeps about a subscription: the card on file that renewals charge. */
export interface SubscriptionInternal {
  cardNumber: string;
  card: {
    type: string;
    last4: string;
    expiry_month: number;
    expiry_year: number;
    cardholder_name: string;
  };
  paymentMethodId: string;
}
