import { resolveMx } from 'node:dns/promises';

export type OAuthProviderName = 'google' | 'microsoft';

/** Looks up a domain's mail exchangers (node:dns in production; tests inject their own). */
export type MxResolver = (domain: string) => Promise<{ exchange: string; priority: number }[]>;

/** How long the sign-up page waits for DNS before it falls back to the known-domains table. */
export const MX_TIMEOUT_MS = 1500;

/**
 * Domains whose provider is known without asking DNS: the big consumer mail services. Checked first,
 * so the common addresses answer at once, and used alone when DNS is unavailable.
 */
const KNOWN_DOMAINS: Record<string, OAuthProviderName> = {
  'gmail.com': 'google',
  'googlemail.com': 'google',
  'google.com': 'google',
  'outlook.com': 'microsoft',
  'hotmail.com': 'microsoft',
  'hotmail.co.uk': 'microsoft',
  'live.com': 'microsoft',
  'msn.com': 'microsoft',
  'passport.com': 'microsoft',
  'microsoft.com': 'microsoft',
};

/** Which provider runs a mail exchanger: Google Workspace or Microsoft 365 (Exchange Online). */
function providerOfExchange(exchange: string): OAuthProviderName | null {
  const host = exchange.toLowerCase().replace(/\.$/, '');
  const under = (suffix: string) => host === suffix || host.endsWith(`.${suffix}`);
  if (under('google.com') || under('googlemail.com')) return 'google';
  if (under('outlook.com') || under('protection.outlook.com')) return 'microsoft';
  return null;
}

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T | null> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });

/**
 * The sign-in provider an address belongs to (spec section 7 'oauth-providers'): the known-domains
 * table, else the domain's preferred mail exchanger. No answer (unknown host, no MX, DNS down or slow)
 * is null: the page then offers both buttons as usual.
 */
export function createProviderLookup(resolver: MxResolver = resolveMx, timeoutMs = MX_TIMEOUT_MS) {
  return async (email: string): Promise<OAuthProviderName | null> => {
    const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
    const known = KNOWN_DOMAINS[domain];
    if (known) return known;
    const records = await withTimeout(resolver(domain), timeoutMs);
    if (!records || records.length === 0) return null;
    const preferred = [...records].sort((a, b) => a.priority - b.priority);
    for (const record of preferred) {
      const provider = providerOfExchange(record.exchange);
      if (provider) return provider;
    }
    return null;
  };
}

export type ProviderLookup = ReturnType<typeof createProviderLookup>;
