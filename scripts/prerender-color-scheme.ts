// The inlined rules paint the right colour scheme before any script has marked <html>. Mantine keys
// its scheme rules on [data-mantine-color-scheme=light|dark], which the start script sets only once
// it has run (deferred, after the HTML is parsed). The server marks <html> itself when the user
// picked a scheme (its cookie); an unmarked page is the system's choice. So each scheme rule gets a
// twin for an unmarked page under the matching prefers-color-scheme query, the same choice the start
// script then makes, and the paint does not change when it marks the page.
import postcss from 'postcss';

const SCHEME_ATTRIBUTE = /\[data-mantine-color-scheme=(["']?)(light|dark)\1\]/g;
/** An unmarked <html>, with the specificity of the attribute it stands for (0,1,0). */
const UNMARKED_ROOT = ':where(:root):not([data-mantine-color-scheme])';
/** The start script's choice: dark when the system asks for it, light otherwise. */
const SYSTEM_QUERY = {
  dark: '(prefers-color-scheme: dark)',
  light: 'not all and (prefers-color-scheme: dark)',
};

function schemesIn(selector: string): Set<string> {
  return new Set([...selector.matchAll(SCHEME_ATTRIBUTE)].map((match) => match[2] as string));
}

/** The style rules with, after each rule keyed on a scheme, its twin for an unmarked page. */
export function withSystemSchemeTwins(css: string): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    for (const scheme of ['light', 'dark'] as const) {
      const selectors = rule.selectors
        .filter((selector) => {
          const schemes = schemesIn(selector);
          return schemes.size === 1 && schemes.has(scheme);
        })
        .map((selector) => selector.replace(SCHEME_ATTRIBUTE, UNMARKED_ROOT));
      if (selectors.length === 0) continue;
      const twin = postcss.atRule({ name: 'media', params: SYSTEM_QUERY[scheme] });
      twin.append(rule.clone({ selectors }));
      rule.after(twin);
    }
  });
  return root.toString();
}
