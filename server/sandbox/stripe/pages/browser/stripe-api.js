// Calls to the sandbox's publishable-key API, as Stripe.js makes them: form-encoded bodies with
// Stripe's bracket notation and the key as a bearer token. Never throws: a network failure becomes
// a Stripe-shaped api_connection_error, so callers only ever look at {ok, status, body}.

/** {card: {number: '42'}} -> [['card[number]', '42']]; arrays as a[0], a[1]; null/undefined left out. */
export function formFields(params, prefix = '') {
  const fields = [];
  for (const [key, value] of Object.entries(params ?? {})) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        if (item !== null && typeof item === 'object') fields.push(...formFields(item, `${name}[${index}]`));
        else fields.push([`${name}[${index}]`, String(item)]);
      });
    } else if (typeof value === 'object') {
      fields.push(...formFields(value, name));
    } else {
      fields.push([name, String(value)]);
    }
  }
  return fields;
}

function connectionError() {
  return {
    error: {
      type: 'api_connection_error',
      message: 'We could not reach the payment server. Check your connection and try again.',
    },
  };
}

/** request('POST', '/v1/payment_methods', {type: 'card'}) -> {ok, status, body}. */
export function createStripeApi(origin, publishableKey) {
  return async function request(method, path, params) {
    const url = new URL(path, origin);
    const init = { method, headers: { Authorization: `Bearer ${publishableKey}` }, credentials: 'omit' };
    const fields = new URLSearchParams(formFields(params));
    if (method === 'GET') url.search = fields.toString();
    else {
      init.headers['Content-Type'] = 'application/x-www-form-urlencoded';
      init.body = fields.toString();
    }
    try {
      const response = await fetch(url, init);
      const body = await response.json().catch(() => null);
      if (body === null) {
        return {
          ok: false,
          status: response.status,
          body: { error: { type: 'api_error', message: 'The payment server gave an unreadable answer.' } },
        };
      }
      return { ok: response.ok, status: response.status, body };
    } catch {
      return { ok: false, status: 0, body: connectionError() };
    }
  };
}
