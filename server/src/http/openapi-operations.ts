// Every operation of the API reference with its operationId and one-line summary, keyed by method and
// route pattern. Generated clients (openapi-typescript, openapi-generator) name their functions after
// the ids, so an id never changes once published; a new route adds its line here, and the OpenAPI
// test names any route without one.

export interface OperationName {
  operationId: string;
  summary: string;
}

const op = (operationId: string, summary: string): OperationName => ({ operationId, summary });

const collab = '/api/v1/collab/:teamUser';
const teams = '/api/v1/collab/teams/:teamUser';
const billing = `${collab}/billing`;
const billingV2 = '/api/v2/collab/:teamUser/billing';
const paddle = `${collab}/billing-paddle`;

export const operations: Record<string, OperationName> = {
  'GET /api/openapi.json': op('getOpenApiDocument', 'This API description as OpenAPI 3.1 JSON'),
  'GET /api/docs': op('getApiReferencePage', 'This API description as an HTML page'),

  'POST /api/v2/auth/code': op('exchangeAuthCode', "Exchange an app's login code for a session"),
  'POST /api/v1/auth/refresh': op('refreshSession', 'Exchange a refresh token for a new token pair'),
  'POST /api/v2/auth/logout': op('logOut', "Revoke the session's refresh tokens"),
  'POST /api/v1/auth/web/oauth-providers': op('findOAuthProvider', 'Find the sign-in provider of an email'),
  'POST /api/v1/auth/web/login/email': op('sendLoginEmail', 'Mail a sign-in link to an address'),
  'GET /api/v1/auth/web/login/email/callback': op('openLoginEmailLink', 'Follow a mailed sign-in link'),
  'POST /api/v1/auth/web/login/oauth': op('startOAuthLogin', 'Start a sign-in with Google or Microsoft'),
  'GET /api/v1/auth/web/oauth/callback': op('finishOAuthLogin', "Return from the provider's sign-in"),
  'GET /api/v2/profile': op('getProfile', "Read the signed-in person's profile"),

  'GET /api/v1/collab/teams': op('listMyTeams', "List the caller's team memberships"),
  [`GET ${teams}`]: op('getTeam', 'Read a team'),
  [`PUT ${teams}`]: op('updateTeam', "Change a team's name or domain sign-ups"),
  [`DELETE ${teams}`]: op('deleteTeam', 'Delete a team'),
  [`PUT ${teams}/settings`]: op('updateTeamSettings', "Change what a team's admins may do"),
  'POST /api/v1/collab/teams/:teamId/leave': op('leaveTeam', 'Leave a team'),
  [`GET ${collab}/usage`]: op('getTeamUsage', "Read a team's usage"),
  [`POST ${teams}/avatar`]: op('uploadTeamLogo', "Upload a team's logo"),
  [`DELETE ${teams}/avatar`]: op('deleteTeamLogo', "Remove a team's logo"),
  [`GET ${teams}/seat-cost`]: op('getSeatCost', 'Read what one more seat costs'),
  [`POST ${teams}/invite`]: op('inviteTeamUsers', 'Invite people to a team by email'),
  [`POST ${teams}/resend-invitation`]: op('resendInvitations', 'Send invitations again'),
  'GET /api/v1/billing-paddle/paddle-js': op(
    'getPaddleJsSettings',
    'Read what a browser needs to load Paddle.js',
  ),
  'POST /api/v1/teams/join/:key': op('joinTeam', 'Accept an invitation by its key'),

  [`GET ${collab}/users`]: op('listTeamUsers', "List a team's members, a page at a time"),
  [`GET ${collab}/users/:id`]: op('getTeamUser', 'Read a member (or me)'),
  [`PUT ${collab}/users/:id`]: op('updateTeamUser', "Change a member's name"),
  [`POST ${collab}/users/:id/avatar`]: op('uploadTeamUserAvatar', "Upload a member's avatar"),
  [`DELETE ${collab}/users/:id/avatar`]: op('deleteTeamUserAvatar', "Remove a member's avatar"),
  [`PUT ${collab}/users/:id/role`]: op('changeTeamUserRole', "Change a member's role"),
  [`POST ${collab}/users/:id/ban`]: op('deactivateTeamUser', 'Deactivate a member'),
  [`POST ${collab}/users/:id/unban`]: op('reactivateTeamUser', 'Let a deactivated member back in'),
  [`POST ${collab}/users/:id/kick`]: op('removeTeamUser', 'Remove a member from a team'),

  'GET /api/v3/collab/:teamUser/events': op('listTeamEvents', "Read a team's event feed"),
  'GET /api/v1/events': op('listMyEvents', "Read the caller's event feed (every team's, for staff)"),
  'GET /api/v1/avatars/:avatar': op('getAvatarImage', 'Download an avatar or logo image'),
  'POST /api/v1/analytics/page-views': op('recordPageView', 'Record a page view'),

  [`GET ${billing}`]: op('getTeamBilling', "Read a team's billing: customer, card, subscription"),
  [`GET ${billing}/usage`]: op('getTeamBillingUsage', 'Read the seats a team pays for'),
  [`GET ${billing}/plans`]: op('listTeamPlans', 'List the team plans and their prices'),
  [`GET ${billing}/invoices`]: op('listTeamInvoices', "List a team's invoices"),
  [`GET ${billing}/invoices/:invoiceFile`]: op('getTeamInvoicePage', 'Open an invoice as an HTML page'),
  [`GET ${billing}/stripe-token`]: op('getStripePublishableKey', "Read the card library's publishable key"),
  [`POST ${billing}/preview`]: op('previewTeamPlanChange', 'Preview what a plan change costs'),
  [`PUT ${billing}/customer`]: op('updateTeamBillingCustomer', 'Change the billing name, address and VAT id'),
  [`PUT ${billing}/card`]: op('updateTeamCard', "Make a card the team's card"),
  [`POST ${billing}/request-free`]: op('requestFreeUpgrade', 'Ask for a free upgrade'),
  [`PUT ${billingV2}/plan`]: op('changeTeamPlan', "Change, cancel or renew a team's plan"),
  [`POST ${billingV2}/checkout`]: op('createTeamCheckout', 'Start a hosted checkout for a team plan'),
  [`POST ${billingV2}/setup-intent`]: op('createTeamCardSetup', 'Start saving a new card'),
  [`GET ${paddle}/settings`]: op('getPaddleSettings', 'Read the Paddle settings and the provider switch'),
  [`GET ${paddle}/plans`]: op('listPaddlePlans', 'List the team plans sold through Paddle'),
  [`GET ${paddle}/subscription`]: op('getPaddleSubscription', "Read a team's Paddle subscription"),
  [`GET ${paddle}/payments`]: op('listPaddlePayments', "List a team's Paddle payments"),
  [`GET ${paddle}/payments/:transactionId/invoice`]: op(
    'getPaddleInvoiceUrl',
    "Read the URL of a Paddle payment's invoice PDF",
  ),
  [`POST ${paddle}/checkout`]: op('startPaddleCheckout', 'Make what Paddle.js opens its checkout with'),
  [`POST ${paddle}/preview`]: op('previewPaddlePlanChange', 'Preview a plan change at Paddle'),
  [`PUT ${paddle}/plan`]: op('changePaddlePlan', 'Change, cancel or renew a Paddle subscription'),
  [`POST ${paddle}/card`]: op('startPaddleCardUpdate', "Make Paddle's update-payment-method transaction"),
  'POST /api/v1/webhooks/stripe': op('receiveStripeWebhook', "Receive Stripe's signed events"),
  'POST /api/v1/webhooks/paddle': op('receivePaddleWebhook', "Receive Paddle's signed events"),

  'GET /api/v1/billing/details': op('getPersonalBilling', "Read the caller's own plan"),
  'GET /api/v1/billing/token': op('getPersonalStripeKey', "Read the card library's publishable key"),
  'GET /api/v1/billing/products': op('listPersonalProducts', 'List the personal plans'),
  'POST /api/v1/billing/checkout': op(
    'createPersonalCheckout',
    'Start a hosted checkout for a personal plan',
  ),
  'POST /api/v1/billing/setup': op('createPersonalCardSetup', 'Start saving a new personal card'),
  'POST /api/v1/billing/portal': op('openPersonalBillingPortal', "Open the provider's billing portal"),
  'POST /api/v1/billing/trial': op('startPersonalTrial', 'Start the personal free trial'),

  'POST /api/v1/files': op('uploadPublicFile', 'Upload a file to share by link (staff)'),
  'GET /api/v1/public-files/:id': op('getPublicFile', 'Read a shared file'),
  'DELETE /api/v1/public-files/:id': op('deletePublicFile', 'Delete a shared file'),
  'GET /api/v1/public-files/:id/download': op('downloadPublicFile', 'Download a shared file'),
  'GET /api/v1/public-files/:id/download-preview': op('previewPublicFile', 'Open a shared file inline'),
  'GET /api/v1/redirects/:id': op('followRedirect', 'Follow a short link'),
};

/** The operation's names, or null when the catalogue has no line for it. */
export const operationOf = (method: string, url: string): OperationName | null =>
  operations[`${method} ${url}`] ?? null;
