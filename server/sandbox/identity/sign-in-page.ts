/** Escapes text for HTML element content and attribute values. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The sandbox identity provider's sign-in page: an email, a name, 'Sign in' and 'Cancel'. */
export function signInPage(input: {
  providerTitle: string;
  action: string;
  /** Microsoft: whether the work account's organisation verified the domain (xms_edov); ticked. */
  domainVerifiedBox?: boolean;
  error?: string;
}): string {
  const box = input.domainVerifiedBox
    ? `<label class="box"><input name="domain_verified" type="checkbox" checked> Domain verified by the organisation (xms_edov)</label>`
    : '';
  const error = input.error ? `<p role="alert" style="color:#b00020">${escapeHtml(input.error)}</p>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.providerTitle)} sign-in (sandbox)</title>
<style>body{font-family:system-ui,sans-serif;max-width:24rem;margin:4rem auto;padding:0 1rem}
label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.5rem;box-sizing:border-box}
button{margin-top:1rem;padding:.5rem 1rem}.box input{width:auto}</style></head>
<body><h1>${escapeHtml(input.providerTitle)} (sandbox)</h1>
<p>A stand-in identity provider for development and tests: any address signs in.</p>${error}
<form method="post" action="${escapeHtml(input.action)}">
<label for="email">Email</label><input id="email" name="email" type="email" required autocomplete="email">
<label for="name">Name</label><input id="name" name="name" type="text" autocomplete="name">
${box}
<button type="submit">Sign in</button>
<button type="submit" name="cancel" value="1" formnovalidate>Cancel</button>
</form></body></html>`;
}
