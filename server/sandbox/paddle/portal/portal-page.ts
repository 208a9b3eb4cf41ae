import { html, type SafeHtml } from './html';
import { cancellable, type PortalSubscription } from './portal-subscriptions';
import { sandboxDocument } from './sandbox-document';

// Plain server-rendered pages: no script and no inline style, so the site's CSP holds as it is.

function page(title: string, body: SafeHtml): string {
  return sandboxDocument(
    title,
    html``,
    html`<p><strong>Test mode:</strong> the Spark Teams Paddle sandbox's customer portal. Nothing is charged.</p>
<main>
${body}
</main>`,
  );
}

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');

function describe(subscription: PortalSubscription): string {
  const item = subscription.items[0];
  const name = item?.price.name || item?.price.description || 'Subscription';
  return `${name} \u00d7 ${item?.quantity ?? 1}`;
}

function state(subscription: PortalSubscription): string {
  if (subscription.scheduled_change?.action === 'cancel')
    return `Cancels on ${day(subscription.scheduled_change.effective_at)}`;
  if (subscription.status === 'canceled') return 'Canceled';
  return `${subscription.status}, renews on ${day(subscription.next_billed_at)}`;
}

export interface PortalLinks {
  overview: string;
  cancel(subscriptionId: string): string;
  paymentMethod(subscriptionId: string): string;
}

export function renderOverview(subscriptions: PortalSubscription[], links: PortalLinks): string {
  const rows = subscriptions.map(
    (s) => html`<li><p>${describe(s)}: ${state(s)}</p>
<p><a href="${links.paymentMethod(s.id)}">Update payment method</a>${
      cancellable(s) ? html` \u00b7 <a href="${links.cancel(s.id)}">Cancel subscription</a>` : ''
    }</p></li>`,
  );
  return page(
    'Your subscriptions',
    html`<h1>Your subscriptions</h1>
${subscriptions.length === 0 ? html`<p>You have no subscriptions.</p>` : html`<ul>${rows}</ul>`}`,
  );
}

/** A form that posts the session's token back: the page itself holds no script. */
export function renderCancel(
  subscription: PortalSubscription,
  form: { action: string; token: string },
  links: PortalLinks,
): string {
  const endsAt = day(subscription.current_billing_period?.ends_at);
  const open = cancellable(subscription);
  return page(
    'Cancel subscription',
    html`<h1>Cancel subscription</h1>
<p>${describe(subscription)}: ${state(subscription)}</p>
${
  open
    ? html`<p>It stays active until ${endsAt}, the end of the billing period, and is not renewed.</p>
<form method="post" action="${form.action}">
<input type="hidden" name="token" value="${form.token}">
<input type="hidden" name="subscription_id" value="${subscription.id}">
<button type="submit">Cancel at the end of the billing period</button>
</form>`
    : html`<p>There is nothing to cancel.</p>`
}
<p><a href="${links.overview}">Back to your subscriptions</a></p>`,
  );
}

/** Where the card forms post, with the session's token and the subscription. */
export interface CardForm {
  action: string;
  token: string;
  subscriptionId: string;
  /** Why the last try did not change the card, shown above the form. */
  message?: string;
}

const hidden = (form: CardForm) => html`<input type="hidden" name="token" value="${form.token}">
<input type="hidden" name="subscription_id" value="${form.subscriptionId}">`;

export function renderPaymentMethod(
  subscription: PortalSubscription,
  form: CardForm,
  links: PortalLinks,
): string {
  const field = (name: string, label: string, autocomplete: string) =>
    html`<p><label>${label}<br><input name="${name}" autocomplete="${autocomplete}" required></label></p>`;
  return page(
    'Update payment method',
    html`<h1>Update payment method</h1>
<p>${describe(subscription)}: ${state(subscription)}</p>
${form.message ? html`<p role="alert">${form.message}</p>` : ''}
<form method="post" action="${form.action}">
${hidden(form)}
${field('number', 'Card number', 'cc-number')}
${field('expiry', 'Expiry (MM/YY)', 'cc-exp')}
${field('cvc', 'CVC', 'cc-csc')}
${field('name', 'Name on card', 'cc-name')}
<button type="submit">Save card</button>
</form>
<p><a href="${links.overview}">Back to your subscriptions</a></p>`,
  );
}

/** The bank's check for a card that asks for 3-D Secure: approve or fail, each a form of its own. */
export function renderThreeDSecure(threeDSecureId: string, form: CardForm): string {
  const choice = (outcome: string, label: string) => html`<form method="post" action="${form.action}">
${hidden(form)}
<input type="hidden" name="three_d_secure_id" value="${threeDSecureId}">
<button type="submit" name="outcome" value="${outcome}">${label}</button>
</form>`;
  return page(
    '3-D Secure',
    html`<h1>Confirm the card</h1>
<p>Your bank asks you to confirm this card (a test: choose the outcome).</p>
${choice('approve', 'Approve')}
${choice('fail', 'Fail')}`,
  );
}

export function renderRefused(): string {
  return page(
    'Link expired',
    html`<h1>This link has expired</h1>
<p>Portal links work for a limited time. Open the customer portal again from the product's billing page.</p>`,
  );
}
