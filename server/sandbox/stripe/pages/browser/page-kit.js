// Small helpers the hosted pages share. Everything shown is set as text (never as markup), so data
// from the API cannot become markup or script.

/** h('p', {class: 'note'}, 'text', child) -> an element; attributes are set one by one, text as text. */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === 'string' || typeof child === 'number' ? String(child) : child);
  }
  return element;
}

const zeroDecimal = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);

/** 1900, 'usd' -> '$19.00' (amounts in the currency's smallest unit, as Stripe sends them). */
export function formatMoney(amount, currency) {
  const code = String(currency || 'usd').toLowerCase();
  const units = zeroDecimal.has(code) ? Number(amount) : Number(amount) / 100;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code.toUpperCase() }).format(units);
  } catch {
    return `${units.toFixed(2)} ${code.toUpperCase()}`;
  }
}

/** Unix seconds -> 'November 23, 2026'. */
export function formatDate(seconds) {
  if (!seconds) return '';
  return new Date(Number(seconds) * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

/** Only http(s) addresses are followed, so a javascript: URL in data can never run. */
export function isWebUrl(value) {
  if (typeof value !== 'string' || value === '') return false;
  try {
    const url = new URL(value, location.href);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function goTo(url) {
  if (isWebUrl(url)) location.assign(url);
}

/** The page's settings, rendered by the server as data attributes on <main>. */
export function pageData() {
  return document.querySelector('main')?.dataset ?? {};
}

/** Text of an element by id; a missing element is ignored (the shell is the server's). */
export function setText(id, text) {
  const element = document.getElementById(id);
  if (element) element.textContent = text;
}

export function showAlert(message) {
  const region = document.getElementById('form-alert');
  if (region) region.textContent = message || '';
}
