// A Vite plugin for the production build: lets the bundler drop the parts of react-router the
// console does not use. react-router's build assigns `X.displayName = "X"` after each component and
// context, and calls `React.forwardRef(...)` for Link, NavLink and Form without a pure annotation;
// either keeps a component in the bundle even when nothing imports it (with what it uses: prefetching,
// form submission). The names only show in React's developer tools, which a production build is not
// for. Decision 004 has the figures.
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

const REACT_ROUTER_BUILD = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;
/** A whole line `Name.displayName = "…";` at the top level of the module. */
const DISPLAY_NAME = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm;
/** `= React10.forwardRef(`: a component made at the top level. */
const FORWARD_REF = /= (React\d*\.forwardRef\()/g;

/** The module's code with the hints applied, or null when there was nothing to change. */
export function shakeableReactRouter(code: string): MagicString | null {
  const text = new MagicString(code);
  for (const match of code.matchAll(DISPLAY_NAME)) {
    text.remove(match.index, match.index + match[0].length);
  }
  for (const match of code.matchAll(FORWARD_REF)) {
    text.appendLeft(match.index + 2, '/* @__PURE__ */ ');
  }
  return text.hasChanged() ? text : null;
}

export function reactRouterShaking(): Plugin {
  return {
    name: 'spark-react-router-shaking',
    apply: 'build',
    transform(code, id) {
      if (!REACT_ROUTER_BUILD.test(id)) return null;
      const text = shakeableReactRouter(code);
      return text
        ? { code: text.toString(), map: text.generateMap({ hires: 'boundary', source: id }) }
        : null;
    },
  };
}
