import path from 'node:path';
import { type BuildStamp, readBuildStamp, stampLine } from '../../../scripts/build-stamp.mjs';

// Written in by the server bundle (scripts/server-bundle.mjs, esbuild's define): a bundle names the
// commit it was built from without git, which an image or a tarball does not have at run time.
declare const __BUILD_STAMP__: BuildStamp | undefined;

let fromSource: BuildStamp | null = null;

/** The name, version and commit of this server: the bundle's stamp, or the checkout's under tsx. */
export function buildStamp(): BuildStamp {
  if (typeof __BUILD_STAMP__ !== 'undefined') return __BUILD_STAMP__;
  fromSource ??= readBuildStamp(path.resolve(import.meta.dirname, '../../..'));
  return fromSource;
}

/** `spark-teams-console 0.1.0 (abc1234)`, what `cli --version` prints. */
export function versionLine(): string {
  return stampLine(buildStamp());
}
