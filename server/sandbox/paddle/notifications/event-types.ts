/** An event type as `GET /event-types` and a notification setting's `subscribed_events` list it. */
export interface EventType {
  name: string;
  description: string;
  group: string;
  available_versions: number[];
}

function type(name: string, description: string): EventType {
  const group = name.split('.')[0] ?? name;
  return {
    name,
    description,
    group: group.charAt(0).toUpperCase() + group.slice(1).replace('_', ' '),
    available_versions: [1],
  };
}

/** The event types of the entities this sandbox keeps, with Paddle's names and groups. */
export const EVENT_TYPES: readonly EventType[] = [
  type('address.created', 'Occurs when an address is created.'),
  type('address.updated', 'Occurs when an address is updated.'),
  type('business.created', 'Occurs when a business is created.'),
  type('business.updated', 'Occurs when a business is updated.'),
  type('customer.created', 'Occurs when a customer is created.'),
  type('customer.updated', 'Occurs when a customer is updated.'),
  type('price.created', 'Occurs when a price is created.'),
  type('price.updated', 'Occurs when a price is updated.'),
  type('product.created', 'Occurs when a product is created.'),
  type('product.updated', 'Occurs when a product is updated.'),
  type('payment_method.saved', 'Occurs when a customer saves a payment method to their account.'),
  type('payment_method.deleted', 'Occurs when a customer removes a payment method from their account.'),
  type('subscription.activated', 'Occurs when a subscription becomes active.'),
  type('subscription.canceled', 'Occurs when a subscription is canceled.'),
  type('subscription.created', 'Occurs when a subscription is created.'),
  type('subscription.past_due', 'Occurs when a subscription has an unpaid transaction.'),
  type('subscription.paused', 'Occurs when a subscription is paused.'),
  type('subscription.resumed', 'Occurs when a subscription is resumed after being paused.'),
  type('subscription.trialing', 'Occurs when a subscription enters trial period.'),
  type('subscription.updated', 'Occurs when a subscription is updated.'),
  type('transaction.billed', 'Occurs when a transaction is billed.'),
  type('transaction.canceled', 'Occurs when a transaction is canceled.'),
  type('transaction.completed', 'Occurs when a transaction is completed.'),
  type('transaction.created', 'Occurs when a transaction is created.'),
  type('transaction.paid', 'Occurs when a transaction is paid.'),
  type('transaction.past_due', 'Occurs when a transaction becomes past due.'),
  type('transaction.payment_failed', 'Occurs when a payment fails for a transaction.'),
  type('transaction.ready', 'Occurs when a transaction is ready.'),
  type('transaction.updated', 'Occurs when a transaction is updated.'),
];

export const EVENT_TYPE_NAMES: readonly string[] = EVENT_TYPES.map((t) => t.name);
