// The Stripe.js stand-in: window.Stripe(publishableKey) with the part of js.stripe.com/v3 that
// @stripe/react-stripe-js and the console use, talking to the sandbox that served this script.
// The server joins this file and its imports into one classic script (/sandbox/stripe/js/v3.js).
import { CardElement, integrationError } from './card-element.js';
import { createStripeApi } from './stripe-api.js';

// Requests go where the script came from, whichever page loaded it.
const sandboxOrigin = document.currentScript?.src
  ? new URL(document.currentScript.src).origin
  : location.origin;

const intentKinds = {
  setup: {
    prefix: 'seti_',
    path: 'setup_intents',
    key: 'setupIntent',
    lastError: 'last_setup_error',
    failureCode: 'setup_intent_authentication_failure',
  },
  payment: {
    prefix: 'pi_',
    path: 'payment_intents',
    key: 'paymentIntent',
    lastError: 'last_payment_error',
    failureCode: 'payment_intent_authentication_failure',
  },
};
const authenticationFailed =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** 'seti_123_secret_abc' -> 'seti_123'; null when it is not a client secret of that kind. */
function intentIdFromSecret(clientSecret, kind) {
  const secret = String(clientSecret ?? '');
  const at = secret.indexOf('_secret_');
  return at > 0 && secret.startsWith(kind.prefix) ? secret.slice(0, at) : null;
}

function badClientSecret(kind) {
  return {
    error: {
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'client_secret',
      message: `Invalid value for ${kind === intentKinds.setup ? 'confirmCardSetup' : 'confirmCardPayment'}: the client secret should look like ${kind.prefix}..._secret_...`,
    },
  };
}

class Elements {
  constructor(options) {
    this._options = { ...options };
    this._elements = new Map();
  }

  create(type, options) {
    if (type !== 'card') {
      throw integrationError(
        `The Stripe sandbox's Stripe.js stand-in supports only the 'card' Element, not '${type}'.`,
      );
    }
    if (this._elements.has(type)) throw integrationError('Can only create one Element of type card.');
    const element = new CardElement(() => this._elements.delete(type), options);
    this._elements.set(type, element);
    return element;
  }

  /** A type name, or a react-stripe-js component (which carries __elementType). */
  getElement(type) {
    const name = typeof type === 'string' ? type : type?.__elementType;
    return this._elements.get(name) ?? null;
  }

  update(options) {
    Object.assign(this._options, options);
  }

  fetchUpdates() {
    return Promise.resolve({});
  }

  submit() {
    return Promise.resolve({});
  }
}

/** Shows the 3-D Secure page in a modal overlay and resolves with its outcome ('complete'|'fail'). */
function authenticateInOverlay(url, intentId) {
  return new Promise((resolve) => {
    const previousFocus = document.activeElement;
    const overlay = document.createElement('div');
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', '3D Secure authentication');
    Object.assign(overlay.style, {
      position: 'fixed',
      inset: '0',
      zIndex: '2147483647',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      background: 'rgba(0, 0, 0, 0.5)',
    });
    const frame = document.createElement('iframe');
    frame.title = '3D Secure authentication';
    frame.src = new URL(url, sandboxOrigin).href;
    Object.assign(frame.style, {
      width: 'min(500px, 95vw)',
      height: 'min(600px, 90vh)',
      border: '0',
      borderRadius: '8px',
      background: '#fff',
    });
    function onMessage(event) {
      const data = event.data;
      if (event.source !== frame.contentWindow || event.origin !== sandboxOrigin) return;
      if (data?.type !== 'stripe-sandbox-3ds' || data.intentId !== intentId) return;
      window.removeEventListener('message', onMessage);
      overlay.remove();
      if (previousFocus instanceof HTMLElement) previousFocus.focus();
      resolve(data.outcome);
    }
    window.addEventListener('message', onMessage);
    overlay.append(frame);
    document.body.append(overlay);
    frame.focus();
  });
}

class StripeSandbox {
  constructor(publishableKey, options) {
    if (typeof publishableKey !== 'string' || publishableKey === '') {
      throw integrationError('Please call Stripe() with your publishable key. You used an empty string.');
    }
    this._options = { ...options };
    this._request = createStripeApi(sandboxOrigin, publishableKey);
  }

  elements(options) {
    return new Elements(options);
  }

  /** createPaymentMethod({type: 'card', card, billing_details}) or the older ('card', card, data). */
  async createPaymentMethod(typeOrData, element, data) {
    const params =
      typeof typeOrData === 'string' ? { ...data, type: typeOrData, card: element } : { ...typeOrData };
    if (params.type !== 'card') {
      return {
        error: {
          type: 'invalid_request_error',
          code: 'parameter_invalid',
          param: 'type',
          message: 'The Stripe sandbox creates card payment methods only.',
        },
      };
    }
    return this._createCardPaymentMethod(params.card, params.billing_details, params.metadata);
  }

  async _createCardPaymentMethod(element, billingDetails, metadata) {
    if (!(element instanceof CardElement)) {
      throw integrationError('Invalid value for createPaymentMethod: card should be a card Element.');
    }
    const details = element._cardDetails();
    if (details.error) return { error: details.error };
    const answer = await this._request('POST', '/v1/payment_methods', {
      type: 'card',
      card: details.card,
      billing_details: billingDetails,
      metadata,
    });
    return answer.ok ? { paymentMethod: answer.body } : { error: answer.body.error };
  }

  createToken() {
    return Promise.resolve({
      error: {
        type: 'invalid_request_error',
        message: 'The Stripe sandbox does not create tokens; use createPaymentMethod.',
      },
    });
  }

  confirmCardSetup(clientSecret, data) {
    return this._confirm(intentKinds.setup, clientSecret, data);
  }

  confirmCardPayment(clientSecret, data) {
    return this._confirm(intentKinds.payment, clientSecret, data);
  }

  retrieveSetupIntent(clientSecret) {
    return this._retrieve(intentKinds.setup, clientSecret);
  }

  retrievePaymentIntent(clientSecret) {
    return this._retrieve(intentKinds.payment, clientSecret);
  }

  /** For a payment intent left in requires_action by the server: run its 3-D Secure step. */
  async handleCardAction(clientSecret) {
    const retrieved = await this._retrieve(intentKinds.payment, clientSecret);
    if (retrieved.error) return retrieved;
    return this._settle(intentKinds.payment, clientSecret, retrieved.paymentIntent);
  }

  // react-stripe-js and @stripe/stripe-js announce themselves; nothing to record here.
  _registerWrapper() {}
  registerAppInfo() {}

  async _confirm(kind, clientSecret, data) {
    const id = intentIdFromSecret(clientSecret, kind);
    if (!id) return badClientSecret(kind);
    const params = { client_secret: clientSecret };
    const method = data?.payment_method;
    if (typeof method === 'string') params.payment_method = method;
    else if (method && typeof method === 'object') {
      const created = await this._createCardPaymentMethod(
        method.card,
        method.billing_details,
        method.metadata,
      );
      if (created.error) return { error: created.error };
      params.payment_method = created.paymentMethod.id;
    }
    if (data?.return_url) params.return_url = data.return_url;
    if (data?.setup_future_usage) params.setup_future_usage = data.setup_future_usage;
    const answer = await this._request('POST', `/v1/${kind.path}/${id}/confirm`, params);
    if (!answer.ok) return { error: answer.body.error };
    return this._settle(kind, clientSecret, answer.body);
  }

  /** After a confirm: authenticate when asked, then the intent on success or its last error. */
  async _settle(kind, clientSecret, answered) {
    let intent = answered;
    const url = intent.next_action?.redirect_to_url?.url;
    if (intent.status === 'requires_action' && url) {
      await authenticateInOverlay(url, intent.id);
      const retrieved = await this._retrieve(kind, clientSecret);
      if (retrieved.error) return retrieved;
      intent = retrieved[kind.key];
    }
    if (['succeeded', 'processing', 'requires_capture'].includes(intent.status))
      return { [kind.key]: intent };
    const last = intent[kind.lastError] ?? {};
    const error = {
      ...last,
      type: last.type ?? 'invalid_request_error',
      code: last.code ?? kind.failureCode,
      message: last.message ?? authenticationFailed,
    };
    error[kind === intentKinds.setup ? 'setup_intent' : 'payment_intent'] = intent;
    return { error };
  }

  async _retrieve(kind, clientSecret) {
    const id = intentIdFromSecret(clientSecret, kind);
    if (!id) return badClientSecret(kind);
    const answer = await this._request('GET', `/v1/${kind.path}/${id}`, { client_secret: clientSecret });
    return answer.ok ? { [kind.key]: answer.body } : { error: answer.body.error };
  }
}

/** Stripe(key) and new Stripe(key) both give an instance, as with js.stripe.com. */
function Stripe(publishableKey, options) {
  return new StripeSandbox(publishableKey, options);
}
// @stripe/stripe-js compares this with the release it expects and only warns when it differs.
Stripe.version = 3;

window.Stripe = Stripe;
