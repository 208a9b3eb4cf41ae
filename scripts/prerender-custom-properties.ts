// The prerendered pages' inlined style rules keep only the CSS custom properties the frame reads.
// Beasties keeps a matched rule whole, and Mantine's :root rules (one per colour scheme) declare some
// four hundred variables, most for colours and sizes the frame never shows: about three fifths of
// each page's HTML, parsed and matched before the first paint. The full style sheets, asked for
// after the paint, declare them all again.

/** One `--name: value;` declaration of a CSS text, from its first character to after its ';'. */
interface Declaration {
  name: string;
  value: string;
  start: number;
  end: number;
}

const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;

/** The custom properties `text` reads with var(). */
function references(text: string): string[] {
  return [...text.matchAll(VAR_REFERENCE)].map((match) => match[1] as string);
}

/**
 * Where the value starting at `from` ends: at the first ';' or '}' outside parentheses and strings
 * (the index of that character, or the text's length).
 */
function valueEnd(css: string, from: number): number {
  let depth = 0;
  for (let i = from; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      const close = css.indexOf(c, i + 1);
      i = close < 0 ? css.length : close;
    } else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (c === ';' || c === '}')) return i;
  }
  return css.length;
}

/** Every custom property declaration of a style sheet's text (one that follows '{' or ';'). */
export function customPropertyDeclarations(css: string): Declaration[] {
  const found: Declaration[] = [];
  const start = /[{;]\s*(--[\w-]+)\s*:/g;
  for (let match = start.exec(css); match; match = start.exec(css)) {
    const name = match[1] as string;
    const valueStart = match.index + match[0].length;
    const end = valueEnd(css, valueStart);
    found.push({
      name,
      value: css.slice(valueStart, end),
      start: match.index + match[0].indexOf('--'),
      end: css[end] === ';' ? end + 1 : end,
    });
    start.lastIndex = end;
  }
  return found;
}

/**
 * `css` without the custom properties nothing reads: read means named in a var() of `elsewhere` (the
 * rest of the page: its markup's style attributes and <style> elements) or of `css` outside its
 * custom properties, or of the value of a custom property that is read. Rules left empty go too.
 */
export function pruneCustomProperties(css: string, elsewhere: string): string {
  const declarations = customPropertyDeclarations(css);
  let rest = '';
  let last = 0;
  for (const declaration of declarations) {
    rest += css.slice(last, declaration.start);
    last = declaration.end;
  }
  rest += css.slice(last);
  const read = new Set([...references(elsewhere), ...references(rest)]);
  const values = new Map<string, string[]>();
  for (const { name, value } of declarations) values.set(name, [...(values.get(name) ?? []), value]);
  const pending = [...read];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    for (const reference of (values.get(name) ?? []).flatMap(references)) {
      if (!read.has(reference)) {
        read.add(reference);
        pending.push(reference);
      }
    }
  }
  let pruned = '';
  last = 0;
  for (const declaration of declarations) {
    if (read.has(declaration.name)) continue;
    pruned += css.slice(last, declaration.start);
    last = declaration.end;
  }
  pruned += css.slice(last);
  return withoutEmptyRules(pruned.replace(/;(\s*})/g, '$1'));
}

/** The text without `selector{}` rules, and without at-rules that are left empty by that. */
function withoutEmptyRules(css: string): string {
  const empty = /(^|[{}])[^{}]*\{\s*\}/g;
  let previous = '';
  let current = css;
  while (current !== previous) {
    previous = current;
    current = current.replace(empty, '$1');
  }
  return current;
}
