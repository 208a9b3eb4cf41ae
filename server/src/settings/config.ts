import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ConsoleSettings,
  DEFAULT_CONSOLE_SETTINGS,
  isConsoleEmail,
  isSchedulingUrl,
} from '@domain/console-settings';
import { type LogFormat, parseLogFormat } from '../log/server-log';
import { DEFAULT_MAIL_FROM } from '../mail/mailer';
import { parseStorageConfig, type StorageConfig } from '../storage/storage-config';
import { parseServiceSettings, type ServiceSettings } from './service-settings';
import { parseStandInSetting, type StandInSetting } from './stand-in-setting';

/** Everything the server and the CLI read from the environment, parsed once. */
export interface Config extends ServiceSettings {
  port: number;
  host: string;
  /** Holds the embedded database, the generated JWT key and server.json. */
  dataDir: string;
  /** postgres://... switches from the embedded PGlite to a Postgres server. */
  databaseUrl: string | null;
  /** PUBLIC_URL as given; null means "derive it from the port we actually listen on". */
  publicUrl: string | null;
  /** JWT_SECRET as given; null means "generate once into DATA_DIR". */
  jwtSecret: string | null;
  logLevel: string;
  /** LOG_FORMAT: json or pretty; unset, pretty when stdout is a terminal and JSON otherwise. */
  logFormat: LogFormat;
  /** CHECK_RESPONSES=1: every answer also parsed by its zod schema (a 500 on a mismatch); off in production. */
  checkResponses: boolean;
  /** smtp://user:pass@host:587 or smtps://...; null means mail goes to the outbox in DATA_DIR. */
  smtpUrl: string | null;
  /** The From of every mail the server sends. */
  mailFrom: string;
  /** The built console; served when it exists. */
  distDir: string;
  /** Real Stripe keys; null: the built-in Stripe sandbox where it may run (stripeSandbox), else none. */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string } | null;
  /** STRIPE_SANDBOX: whether payments without keys go to the built-in Stripe sandbox (stand-ins.ts). */
  stripeSandbox: StandInSetting;
  /** PADDLE_SANDBOX: whether Paddle without PADDLE_API_KEY goes to the built-in Paddle sandbox (stand-ins.ts). */
  paddleSandbox: StandInSetting;
  /** Where free-upgrade requests are mailed; null: recorded and logged only. */
  operatorEmail: string | null;
  /** PADDLE_API_KEY, PADDLE_CLIENT_TOKEN, PADDLE_WEBHOOK_SECRET, PADDLE_ENVIRONMENT: real Paddle. */
  paddle: {
    apiKey: string | null;
    clientToken: string | null;
    webhookSecret: string | null;
    environment: 'sandbox' | 'production';
  };
  /** DEFAULT_PAYMENT_PROVIDER: with it set, a team without a provider may only use Stripe (spec section 2). */
  defaultPaymentProvider: 'stripe' | 'paddle' | null;
  /** CUSTOMER_SUCCESS_EMAIL, SCHEDULING_URL_PAID, SCHEDULING_URL_BASIC: handed to the console. */
  console: ConsoleSettings;
  /**
   * GOOGLE_CLIENT_ID/SECRET and GOOGLE_ISSUER (default https://accounts.google.com); null (the
   * default) signs in through the built-in identity sandbox.
   */
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  /**
   * MICROSOFT_CLIENT_ID/SECRET, MICROSOFT_TENANT (default 'common') and MICROSOFT_ISSUER (default
   * https://login.microsoftonline.com/{MICROSOFT_TENANT}/v2.0); null: the identity sandbox.
   */
  microsoft: { clientId: string; clientSecret: string; tenant: string; issuer: string } | null;
  /** IDENTITY_SANDBOX: whether a provider without keys signs in through the built-in identity sandbox. */
  identitySandbox: StandInSetting;
  /** TRUST_PROXY: which proxies' X-Forwarded-* headers are believed (Fastify's trustProxy); false: none. */
  trustProxy: false | number | string[];
  /** MAX_PUBLIC_FILE_BYTES: the largest public file one upload may bring. */
  maxPublicFileBytes: number;
  /** CLEANUP_INTERVAL_MINUTES: how often expired rows are deleted (0: never; `cli cleanup` still works). */
  cleanupIntervalMinutes: number;
  /** STORAGE_S3_*: avatars, logos and public files in an S3-compatible bucket; default local disk. */
  fileStorage: StorageConfig;
  /** DEMO_DATA: whether an empty database gets the demo data (seed/demo-data-setting.ts). */
  demoData: StandInSetting;
}

/** An OAuth client's id and secret from two variables: both or neither. */
function oauthClient(
  env: NodeJS.ProcessEnv,
  prefix: string,
): { clientId: string; clientSecret: string } | null {
  const clientId = env[`${prefix}_CLIENT_ID`]?.trim() || null;
  const clientSecret = env[`${prefix}_CLIENT_SECRET`]?.trim() || null;
  if (!clientId && !clientSecret) return null;
  if (!clientId || !clientSecret) {
    throw new ConfigError(
      `Set both ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET, or neither (the identity sandbox)`,
    );
  }
  return { clientId, clientSecret };
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * GOOGLE_ISSUER / MICROSOFT_ISSUER: the OpenID Provider sign-in uses, by its issuer URL (discovery
 * is read below it). https only, but for a provider on this machine (a test, a local stand-in).
 */
function oauthIssuer(env: NodeJS.ProcessEnv, prefix: string, configured: boolean, fallback: string): string {
  const value = env[`${prefix}_ISSUER`]?.trim() || null;
  if (value === null) return fallback;
  if (!configured) {
    throw new ConfigError(`${prefix}_ISSUER is set: set ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET too`);
  }
  const url = URL.canParse(value) ? new URL(value) : null;
  const secure =
    url?.protocol === 'https:' || (url?.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  if (!url || !secure || url.search || url.hash) {
    throw new ConfigError(`${prefix}_ISSUER must be an https:// issuer URL (http:// only on this machine)`);
  }
  return value;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = parsePort(env.PORT);
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const publicUrl = env.PUBLIC_URL?.trim() || null;
  if (publicUrl && !URL.canParse(publicUrl)) throw new ConfigError('PUBLIC_URL must be an absolute URL');
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !(/^smtps?:\/\//.test(smtpUrl) && URL.canParse(smtpUrl) && new URL(smtpUrl).hostname)) {
    throw new ConfigError('SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465');
  }
  const stripeKeys = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET].map(
    (value) => value?.trim() || null,
  );
  const [secretKey, publishableKey, webhookSecret] = stripeKeys;
  if (stripeKeys.some((key) => key) && !(secretKey && publishableKey && webhookSecret)) {
    throw new ConfigError(
      'Set all three of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or none (the built-in sandbox)',
    );
  }
  const paddleEnvironment = env.PADDLE_ENVIRONMENT?.trim() || 'sandbox';
  if (paddleEnvironment !== 'sandbox' && paddleEnvironment !== 'production') {
    throw new ConfigError('PADDLE_ENVIRONMENT must be sandbox or production');
  }
  const defaultPaymentProvider = env.DEFAULT_PAYMENT_PROVIDER?.trim() || null;
  if (
    defaultPaymentProvider !== null &&
    defaultPaymentProvider !== 'stripe' &&
    defaultPaymentProvider !== 'paddle'
  ) {
    throw new ConfigError('DEFAULT_PAYMENT_PROVIDER must be stripe or paddle');
  }
  const googleClient = oauthClient(env, 'GOOGLE');
  const googleIssuer = oauthIssuer(env, 'GOOGLE', !!googleClient, 'https://accounts.google.com');
  const google = googleClient ? { ...googleClient, issuer: googleIssuer } : null;
  const microsoftClient = oauthClient(env, 'MICROSOFT');
  const tenant = env.MICROSOFT_TENANT?.trim() || 'common';
  const microsoftIssuer = oauthIssuer(
    env,
    'MICROSOFT',
    !!microsoftClient,
    `https://login.microsoftonline.com/${tenant}/v2.0`,
  );
  const microsoft = microsoftClient ? { ...microsoftClient, tenant, issuer: microsoftIssuer } : null;
  const logFormat = parseLogFormat(env.LOG_FORMAT, process.stdout.isTTY === true);
  if (!logFormat) throw new ConfigError(`LOG_FORMAT must be json or pretty, got "${env.LOG_FORMAT}"`);
  const standInSetting = (name: string) =>
    parseStandInSetting(env[name], name, (message) => new ConfigError(message));
  return {
    port,
    cleanupIntervalMinutes: parseMinutes(env.CLEANUP_INTERVAL_MINUTES, 15),
    google,
    microsoft,
    identitySandbox: standInSetting('IDENTITY_SANDBOX'),
    stripeSandbox: standInSetting('STRIPE_SANDBOX'),
    paddleSandbox: standInSetting('PADDLE_SANDBOX'),
    // The same three words and the same loopback rule as the stand-ins.
    demoData: standInSetting('DEMO_DATA'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    defaultPaymentProvider,
    console: consoleSettings(env),
    maxPublicFileBytes: parseMaxPublicFileBytes(env.MAX_PUBLIC_FILE_BYTES),
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR?.trim() || '.data'),
    databaseUrl,
    publicUrl: publicUrl ? publicUrl.replace(/\/+$/, '') : null,
    jwtSecret: env.JWT_SECRET || null,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    logFormat,
    checkResponses: env.CHECK_RESPONSES?.trim() === '1',
    smtpUrl,
    mailFrom: env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM,
    distDir: path.join(repoRoot, 'dist'),
    stripe:
      secretKey && publishableKey && webhookSecret ? { secretKey, publishableKey, webhookSecret } : null,
    operatorEmail: env.OPERATOR_EMAIL?.trim() || null,
    paddle: {
      apiKey: env.PADDLE_API_KEY?.trim() || null,
      clientToken: env.PADDLE_CLIENT_TOKEN?.trim() || null,
      webhookSecret: env.PADDLE_WEBHOOK_SECRET?.trim() || null,
      environment: paddleEnvironment,
    },
    fileStorage: parseStorageConfig(env, (message) => new ConfigError(message)),
    ...parseServiceSettings(env, port, (message) => new ConfigError(message)),
  };
}

/** The base URL for links: PUBLIC_URL, or the local address of the port in use. */
export function resolvePublicUrl(config: Config, listeningPort: number = config.port): string {
  return config.publicUrl ?? `http://127.0.0.1:${listeningPort}`;
}

function consoleSettings(env: NodeJS.ProcessEnv): ConsoleSettings {
  const defaults = DEFAULT_CONSOLE_SETTINGS;
  const customerSuccessEmail = env.CUSTOMER_SUCCESS_EMAIL?.trim() || defaults.customerSuccessEmail;
  if (!isConsoleEmail(customerSuccessEmail)) {
    throw new ConfigError('CUSTOMER_SUCCESS_EMAIL must be an email address');
  }
  const url = (name: string, fallback: string) => {
    const value = env[name]?.trim() || fallback;
    if (!isSchedulingUrl(value)) throw new ConfigError(`${name} must be an https:// URL`);
    return value;
  };
  return {
    customerSuccessEmail,
    schedulingUrls: {
      paid: url('SCHEDULING_URL_PAID', defaults.schedulingUrls.paid),
      basic: url('SCHEDULING_URL_BASIC', defaults.schedulingUrls.basic),
    },
  };
}

function parseMinutes(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const minutes = Number(value);
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > 10_080) {
    throw new ConfigError(`CLEANUP_INTERVAL_MINUTES must be a whole number from 0 to 10080, got "${value}"`);
  }
  return minutes;
}

/**
 * TRUST_PROXY: a number of proxy hops, or a comma-separated list of proxy addresses and subnets
 * (proxy-addr's names loopback, linklocal and uniquelocal too). Unset: no X-Forwarded-* header is
 * believed. 'true' (believe anyone) is refused: any client could then choose its own address.
 */
function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text) || false;
  const list = text.split(',').map((part) => part.trim());
  if (!list.every(isProxyAddress)) {
    throw new ConfigError(
      'TRUST_PROXY must be a number of proxy hops or a comma-separated list of proxy addresses (e.g. 10.0.0.0/8,loopback)',
    );
  }
  return list;
}

const PROXY_ADDRESS_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a subnet (address/prefix) or one of proxy-addr's names. */
function isProxyAddress(part: string): boolean {
  if (PROXY_ADDRESS_NAMES.includes(part)) return true;
  const [address = '', prefix, ...rest] = part.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a number from 0 to 65535, got "${value}"`);
  }
  return port;
}

/** Uploaded avatars and logos (the local FileStorage). */
export function storageDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'storage');
}

/** Mail written instead of sent when SMTP_URL is unset: one .eml file per message. */
export function outboxDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'outbox');
}

/** Public files' bytes (the local PublicFileStore), beside the avatars. */
export function publicFilesDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'public-files');
}

/** 5 GiB unless set: big enough for the installers and archives people share this way. */
export const DEFAULT_MAX_PUBLIC_FILE_BYTES = 5 * 1024 ** 3;

function parseMaxPublicFileBytes(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_MAX_PUBLIC_FILE_BYTES;
  const bytes = Number(value);
  if (!Number.isSafeInteger(bytes) || bytes < 1) {
    throw new ConfigError(`MAX_PUBLIC_FILE_BYTES must be a whole number of bytes, got "${value}"`);
  }
  return bytes;
}
