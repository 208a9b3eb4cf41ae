// Checks of what a page hands to Paddle.Initialize and Paddle.Checkout.open, with the messages
// Paddle.js logs, so a mistake shows in the sandbox as it would with Paddle. Pure: no DOM.

/** A plain object (not an array, not null), as Paddle wants customData and settings. */
function isPlainObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Initialize's options -> {token, eventCallback, settings} or {error}. The client token is a
 * sandbox one (test_…) or a live one (live_…); the stand-in sends it with every checkout call.
 */
export function parseInitializeOptions(options) {
  if (!isPlainObject(options)) return { error: 'Paddle.Initialize needs an options object.' };
  const { token, eventCallback, checkout } = options;
  if (typeof token !== 'string' || !/^(test|live)_\w+$/.test(token)) {
    return { error: 'Paddle.Initialize: a client-side token (test_… or live_…) is required.' };
  }
  if (eventCallback !== undefined && typeof eventCallback !== 'function') {
    return { error: 'Paddle.Initialize: eventCallback must be a function.' };
  }
  const settings = isPlainObject(checkout?.settings) ? { ...checkout.settings } : {};
  return { token, eventCallback: eventCallback ?? null, settings };
}

function parseItems(items) {
  if (!Array.isArray(items) || items.length === 0) return { error: 'items must be a non-empty list.' };
  const parsed = [];
  for (const item of items) {
    if (!isPlainObject(item) || typeof item.priceId !== 'string' || !/^pri_\w+$/.test(item.priceId)) {
      return { error: 'Each item needs a priceId (pri_…).' };
    }
    const quantity = item.quantity ?? 1;
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 10_000) {
      return { error: `The quantity of ${item.priceId} must be a whole number from 1.` };
    }
    parsed.push({ priceId: item.priceId, quantity });
  }
  return { items: parsed };
}

function parseCustomer(customer) {
  if (customer === undefined || customer === null) return { customer: null };
  if (!isPlainObject(customer)) return { error: 'customer must be an object.' };
  if (typeof customer.id === 'string' && /^ctm_\w+$/.test(customer.id)) {
    return {
      customer: { id: customer.id, email: typeof customer.email === 'string' ? customer.email : null },
    };
  }
  if (customer.id !== undefined) return { error: 'customer.id must be a customer id (ctm_…).' };
  if (typeof customer.email === 'string') return { customer: { id: null, email: customer.email } };
  return { error: 'customer needs an id or an email.' };
}

/**
 * Checkout.open's options -> {items, transactionId, customer, customData, settings} or {error}:
 * items (a new purchase) or transactionId (pay an existing transaction), never both; the
 * settings given at Initialize are the defaults of those given here.
 */
export function parseOpenOptions(options, initialSettings = {}) {
  if (!isPlainObject(options)) return { error: 'Paddle.Checkout.open needs an options object.' };
  const hasItems = options.items !== undefined;
  const hasTransaction = options.transactionId !== undefined;
  if (hasItems === hasTransaction) {
    return { error: 'Paddle.Checkout.open needs either items or a transactionId.' };
  }
  let items = null;
  let transactionId = null;
  if (hasItems) {
    const parsed = parseItems(options.items);
    if (parsed.error) return parsed;
    items = parsed.items;
  } else if (typeof options.transactionId === 'string' && /^txn_\w+$/.test(options.transactionId)) {
    transactionId = options.transactionId;
  } else {
    return { error: 'transactionId must be a transaction id (txn_…).' };
  }
  const customer = parseCustomer(options.customer);
  if (customer.error) return customer;
  if (options.customData !== undefined && !isPlainObject(options.customData)) {
    return { error: 'customData must be an object.' };
  }
  let customData = null;
  try {
    // A copy that survives postMessage's structured clone: functions and the like are dropped.
    if (options.customData !== undefined) customData = JSON.parse(JSON.stringify(options.customData));
  } catch {
    return { error: 'customData must be JSON (no cycles, no BigInt).' };
  }
  const settings = { ...initialSettings, ...(isPlainObject(options.settings) ? options.settings : {}) };
  return {
    items,
    transactionId,
    customer: customer.customer,
    customData,
    settings: {
      displayMode: settings.displayMode === 'inline' ? 'inline' : 'overlay',
      theme: settings.theme === 'dark' ? 'dark' : 'light',
      successUrl: typeof settings.successUrl === 'string' ? settings.successUrl : null,
    },
  };
}
