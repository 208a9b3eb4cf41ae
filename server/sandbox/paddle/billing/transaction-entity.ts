import type { PriceEntity } from '../api/prices';
import type { ProductEntity } from '../api/products';

// Paddle's transaction, as the API answers it (the subset of fields the SDK reads and the product
// uses; amounts are strings of the smallest unit).

export type TransactionStatus = 'draft' | 'ready' | 'billed' | 'paid' | 'completed' | 'canceled' | 'past_due';

export type TransactionOrigin =
  | 'api'
  | 'web'
  | 'subscription_charge'
  | 'subscription_payment_method_change'
  | 'subscription_recurring'
  | 'subscription_update';

export interface Totals {
  subtotal: string;
  discount: string;
  tax: string;
  total: string;
}

export interface TransactionTotals extends Totals {
  credit: string;
  credit_to_balance: string;
  balance: string;
  grand_total: string;
  grand_total_tax: string;
  fee: string | null;
  earnings: string | null;
  currency_code: string;
}

export interface Proration {
  rate: string;
  billing_period: { starts_at: string; ends_at: string };
}

export interface LineItem {
  id: string;
  price_id: string;
  quantity: number;
  proration: Proration | null;
  tax_rate: string;
  unit_totals: Totals;
  totals: Totals;
  product: ProductEntity;
}

export interface CardDetails {
  type: string;
  last4: string;
  expiry_month: number;
  expiry_year: number;
  cardholder_name: string;
}

export interface PaymentAttempt {
  payment_attempt_id: string;
  stored_payment_method_id: string;
  payment_method_id: string | null;
  amount: string;
  status: 'authorized' | 'captured' | 'canceled' | 'error' | 'action_required' | 'pending';
  error_code: string | null;
  method_details: {
    type: 'card';
    card: CardDetails;
    paypal: null;
    south_korea_local_card: null;
    underlying_details: null;
  };
  created_at: string;
  captured_at: string | null;
}

export interface TransactionEntity {
  id: string;
  status: TransactionStatus;
  customer_id: string | null;
  address_id: string | null;
  business_id: string | null;
  custom_data: Record<string, unknown> | null;
  currency_code: string;
  origin: TransactionOrigin;
  subscription_id: string | null;
  invoice_id: string | null;
  invoice_number: string | null;
  collection_mode: 'automatic' | 'manual';
  discount_id: null;
  billing_details: null;
  billing_period: { starts_at: string; ends_at: string } | null;
  items: { price_id: string; price: PriceEntity; quantity: number; proration: Proration | null }[];
  details: {
    tax_rates_used: { tax_rate: string; totals: Totals }[];
    totals: TransactionTotals;
    adjusted_totals: null;
    payout_totals: null;
    adjusted_payout_totals: null;
    line_items: LineItem[];
  };
  payments: PaymentAttempt[];
  checkout: { url: string | null };
  created_at: string;
  updated_at: string;
  billed_at: string | null;
  revised_at: null;
}
