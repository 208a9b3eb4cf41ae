import { type ConsoleSettings, DEFAULT_CONSOLE_SETTINGS } from '@domain/console-settings';
import fastifyMultipart from '@fastify/multipart';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { createAuthenticate } from './auth/authenticate';
import { createRequireMembership } from './auth/require-membership';
import { createRequireStaff } from './auth/require-staff';
import { createRequireTarget } from './auth/require-target';
import { createTokenSigner, type TokenSigner } from './auth/tokens';
import { configuredProviders, createOAuthClient, type OAuthSettings } from './auth/web-login/oauth-client';
import { createProviderLookup, type MxResolver } from './auth/web-login/provider-lookup';
import { type BillingService, createBillingService } from './billing/billing-service';
import { createPaddleBilling, type PaddleBilling } from './billing/paddle/paddle-billing';
import type { PaddleSettings } from './billing/paddle/paddle-client';
import {
  createPersonalBillingService,
  type PersonalBillingService,
} from './billing/personal-billing-service';
import type { BillingProvider } from './billing/provider';
import { createSeatCosts } from './billing/seat-costs';
import { registerCleanupSchedule } from './cleanup/cleanup-schedule';
import { type Clock, systemClock } from './clock';
import type { Db } from './db/db';
import { createRepositories, type Repositories } from './db/repositories';
import { handleError } from './errors';
import { registerConsole } from './http/console-static';
import { registerDraining } from './http/draining';
import { registerIdempotency } from './http/idempotency';
import { registerLingeringClose } from './http/lingering-close';
import { loggerOptions, RequestLinesAtDebug } from './http/logger';
import { multipartFieldsToBody, multipartLimits } from './http/multipart-fields';
import { registerOpenApi } from './http/openapi';
import { registerDatabaseOutage } from './http/outage';
import { registerRateLimits } from './http/rate-limit';
import { registerRequestContext } from './http/request-context';
import { REQUEST_ID_LOG_LABEL, requestIdFor } from './http/request-id';
import { createResponseSerializerCompiler } from './http/response-serializer';
import { registerRouteCatalogue } from './http/route-catalogue';
import { registerSecurityHeaders, schedulingOrigins } from './http/security-headers';
import { registerStarting } from './http/starting';
import { zodValidatorCompiler } from './http/zod-validation';
import type { Mailer } from './mail/mailer';
import type { Metrics } from './metrics/metrics';
import { registerRequestMetrics } from './metrics/request-metrics';
import { analyticsRoutes } from './routes/analytics-page-views.routes';
import { authRoutes } from './routes/auth.routes';
import { webLoginRoutes } from './routes/auth-web.routes';
import { avatarsRoutes } from './routes/avatars.routes';
import { personalBillingRoutes } from './routes/billing.routes';
import { paddlePublicRoutes } from './routes/billing-paddle-public.routes';
import { teamBillingRoutes } from './routes/collab-billing.routes';
import { teamBillingPaddleRoutes } from './routes/collab-billing-paddle.routes';
import { teamBillingPaddlePaymentsRoutes } from './routes/collab-billing-paddle-payments.routes';
import { collabTeamsRoutes } from './routes/collab-teams.routes';
import { teamLogoRoutes } from './routes/collab-teams-avatar.routes';
import { invitationsRoutes } from './routes/collab-teams-invite.routes';
import { teamLeaveRoutes } from './routes/collab-teams-leave.routes';
import { seatCostRoutes } from './routes/collab-teams-seat-cost.routes';
import { teamUsageRoutes } from './routes/collab-usage.routes';
import { teamUsersRoutes } from './routes/collab-users.routes';
import { teamUserAvatarRoutes } from './routes/collab-users-avatar.routes';
import { teamUserActionsRoutes } from './routes/collab-users-role-ban-kick.routes';
import { eventsRoutes } from './routes/events.routes';
import { healthRoutes } from './routes/health.routes';
import { type InternalCliOptions, internalCliRoutes } from './routes/internal-cli.routes';
import { profileRoutes } from './routes/profile.routes';
import { type PublicFilesOptions, publicFilesRoutes } from './routes/public-files.routes';
import { redirectsRoutes } from './routes/redirects.routes';
import { teamJoinRoutes } from './routes/teams-join.routes';
import { paddleWebhooksRoutes } from './routes/webhooks-paddle.routes';
import { stripeWebhooksRoutes } from './routes/webhooks-stripe.routes';
import type { FileStorage } from './storage/file-storage';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    repos: Repositories;
    tokens: TokenSigner;
    clock: Clock;
    storage: FileStorage;
    mailer: Mailer;
    /** Base of the links the server hands out (PUBLIC_URL, or where it listens). */
    publicUrl: () => string;
    billingProvider: BillingProvider;
    billing: BillingService;
    paddle: PaddleBilling;
    personalBilling: PersonalBillingService;
  }
}

export interface BuildAppOptions {
  db: Db;
  jwtSecret: Uint8Array;
  /** Uploaded avatars and logos (DATA_DIR/storage; tests: in memory). */
  storage: FileStorage;
  /** SMTP or the local outbox. */
  mailer: Mailer;
  /** Base URL for links in mail; a function because it may only be known once listening. */
  publicUrl: () => string;
  /** Tests pass a clock they control (throttles, expiries, event ids). */
  clock?: Clock;
  /** Team billing: Stripe (or the built-in sandbox, through the same SDK) and the second provider. */
  billing: {
    provider: BillingProvider;
    /** Where free-upgrade requests are mailed (OPERATOR_EMAIL). */
    operatorEmail: string | null;
    paddle: PaddleSettings;
  };
  /**
   * Stand-ins for outside services (the Stripe sandbox), mounted by the start-up when no real keys are
   * set. The product's code never imports them; this is the one seam.
   */
  standIns?: FastifyPluginAsync[];
  /** Per-start secret for the CLI's internal routes; null turns them off. */
  cliSecret?: string | null;
  /** What the CLI's internal routes do beyond the database: demo billing after a reset, the sandbox clock. */
  cliHooks?: Pick<
    InternalCliOptions,
    'afterSeedReset' | 'sandboxAdvance' | 'sandboxKeys' | 'seedResetRefusal'
  >;
  /** The operator's settings the console reads (customer-success address, scheduling pages). */
  consoleSettings?: ConsoleSettings;
  /**
   * Web sign-in: Google and Microsoft (or the identity sandbox standing in for them; null: not
   * offered) and the DNS resolver for provider look-ups (tests inject one).
   */
  webLogin?: { oauth: OAuthSettings; mxResolver?: MxResolver };
  /** Built console to serve; missing folder means API only (plus a hint for pages). */
  distDir: string;
  logLevel?: string;
  /**
   * Parse every answer with its zod schema too and compare it with the compiled serializer's text
   * (http/response-serializer.ts). On unless turned off: the production server runs without it
   * (CHECK_RESPONSES, default off), every test app with it.
   */
  checkResponses?: boolean;
  /** Overrides the logger entirely (tests pass false). */
  logger?: FastifyServerOptions['logger'];
  /** Public files' store (DATA_DIR/public-files) and size limit; without it the calls are not served. */
  publicFiles?: PublicFilesOptions;
  /** Sees every route as it is added (tests: the authorization matrix reads the route list from it). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * TRUST_PROXY: the proxies whose X-Forwarded-For/-Host/-Proto are believed (request.ip, host,
   * protocol); unset: none, so a client cannot choose its own address. URLs never come from these
   * headers anyway: PUBLIC_URL makes every link.
   */
  trustProxy?: false | number | string[];
  /** Runs the cleanup of expired rows this often (CLEANUP_INTERVAL_MINUTES); unset (tests): never. */
  cleanupIntervalMs?: number;
  /** METRICS_PORT set: requests and the database pool are measured into these (metrics/). */
  metrics?: Metrics | null;
}

/**
 * TRUST_PROXY as Fastify takes it. Fastify 5.12 reads a bare hop count as 'trust nobody' (it cannot
 * tell the proxy from a client that reached the server directly), which left TRUST_PROXY=1 silently
 * ignored; a hop count here means what the README says: the nearest `hops` addresses are proxies
 * (decision 026). Address lists go to Fastify as they are.
 */
export function fastifyTrustProxy(setting: false | number | string[]): FastifyServerOptions['trustProxy'] {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  return (_address: string, hop: number) => hop < hops;
}

/** Requests larger than this are refused with 413 before they reach a handler. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The whole HTTP application, without listening: external plugins first, then the app's own
 * services (database, repositories, tokens, auth pre-handlers), then the routes. Tests call this with
 * an in-memory database and use app.inject.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(options.logLevel ?? 'info'),
    logController: new RequestLinesAtDebug({ requestIdLogLabel: REQUEST_ID_LOG_LABEL }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    // Request ids: a well-formed X-Request-Id is kept, anything else replaced (http/request-id.ts).
    // Fastify's own header option would take any value a client sends into every log line.
    requestIdHeader: false,
    genReqId: requestIdFor,
    // Malformed (%E0%A4%A) or overlong path parameters fail in the router, before any hook: without
    // this they would leave as Fastify's own error body instead of the spec's.
    frameworkErrors: handleError,
    // A request that reaches a stopping server on a pooled connection is served (with Connection:
    // close) rather than refused with Fastify's own 503 body: shutdown.ts bounds how long that lasts.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(
    createResponseSerializerCompiler({ checkResponses: options.checkResponses ?? true }),
  );
  app.setErrorHandler(handleError);
  // First of all hooks: the request id goes back on every answer; a database outage is watched.
  registerRequestContext(app);
  registerDatabaseOutage(app, options.db);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // An early answer (a 413 over a limit) reaches the client instead of a reset (http/lingering-close.ts).
  registerLingeringClose(app);
  // Before any route: tests read every route and its schemas from here (the write-call fuzz).
  registerRouteCatalogue(app);
  registerStarting(app);
  registerDraining(app);
  if (options.metrics) registerRequestMetrics(app, options.metrics, options.db);

  // External plugins. Security headers first, so every answer carries them, errors included.
  const consoleSettings = options.consoleSettings ?? DEFAULT_CONSOLE_SETTINGS;
  await registerSecurityHeaders(app, options.publicUrl, schedulingOrigins(consoleSettings.schedulingUrls));
  // Abuse limits: routes opt in; the counters are shared by every server on the database.
  await registerRateLimits(app, options.db, options.clock ?? systemClock);
  // Multipart fields become a plain body object so routes validate them like JSON.
  await app.register(fastifyMultipart, { limits: multipartLimits(BODY_LIMIT_BYTES) });
  app.addHook('preValidation', multipartFieldsToBody);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  // No route takes plain text; without this parser such bodies get an honest 415.
  app.removeContentTypeParser('text/plain');
  const signInProviders = configuredProviders(options.webLogin?.oauth);
  await registerConsole(app, options.distDir, { ...consoleSettings, signInProviders });

  // The app's services, decorated on the root so every route plugin sees them.
  const repos = createRepositories(options.db);
  const tokens = createTokenSigner(options.jwtSecret);
  const clock = options.clock ?? systemClock;
  app.decorate('db', options.db);
  app.decorate('repos', repos);
  app.decorate('tokens', tokens);
  app.decorate('clock', clock);
  app.decorate('storage', options.storage);
  app.decorate('mailer', options.mailer);
  app.decorate('publicUrl', options.publicUrl);
  app.decorate('billingProvider', options.billing.provider);
  const billingDeps = {
    db: options.db,
    provider: options.billing.provider,
    clock,
    mailer: options.mailer,
    publicUrl: options.publicUrl,
    operatorEmail: options.billing.operatorEmail,
    log: app.log,
  };
  app.decorate('personalBilling', createPersonalBillingService(billingDeps));
  app.decorate(
    'paddle',
    createPaddleBilling(options.billing.paddle, { ...billingDeps, checkoutSecret: options.jwtSecret }),
  );
  app.decorate(
    'billing',
    createBillingService(billingDeps, { personal: app.personalBilling, paddleSeats: app.paddle.paddleSeats }),
  );
  if (options.publicFiles) app.decorate('publicFiles', options.publicFiles);
  app.decorate('authenticate', createAuthenticate(options.db, tokens));
  app.decorate('requireMembership', createRequireMembership(repos));
  app.decorate('requireTarget', createRequireTarget(repos));
  app.decorate('requireStaff', createRequireStaff(repos.accounts));
  app.decorateRequest('accountId', 0);
  app.decorateRequest('sessionId', 0);
  app.decorateRequest('membership', null as never);
  app.decorateRequest('callerInTeam', null);
  app.decorateRequest('target', null);
  // Retried writes answer what their first try answered (docs/decisions/011-retried-writes.md).
  registerIdempotency(app, options.db);

  // The API reference (/api/openapi.json, /api/docs) is built from every route registered after it.
  await registerOpenApi(app);

  // Probes for orchestrators and balancers (/healthz, /readyz), outside the API.
  await app.register(healthRoutes);
  // Routes, one plugin per resource of spec section 7.
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(collabTeamsRoutes);
  await app.register(teamLeaveRoutes);
  await app.register(teamUsageRoutes);
  await app.register(teamLogoRoutes);
  await app.register(teamUsersRoutes);
  await app.register(teamUserAvatarRoutes);
  await app.register(teamUserActionsRoutes);
  await app.register(invitationsRoutes);
  await app.register(eventsRoutes);
  await app.register(avatarsRoutes);
  await app.register(analyticsRoutes, { clock });
  await app.register(teamBillingRoutes);
  await app.register(teamBillingPaddleRoutes);
  await app.register(teamBillingPaddlePaymentsRoutes);
  await app.register(paddlePublicRoutes);
  await app.register(stripeWebhooksRoutes);
  await app.register(paddleWebhooksRoutes);
  await app.register(personalBillingRoutes);
  await app.register(seatCostRoutes, { seatCosts: createSeatCosts(billingDeps) });
  await app.register(webLoginRoutes, {
    oauth: createOAuthClient(options.webLogin?.oauth ?? { google: null, microsoft: null }),
    lookupProvider: createProviderLookup(options.webLogin?.mxResolver),
  });
  if (options.publicFiles) await app.register(publicFilesRoutes, options.publicFiles);
  await app.register(internalCliRoutes, { cliSecret: options.cliSecret ?? null, ...options.cliHooks });
  await app.register(teamJoinRoutes);
  await app.register(redirectsRoutes);
  for (const standIn of options.standIns ?? []) await app.register(standIn);
  if (options.cleanupIntervalMs) registerCleanupSchedule(app, options.cleanupIntervalMs);

  return app;
}
