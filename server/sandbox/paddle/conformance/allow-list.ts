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

export const ALLOWED: Allowed[] = [
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
];

export function allowed(difference: { operation: string; where: string }): Allowed | undefined {
  return ALLOWED.find(
    (entry) => entry.operation.test(difference.operation) && entry.where.test(difference.where),
  );
}
