// A Vite plugin: the build's name, version and commit as <meta name="version"> in index.html, so a
// page's source says which build it is (the same line as the server's `cli --version`).
import type { Plugin } from 'vite';
import { readBuildStamp, stampLine } from './build-stamp.mjs';

export function buildStampMeta(): Plugin {
  let root = process.cwd();
  return {
    name: 'build-stamp',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml() {
      const content = stampLine(readBuildStamp(root));
      return [{ tag: 'meta', attrs: { name: 'version', content }, injectTo: 'head' }];
    },
  };
}
