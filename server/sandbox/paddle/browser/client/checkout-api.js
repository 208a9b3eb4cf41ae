// The checkout's back end (/sandbox/paddle/checkout/…): JSON bodies with the client token. Never
// throws: a network failure becomes Paddle's error shape, so callers only look at {ok, status, body}.

function errorBody(code, detail) {
  return { error: { type: 'api_error', code, detail, documentation_url: '' } };
}

/** request('preview', {items}) -> {ok, status, body}; path under /sandbox/paddle/checkout/. */
export function createCheckoutApi(origin, token) {
  return async function request(path, params) {
    try {
      const response = await fetch(new URL(`/sandbox/paddle/checkout/${path}`, origin), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        credentials: 'omit',
        body: JSON.stringify({ token, ...params }),
      });
      const body = await response.json().catch(() => null);
      if (body === null) {
        return {
          ok: false,
          status: response.status,
          body: errorBody('unreadable_answer', 'The payment server gave an unreadable answer.'),
        };
      }
      return { ok: response.ok, status: response.status, body };
    } catch {
      return {
        ok: false,
        status: 0,
        body: errorBody(
          'connection_failed',
          'We could not reach the payment server. Check your connection and try again.',
        ),
      };
    }
  };
}

/** The error's words for the buyer: Paddle's detail, else a general sentence. */
export function problemOf(answer) {
  return (
    answer.body?.error?.detail ??
    answer.body?.message ??
    'Something went wrong. Your card was not charged; please try again.'
  );
}
