import { describe, expect, it } from 'vitest';
import { withSystemSchemeTwins } from './prerender-color-scheme';

describe('withSystemSchemeTwins', () => {
  it('gives each scheme rule a twin for an unmarked page under the system query, right after it', () => {
    const css =
      ':root{--a:1}:root[data-mantine-color-scheme=dark]{--a:2}.x{color:red}' +
      "[data-mantine-color-scheme='light'] .m_1{color:var(--a)}";
    expect(withSystemSchemeTwins(css)).toBe(
      ':root{--a:1}:root[data-mantine-color-scheme=dark]{--a:2}' +
        '@media (prefers-color-scheme: dark){:root:where(:root):not([data-mantine-color-scheme]){--a:2}}' +
        ".x{color:red}[data-mantine-color-scheme='light'] .m_1{color:var(--a)}" +
        '@media not all and (prefers-color-scheme: dark){:where(:root):not([data-mantine-color-scheme]) .m_1{color:var(--a)}}',
    );
  });

  it('twins only the selectors of a list that name one scheme, inside :where too', () => {
    const css =
      ':root,:root[data-mantine-color-scheme=light]{--b:1}' +
      ':where([data-mantine-color-scheme=dark]) .m_2:before{opacity:.5}' +
      '[data-mantine-color-scheme=dark] [data-mantine-color-scheme=light] .odd{color:red}';
    const out = withSystemSchemeTwins(css);
    expect(out).toContain(
      '@media not all and (prefers-color-scheme: dark){:root:where(:root):not([data-mantine-color-scheme]){--b:1}}',
    );
    expect(out).toContain(
      '@media (prefers-color-scheme: dark){:where(:where(:root):not([data-mantine-color-scheme])) .m_2:before{opacity:.5}}',
    );
    // A selector naming both schemes has no unmarked twin.
    expect(out.match(/@media/g)).toHaveLength(2);
  });

  it('twins rules inside media queries in place, and leaves other rules as they were', () => {
    const css = '@media (min-width:10em){[data-mantine-color-scheme="dark"] .m_3{color:#fff}}.y{margin:0}';
    expect(withSystemSchemeTwins(css)).toBe(
      '@media (min-width:10em){[data-mantine-color-scheme="dark"] .m_3{color:#fff}' +
        '@media (prefers-color-scheme: dark){:where(:root):not([data-mantine-color-scheme]) .m_3{color:#fff}}}' +
        '.y{margin:0}',
    );
    expect(withSystemSchemeTwins('.y{margin:0}')).toBe('.y{margin:0}');
  });
});
