import type { PaddleTestServer } from './paddle-test-server';

/** A subscription as a buyer makes one: a monthly price, paid through the checkout's back end. */
export async function checkoutSubscription(
  server: PaddleTestServer,
  email: string,
): Promise<{ customerId: string; subscriptionId: string; transactionId: string }> {
  const product = await server.paddle.products.create({ name: 'Plus', taxCategory: 'saas' });
  const price = await server.paddle.prices.create({
    productId: product.id,
    description: 'Plus monthly',
    name: 'Plus monthly',
    unitPrice: { amount: '3000', currencyCode: 'USD' },
    billingCycle: { interval: 'month', frequency: 1 },
  });
  const response = await fetch(`${new URL(server.sandbox.apiBaseUrl()).origin}/sandbox/paddle/checkout/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      token: server.sandbox.clientToken,
      items: [{ priceId: price.id, quantity: 3 }],
      customer: { email },
      address: { countryCode: 'US', postalCode: '10001' },
      card: { number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Pat Press' },
    }),
  });
  const paid = (await response.json()) as {
    status: string;
    customerId: string;
    subscriptionId: string;
    transactionId: string;
  };
  if (paid.status !== 'completed') throw new Error(`checkout answered ${paid.status}`);
  return paid;
}
