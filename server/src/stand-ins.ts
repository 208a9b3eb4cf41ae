import type { Config } from './config';
import type { StandInSetting } from './stand-in-setting';

/**
 * Whether a built-in stand-in (Stripe sandbox, identity sandbox, S3 stand-in) runs, and why
 * (docs/decisions/016-stand-ins-by-default.md). They take test cards and vouch for any address typed
 * into them, so by themselves they run only where nobody else can reach them: a loopback PUBLIC_URL.
 * Anywhere else an operator asks for one by name (a staging site).
 */
export interface StandInDecision {
  mount: boolean;
  /** Why, for the start-up line: 'PUBLIC_URL is loopback', 'STRIPE_SANDBOX=on', … */
  why: string;
}

/** 127.0.0.0/8, localhost and ::1, as URL.hostname spells them (IPv6 in brackets). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Is the address people use loopback? PUBLIC_URL's host; without PUBLIC_URL the links say
 * 127.0.0.1, but a server listening on HOST=0.0.0.0 is still reachable by everyone, so then HOST
 * decides.
 */
export function loopbackReason(config: Pick<Config, 'publicUrl' | 'host'>): string | null {
  if (config.publicUrl)
    return isLoopbackHost(new URL(config.publicUrl).hostname) ? 'PUBLIC_URL is loopback' : null;
  return isLoopbackHost(config.host) ? 'PUBLIC_URL unset and HOST is loopback' : null;
}

/** 'on': always (named by `variable`); 'off': never; 'auto': only on a loopback address. */
export function decideStandIn(
  setting: StandInSetting,
  variable: string,
  config: Pick<Config, 'publicUrl' | 'host'>,
): StandInDecision {
  if (setting === 'on') return { mount: true, why: `${variable}=on` };
  if (setting === 'off') return { mount: false, why: `${variable}=off` };
  const loopback = loopbackReason(config);
  return loopback ? { mount: true, why: loopback } : { mount: false, why: 'PUBLIC_URL is not loopback' };
}

/** The start-up line of a mounted stand-in. */
export const mountedLine = (what: string, decision: StandInDecision) => `stand-in: ${what} (${decision.why})`;

/** The start-up line of a service left unconfigured: what to set. */
export const notConfiguredLine = (what: string, set: string, decision: StandInDecision) =>
  `not configured: ${what} (${decision.why}; set ${set})`;

type StandInConfig = Pick<
  Config,
  | 'publicUrl'
  | 'host'
  | 'stripe'
  | 'stripeSandbox'
  | 'paddle'
  | 'paddleSandbox'
  | 'google'
  | 'microsoft'
  | 'identitySandbox'
  | 'fileStorage'
>;

/** IDENTITY_SANDBOX for the providers without GOOGLE_* / MICROSOFT_* keys. */
export const identitySandboxDecision = (config: Pick<Config, 'identitySandbox' | 'publicUrl' | 'host'>) =>
  decideStandIn(config.identitySandbox, 'IDENTITY_SANDBOX', config);

/** STRIPE_SANDBOX, when the three STRIPE_* keys are unset. */
export const stripeSandboxDecision = (config: Pick<Config, 'stripeSandbox' | 'publicUrl' | 'host'>) =>
  decideStandIn(config.stripeSandbox, 'STRIPE_SANDBOX', config);

/** PADDLE_SANDBOX, when PADDLE_API_KEY is unset. */
export const paddleSandboxDecision = (config: Pick<Config, 'paddleSandbox' | 'publicUrl' | 'host'>) =>
  decideStandIn(config.paddleSandbox, 'PADDLE_SANDBOX', config);

const PROVIDER_TITLES = { google: 'Google', microsoft: 'Microsoft' } as const;

/**
 * The start-up output about stand-ins: one line per stand-in mounted and why, and one per service
 * left without a provider, saying what to set. (The S3 stand-in runs only by name, and replaces
 * local disk rather than a missing service, so only its mounted line exists.)
 */
export function standInLines(config: StandInConfig): string[] {
  const lines: string[] = [];
  if (!config.stripe) {
    const decision = stripeSandboxDecision(config);
    lines.push(
      decision.mount
        ? mountedLine('Stripe sandbox at /v1 and /sandbox/stripe', decision)
        : notConfiguredLine('payments', 'the three STRIPE_* keys, or STRIPE_SANDBOX=on', decision),
    );
  }
  if (!config.paddle.apiKey) {
    const decision = paddleSandboxDecision(config);
    lines.push(
      decision.mount
        ? mountedLine('Paddle sandbox at /sandbox/paddle', decision)
        : notConfiguredLine('Paddle', 'the PADDLE_* keys, or PADDLE_SANDBOX=on', decision),
    );
  }
  const missing = (['google', 'microsoft'] as const).filter((name) => !config[name]);
  if (missing.length > 0) {
    const decision = identitySandboxDecision(config);
    const titles = missing.map((name) => PROVIDER_TITLES[name]).join(' and ');
    const keys = missing.map((name) => `${name.toUpperCase()}_CLIENT_ID/_SECRET`).join(' and ');
    lines.push(
      decision.mount
        ? mountedLine(`identity sandbox for ${titles} sign-in at /sandbox/identity`, decision)
        : notConfiguredLine(`${titles} sign-in`, `${keys}, or IDENTITY_SANDBOX=on`, decision),
    );
  }
  if (config.fileStorage.kind === 's3-sandbox') {
    lines.push(mountedLine('S3 stand-in at /sandbox/s3', { mount: true, why: 'STORAGE_S3_SANDBOX=on' }));
  }
  return lines;
}
