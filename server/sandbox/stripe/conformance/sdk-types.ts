/**
 * The `stripe` SDK's type for each object the sandbox answers, by its `object` field (a deleted
 * object, `{id, object, deleted: true}`, by `deleted_<object>`), and Stripe's fixture resource for it.
 */
export const SDK_TYPES: Record<string, string> = {
  'billing_portal.session': 'Stripe.BillingPortal.Session',
  charge: 'Stripe.Charge',
  'checkout.session': 'Stripe.Checkout.Session',
  coupon: 'Stripe.Coupon',
  customer: 'Stripe.Customer',
  discount: 'Stripe.Discount',
  event: 'Stripe.Event',
  invoice: 'Stripe.Invoice',
  invoice_payment: 'Stripe.InvoicePayment',
  invoiceitem: 'Stripe.InvoiceItem',
  item: 'Stripe.LineItem',
  line_item: 'Stripe.InvoiceLineItem',
  payment_intent: 'Stripe.PaymentIntent',
  payment_method: 'Stripe.PaymentMethod',
  price: 'Stripe.Price',
  product: 'Stripe.Product',
  refund: 'Stripe.Refund',
  promotion_code: 'Stripe.PromotionCode',
  setup_intent: 'Stripe.SetupIntent',
  subscription: 'Stripe.Subscription',
  subscription_item: 'Stripe.SubscriptionItem',
  tax_id: 'Stripe.TaxId',
  tax_rate: 'Stripe.TaxRate',
  'test_helpers.test_clock': 'Stripe.TestHelpers.TestClock',
  webhook_endpoint: 'Stripe.WebhookEndpoint',
  deleted_coupon: 'Stripe.DeletedCoupon',
  deleted_customer: 'Stripe.DeletedCustomer',
  deleted_discount: 'Stripe.DeletedDiscount',
  deleted_invoice: 'Stripe.DeletedInvoice',
  deleted_invoiceitem: 'Stripe.DeletedInvoiceItem',
  deleted_price: 'Stripe.DeletedPrice',
  deleted_product: 'Stripe.DeletedProduct',
  deleted_subscription_item: 'Stripe.DeletedSubscriptionItem',
  deleted_tax_id: 'Stripe.DeletedTaxId',
  'deleted_test_helpers.test_clock': 'Stripe.TestHelpers.DeletedTestClock',
  deleted_webhook_endpoint: 'Stripe.DeletedWebhookEndpoint',
};

/** `invoice`, or `deleted_invoice` for Stripe's deletion answer. */
export function kindOf(value: Record<string, unknown>): string {
  return value.deleted === true ? `deleted_${String(value.object)}` : String(value.object);
}
