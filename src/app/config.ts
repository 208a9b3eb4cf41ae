// Product name and the external links the console points to, in one place.

import { CONSOLE_SETTINGS_META, type ConsoleSettings, parseConsoleSettings } from '@/domain/console-settings';

export const PRODUCT_NAME = 'Spark Teams Console';

export const links = {
  /** Where 'Get Spark' leads; a `from` query value tells the site which page sent the visitor. */
  getSpark: 'https://sparkmailapp.com/teams',
  termsOfService: 'https://sparkmailapp.com/legal/terms',
  privacyPolicy: 'https://sparkmailapp.com/legal/privacy-app',
  /** Opens the Spark app ('Log In with Spark'). */
  appDeepLink: 'readdle-spark://',
} as const;

/** The settings the build's prerender renders a page with (src/prerender/), in place of the server's. */
let prerenderSettings: string | null = null;

export function renderWithSettings(json: string | null): void {
  prerenderSettings = json;
}

/** What the server's configuration says (written into index.html as JSON); null without a server. */
export function settingsJson(): string | null {
  if (prerenderSettings !== null) return prerenderSettings;
  const meta =
    typeof document === 'undefined'
      ? null
      : document.querySelector<HTMLMetaElement>(`meta[name="${CONSOLE_SETTINGS_META}"]`);
  return meta?.content ?? null;
}

const json = settingsJson();
const settings: ConsoleSettings = parseConsoleSettings(json);

/**
 * Copied on the mail draft that opens after an invitation (spec section 7, 'Teams and users'). Set
 * by the server's CUSTOMER_SUCCESS_EMAIL.
 */
export const CUSTOMER_SUCCESS_EMAIL = settings.customerSuccessEmail;

/** Title of a page: the route's own title before the product name, or just the product name. */
export function documentTitle(title: string | null | undefined): string {
  return title ? `${title} – ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** The Get Spark link with the page that sent the visitor as `from`. */
export function getSparkHref(from: string): string {
  const url = new URL(links.getSpark);
  url.searchParams.set('from', from);
  return url.toString();
}

/** Prefix of the console's browser-storage keys; set VITE_STORAGE_PREFIX to run two consoles side by side. */
export const STORAGE_KEY_PREFIX: string = import.meta.env.VITE_STORAGE_PREFIX ?? 'spark-console:';

/**
 * The contact-us page's scheduling widget (spec section 2 'Checkout dialog flows', Contact-us): one
 * booking page for paying teams (customer success), another for basic teams (sales). Set by the
 * server's SCHEDULING_URL_PAID and SCHEDULING_URL_BASIC.
 */
export const schedulingLinks = settings.schedulingUrls;

/** A scheduling link prefilled with who asks (Calendly's `name` and `email` query params). */
export function prefilledSchedulingUrl(base: string, person: { name: string; email: string }): string {
  const url = new URL(base);
  if (person.name) url.searchParams.set('name', person.name);
  url.searchParams.set('email', person.email);
  return url.toString();
}
