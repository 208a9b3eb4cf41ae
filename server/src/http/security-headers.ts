import type { FastifyInstance } from 'fastify';
import { isApiPath } from '../errors';

// The origins Stripe's own Stripe.js and card field need (https://docs.stripe.com/security/guide#content-security-policy).
// The built-in sandbox serves its Stripe.js stand-in and pages from this origin, so offline they add nothing.
const stripe = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

// The origins Paddle.js v2 needs: its script and images on Paddle's CDN, its overlay checkout framed
// from buy.paddle.com (sandbox-buy for Paddle's sandbox), its checkout service for prices. Offline,
// the sandbox's Paddle.js stand-in is served from this origin.
const paddle = {
  script: ['https://cdn.paddle.com'],
  frame: ['https://buy.paddle.com', 'https://sandbox-buy.paddle.com'],
  connect: ['https://checkout-service.paddle.com', 'https://sandbox-checkout-service.paddle.com'],
  img: ['https://cdn.paddle.com'],
};

/** Paths whose page opens a card form: only they may load Stripe.js or Paddle.js and frame them. */
const CARD_FORM_PATH = /^\/teams\/[^/]+\/billing(?:[/?#]|$)/;
/** Paddle's default payment link: Paddle.js opens a transaction's checkout there. */
const PADDLE_PAY_PATH = /^\/paddle-pay(?:[/?#]|$)/;

interface Origins {
  script: string[];
  frame: string[];
  connect: string[];
  img: string[];
}

/** The payment providers' origins a page at `path` may use: none but on the two checkout pages. */
function providerOrigins(path: string): Origins {
  if (CARD_FORM_PATH.test(path)) {
    return {
      script: [...stripe.script, ...paddle.script],
      frame: [...stripe.frame, ...paddle.frame],
      connect: [...stripe.connect, ...paddle.connect],
      img: paddle.img,
    };
  }
  if (PADDLE_PAY_PATH.test(path)) return paddle;
  return { script: [], frame: [], connect: [], img: [] };
}

/**
 * The console's Content-Security-Policy for a page path; `frameOrigins` are the scheduling pages the
 * contact-us screen frames (the operator's SCHEDULING_URL_* settings). No inline script and no eval anywhere (the
 * Vite build emits none); styles may be inline because Mantine writes its CSS variables into a
 * <style> element and style attributes. Nobody may frame the console.
 */
export function consoleCsp(path: string, frameOrigins: readonly string[] = []): string {
  const provider = providerOrigins(path);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...provider.script].join(' '),
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...provider.img].join(' '),
    "font-src 'self' data:",
    ["connect-src 'self'", ...provider.connect].join(' '),
    ["frame-src 'self'", ...frameOrigins, ...provider.frame].join(' '),
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}

/**
 * The headers every answer carries whatever its path: what @fastify/helmet sent with the options this
 * server gave it (no framing, no Referer at all, its defaults for the rest), written out once. Helmet
 * built its middleware chain again on every request, a visible share of an API call's CPU.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  // Kept on every page although Lighthouse's simulation charges the fresh renderer process it costs
  // to each page's LCP (decision 055): the page a visitor lands on is the whole session's document.
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * Security headers on every response: the console's CSP (the page server swaps in the per-path one),
 * no framing, nosniff, no Referer at all (links carry secrets: tokens, file secrets, invitation
 * keys), and HSTS only when the public address is HTTPS (over plain HTTP it would be ignored and
 * misleading). Pages of the sandbox stand-ins set their own CSP after this. API answers say
 * `Cache-Control: no-store`: no browser or proxy keeps personal or billing data, a shared
 * computer's back button included. The hooks take callbacks: an async hook costs a promise per request.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: () => string,
  frameOrigins: readonly string[] = [],
): Promise<void> {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isPrivateApiAnswer(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
  const defaultCsp = consoleCsp('/', frameOrigins);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    reply.header('content-security-policy', defaultCsp);
    if (publicUrl().startsWith('https://')) {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    done();
  });
}

/** The API reference is the same for everyone and holds nobody's data: caches may keep it. */
const PUBLIC_API_PATHS = ['/api/openapi.json', '/api/docs'];

/**
 * Whether an answer is the API's and so may carry personal or billing data: every /api answer,
 * errors included, but the API reference. Routes that set Cache-Control themselves keep theirs (the
 * avatars' content-addressed public images; downloads say 'private, no-store' already).
 */
export function isPrivateApiAnswer(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return (
    isApiPath(path) && !PUBLIC_API_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
  );
}

/** The origins of the scheduling pages, without duplicates, for frame-src. */
export function schedulingOrigins(urls: { paid: string; basic: string }): string[] {
  return [...new Set([urls.paid, urls.basic].map((url) => new URL(url).origin))];
}
