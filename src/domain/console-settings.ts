// Settings an operator sets on the server and the console reads at start (not compiled in): the
// customer-success address copied on the invitation mail draft, and the scheduling pages the
// 'Talk to Customer Success' / 'Talk to Sales' screen frames. The server writes them into index.html
// as a <meta> element (no inline script, so the CSP stays strict); the console reads that element.

export interface ConsoleSettings {
  customerSuccessEmail: string;
  /** Paying teams book customer success; basic teams book sales. */
  schedulingUrls: { paid: string; basic: string };
}

export const DEFAULT_CONSOLE_SETTINGS: ConsoleSettings = {
  customerSuccessEmail: 'success@sparkmailapp.com',
  schedulingUrls: {
    paid: 'https://calendly.com/spark-teams/customer-success',
    basic: 'https://calendly.com/spark-teams/sales',
  },
};

export type SignInProvider = 'google' | 'microsoft';

/**
 * What index.html carries beyond the operator's settings: the sign-in providers this server has keys
 * for (or the identity sandbox standing in). /web-login offers only these; a server without any
 * offers the mailed link alone.
 */
export interface ConsolePageSettings extends ConsoleSettings {
  signInProviders: SignInProvider[];
}

/** The name of the <meta> element that carries the settings as JSON in its content. */
export const CONSOLE_SETTINGS_META = 'spark-console-settings';

const isHttpsUrl = (value: unknown): value is string =>
  typeof value === 'string' && URL.canParse(value) && new URL(value).protocol === 'https:';

const isEmail = (value: unknown): value is string =>
  typeof value === 'string' && /^[^\s@]+@[^\s@]+$/.test(value);

/** Settings from untrusted JSON: each value that is missing or malformed falls back to its default. */
export function parseConsoleSettings(json: string | null | undefined): ConsoleSettings {
  let raw: unknown = null;
  try {
    raw = json ? JSON.parse(json) : null;
  } catch {
    raw = null;
  }
  const given = (raw && typeof raw === 'object' ? raw : {}) as Partial<Record<string, unknown>>;
  const urls = (
    given.schedulingUrls && typeof given.schedulingUrls === 'object' ? given.schedulingUrls : {}
  ) as Partial<Record<string, unknown>>;
  const defaults = DEFAULT_CONSOLE_SETTINGS;
  return {
    customerSuccessEmail: isEmail(given.customerSuccessEmail)
      ? given.customerSuccessEmail
      : defaults.customerSuccessEmail,
    schedulingUrls: {
      paid: isHttpsUrl(urls.paid) ? urls.paid : defaults.schedulingUrls.paid,
      basic: isHttpsUrl(urls.basic) ? urls.basic : defaults.schedulingUrls.basic,
    },
  };
}

/** Whether a value is usable as the customer-success address (the server refuses to start otherwise). */
export const isConsoleEmail = isEmail;
/** Whether a value is usable as a scheduling page (https only: it is framed by the console). */
export const isSchedulingUrl = isHttpsUrl;
