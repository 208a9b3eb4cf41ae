// The stand-in's 'card' Element: real inputs in the merchant's page (real Stripe.js puts them in an
// iframe) with the same lifecycle and events, so @stripe/react-stripe-js drives it unchanged.
import {
  cardBrand,
  cvcProblem,
  digitsOf,
  expiryProblem,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  isDefiniteProblem,
  numberProblem,
  parseExpiry,
} from './card-checks.js';

export function integrationError(message) {
  const error = new Error(message);
  error.name = 'IntegrationError';
  return error;
}

// The style.base keys copied onto the inputs; pseudo-classes (::placeholder, :hover) have no inline
// equivalent and are left to the page.
const styleKeys = [
  'color',
  'fontFamily',
  'fontSize',
  'fontWeight',
  'fontStyle',
  'letterSpacing',
  'lineHeight',
  'textTransform',
];
const invalidColor = '#df1b41';

const fields = [
  {
    key: 'number',
    label: 'Card number',
    placeholder: '1234 1234 1234 1234',
    autocomplete: 'cc-number',
    // Room for the whole placeholder; narrower, the date and CVC go under it instead.
    width: null,
    minWidth: '11.5em',
  },
  { key: 'expiry', label: 'Expiration', placeholder: 'MM / YY', autocomplete: 'cc-exp', width: '5.5em' },
  { key: 'cvc', label: 'CVC', placeholder: 'CVC', autocomplete: 'cc-csc', width: '4em' },
];

export class CardElement {
  constructor(onDestroy, options) {
    this._onDestroy = onDestroy;
    this._options = { ...options };
    this._listeners = new Map();
    this._inputs = null;
    this._root = null;
    this._ready = false;
    this._destroyed = false;
  }

  mount(target) {
    if (this._destroyed)
      throw integrationError('This Element has already been destroyed. Please create a new one.');
    if (this._root) {
      throw integrationError(
        'This Element is already mounted. Use `unmount()` to unmount the Element before re-mounting.',
      );
    }
    const container = typeof target === 'string' ? document.querySelector(target) : target;
    if (!(container instanceof HTMLElement)) {
      throw integrationError(
        'The selector you specified does not match any elements in the DOM, or is not an HTMLElement.',
      );
    }
    this._build();
    container.append(this._root);
    // Like Stripe.js, 'ready' comes after mount() has returned, once the inputs are in the page.
    setTimeout(() => {
      if (!this._root) return;
      this._ready = true;
      this._emit('ready', { elementType: 'card' });
    }, 0);
  }

  _build() {
    const root = document.createElement('div');
    root.className = 'SandboxStripeElement SandboxStripeElement--card';
    root.setAttribute('role', 'group');
    root.setAttribute('aria-label', 'Card details');
    // On a narrow screen (a phone's dialog) the number keeps its width on a line of its own and the
    // date and CVC wrap together under it, rather than the number being squeezed and cut off.
    const row = { display: 'flex', flexWrap: 'wrap', gap: '0.5em', alignItems: 'center' };
    Object.assign(root.style, { ...row, width: '100%' });
    const rest = document.createElement('div');
    Object.assign(rest.style, { ...row, flex: '0 0 10em', flexWrap: 'nowrap' });
    this._inputs = {};
    for (const field of fields) {
      const input = document.createElement('input');
      // No name attribute: card details must never travel with the merchant's own form.
      input.type = 'text';
      input.inputMode = 'numeric';
      input.autocomplete = field.autocomplete;
      input.placeholder = field.placeholder;
      input.setAttribute('aria-label', field.label);
      input.spellcheck = false;
      Object.assign(input.style, {
        border: '0',
        background: 'transparent',
        font: 'inherit',
        color: 'inherit',
        padding: '0.25em 0',
        minWidth: '0',
        flex: field.width ? `0 0 ${field.width}` : `1 1 ${field.minWidth}`,
      });
      input.addEventListener('input', (event) => this._onInput(field.key, event));
      this._inputs[field.key] = input;
      (field.key === 'number' ? root : rest).append(input);
    }
    root.append(rest);
    root.addEventListener('focusin', (event) => {
      if (!root.contains(event.relatedTarget)) this._emit('focus', { elementType: 'card' });
    });
    root.addEventListener('focusout', (event) => {
      if (root.contains(event.relatedTarget)) return;
      this._emit('blur', { elementType: 'card' });
      this._emitChange(true);
    });
    root.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this._emit('escape', { elementType: 'card' });
    });
    this._root = root;
    this._applyOptions();
  }

  _onInput(key, event) {
    const inputs = this._inputs;
    const brand = cardBrand(inputs.number.value);
    if (key === 'number') inputs.number.value = formatCardNumber(inputs.number.value);
    if (key === 'expiry')
      inputs.expiry.value = formatExpiry(inputs.expiry.value, event.inputType?.startsWith('delete'));
    if (key === 'cvc') inputs.cvc.value = formatCvc(inputs.cvc.value, brand);
    // Move on once a part is complete and valid, as the real card Element does.
    if (key === 'number' && numberProblem(inputs.number.value) === null) inputs.expiry.focus();
    if (key === 'expiry' && expiryProblem(inputs.expiry.value) === null) inputs.cvc.focus();
    this._emitChange(false);
  }

  /** Each part's problem, or null: {number, expiry, cvc}. */
  _problems() {
    const { number, expiry, cvc } = this._inputs ?? {};
    const numberValue = number?.value ?? '';
    return {
      number: numberProblem(numberValue),
      expiry: expiryProblem(expiry?.value ?? ''),
      cvc: cvcProblem(cvc?.value ?? '', cardBrand(numberValue)),
    };
  }

  /**
   * While typing only definite mistakes are reported; on leaving the Element an incomplete part
   * that has something typed in it is reported too.
   */
  _emitChange(leaving) {
    if (!this._inputs) return;
    const problems = this._problems();
    let error;
    for (const key of ['number', 'expiry', 'cvc']) {
      const found = problems[key];
      const typed = this._inputs[key].value !== '';
      const shown = isDefiniteProblem(found) || (leaving && typed && found !== null);
      this._markInvalid(key, shown);
      if (shown && !error) error = found;
    }
    const payload = {
      elementType: 'card',
      empty: fields.every((field) => this._inputs[field.key].value === ''),
      complete: Object.values(problems).every((found) => found === null),
      brand: cardBrand(this._inputs.number.value),
      value: { postalCode: '' },
    };
    if (error) payload.error = error;
    this._emit('change', payload);
  }

  _markInvalid(key, invalid) {
    const input = this._inputs[key];
    if (invalid) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
    input.style.color = invalid
      ? (this._options.style?.invalid?.color ?? invalidColor)
      : (this._options.style?.base?.color ?? 'inherit');
  }

  /** {card: {number, exp_month, exp_year, cvc}} for the API, or {error} as Stripe.js returns it. */
  _cardDetails() {
    if (!this._inputs || !this._root?.isConnected) {
      throw integrationError(
        'We could not retrieve data from the specified Element. Please make sure the Element you are attempting to use is still mounted.',
      );
    }
    const problems = this._problems();
    for (const key of ['number', 'expiry', 'cvc']) {
      if (problems[key]) {
        this._markInvalid(key, true);
        return { error: problems[key] };
      }
    }
    const { month, year } = parseExpiry(this._inputs.expiry.value);
    return {
      card: {
        number: digitsOf(this._inputs.number.value),
        exp_month: month,
        exp_year: year,
        cvc: digitsOf(this._inputs.cvc.value),
      },
    };
  }

  _applyOptions() {
    if (!this._inputs) return;
    const base = this._options.style?.base ?? {};
    for (const input of Object.values(this._inputs)) {
      for (const key of styleKeys) if (typeof base[key] === 'string') input.style[key] = base[key];
      input.disabled = Boolean(this._options.disabled);
    }
  }

  on(event, handler) {
    if (typeof handler !== 'function') throw integrationError('A handler function is required.');
    if (!this._listeners.has(event)) this._listeners.set(event, new Set());
    this._listeners.get(event).add(handler);
    // A late 'ready' listener still hears it (React attaches its listeners after mount()).
    if (event === 'ready' && this._ready) setTimeout(() => handler({ elementType: 'card' }), 0);
    return this;
  }

  once(event, handler) {
    const wrapped = (payload) => {
      this.off(event, wrapped);
      handler(payload);
    };
    return this.on(event, wrapped);
  }

  off(event, handler) {
    if (handler) this._listeners.get(event)?.delete(handler);
    else this._listeners.delete(event);
    return this;
  }

  _emit(event, payload) {
    for (const handler of [...(this._listeners.get(event) ?? [])]) {
      try {
        handler(payload);
      } catch (error) {
        setTimeout(() => {
          throw error;
        }, 0);
      }
    }
  }

  update(options) {
    this._options = { ...this._options, ...options, style: { ...this._options.style, ...options?.style } };
    this._applyOptions();
  }

  focus() {
    this._inputs?.number.focus();
  }

  blur() {
    if (this._root?.contains(document.activeElement)) document.activeElement.blur();
  }

  clear() {
    if (!this._inputs) return;
    for (const input of Object.values(this._inputs)) input.value = '';
    this._emitChange(false);
  }

  unmount() {
    this._root?.remove();
    this._root = null;
    this._inputs = null;
    this._ready = false;
  }

  destroy() {
    this.unmount();
    this._destroyed = true;
    this._listeners.clear();
    this._onDestroy(this);
  }
}
