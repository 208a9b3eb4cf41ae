/**
 * Differences from Paddle's OpenAPI description that the conformance test accepts, each with why.
 * Anything else it finds fails the test: remove the difference, or add it here with a reason.
 * `operation` is `METHOD /template status`; `where` matches the place in the body.
 */
export interface Allowed {
  operation: RegExp;
  where: RegExp;
  why: string;
}

const NEWER_IN_SDK =
  'a field the SDK (@paddle/paddle-node-sdk 3.10) requires and this copy of the description predates; the SDK decides, since the product reads through it';
const INCLUDE_ONLY = 'named by the spec, answered by Paddle only when the request asks for it with `include`';
/** Answers that are, or carry, a transaction or a subscription. */
const TRANSACTION =
  /^(GET|POST) \/(transactions|subscriptions\/\{subscription_id\}\/update-payment-method-transaction)/;
const PRICED = /^(GET|POST|PATCH) \/(transactions|subscriptions)/;
const SUBSCRIPTION = /^(GET|POST|PATCH) \/subscriptions/;

export const ALLOWED: Allowed[] = [
  {
    operation: TRANSACTION,
    where: /\.(address|adjustments|adjustments_totals|business|customer|discount|available_payment_methods)$/,
    why: INCLUDE_ONLY,
  },
  {
    operation: SUBSCRIPTION,
    where: /^\.data\.(next_transaction|recurring_transaction_details)$/,
    why: INCLUDE_ONLY,
  },
  { operation: PRICED, where: /\.totals\.grand_total_tax$/, why: NEWER_IN_SDK },
  { operation: PRICED, where: /\.method_details\.(paypal|south_korea_local_card)$/, why: NEWER_IN_SDK },
  {
    operation: /^GET \/products(\/\{product_id\})? 200$/,
    where: /^\.data(\[\d+\])?\.prices$/,
    why: "the spec's product-includes names `prices`, which Paddle answers only with `include=prices`; the product does not ask for it",
  },
  {
    operation: /^GET \/prices\/\{price_id\} 200$/,
    where: /^\.data\.product$/,
    why: "the spec's price-includes names `product`, which Paddle answers only with `include=product`",
  },
  {
    operation: / [45]\d\d$/,
    where: /^\.error\.errors$/,
    why: 'Paddle lists `errors` (one per field) only when a body fails validation; other errors have none',
  },
  // Known gaps, accepted for now so the rest is held; each is a fault of the sandbox to mend.
  {
    operation: PRICED,
    where: /\/details\/adjusted_totals$/,
    why: 'NOT YET: the sandbox answers null where Paddle gives the totals after adjustments (the SDK types allow null)',
  },
  {
    operation: /^PATCH \/subscriptions\/\{subscription_id\}\/preview 200$/,
    where: /^\.data\.id$/,
    why: 'NOT YET: a preview names the subscription it previews; Paddle\u2019s has no `id` (the SDK ignores it)',
  },
  {
    operation: /^POST \/transactions\/preview 200$/,
    where: /^\.data\.items\[\d+\]\.price_id$/,
    why: 'NOT YET: the preview echoes each item\u2019s `price_id` beside its `price`; Paddle\u2019s items carry `price` only',
  },
];

export function allowed(difference: { operation: string; where: string }): Allowed | undefined {
  return ALLOWED.find(
    (entry) => entry.operation.test(difference.operation) && entry.where.test(difference.where),
  );
}
