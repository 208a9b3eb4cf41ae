import { html, type SafeHtml } from './html';

/**
 * A whole page of the Paddle sandbox's (the customer portal's, the payment link's, the overlay
 * checkout's): what each has in its head (sized for phones, never indexed, its title), then `head`
 * (style sheets, scripts, meta tags) and `body` as given. No inline script or style: the site's CSP
 * holds as it is.
 */
export function sandboxDocument(title: string, head: SafeHtml, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>${head.markup ? html`\n${head}` : ''}
</head>
<body>
${body}
</body>
</html>
`.markup;
}
