export interface BuildStamp {
  name: string;
  version: string;
  commit: string;
}

export function sourceCommit(root: string, env?: NodeJS.ProcessEnv): string;
export function readBuildStamp(root: string, env?: NodeJS.ProcessEnv): BuildStamp;
export function stampLine(stamp: BuildStamp): string;
