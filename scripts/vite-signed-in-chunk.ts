// A few chunks for the pieces the signed-in pages share (decision 031). Left to automatic chunking,
// every set of route groups sharing modules got a chunk of its own: a team page's first visit
// fetched 25 lazy files of 31 KB gz, most under 1 KB. Over HTTP/1.1 a browser opens 6 connections
// to a host, so 25 files are four or five round trips in a row where one or two would do, and the
// team overview's first paint waited for them.
//
// A module reached by static imports from two or more route groups goes into 'team-area' when all of
// them are the team area's, into 'signed-in' when all are signed-in pages (the team area, personal,
// home, internal), and Mantine's pieces only those pages use into 'signed-in-mantine'. What a public
// or sign-in page reaches stays where it was, so no public first visit grows; what only a click
// loads (menus, dialogs: dynamic imports) stays lazy, because the walk stops at a dynamic import.
import type { Rolldown } from 'vite';

type ChunkingContext = Rolldown.ChunkingContext;

// Mantine pieces only the signed-in pages use. Every page imports Mantine through its index, so the
// module graph shows every route group reaching every component; these are named instead. A public
// page that starts to use one would load this chunk: the size budgets (check:budgets) would show it.
export const SIGNED_IN_MANTINE =
  /[\\/]@mantine[\\/](core[\\/]esm[\\/](components[\\/](Avatar|Badge|Alert|Skeleton|Paper|FileButton|Radio)[\\/]|core[\\/](DirectionProvider|utils[\\/]get-auto-contrast-value)[\\/]|utils[\\/]to-int)|hooks[\\/]esm[\\/](use-uncontrolled|use-merged-ref)[\\/])/;
const ROUTE_GROUP = /[\\/]src[\\/]routes[\\/].+\.group\.ts$/;
const SIGNED_IN_GROUP =
  /[\\/]src[\\/]routes[\\/](team[\\/]team(-[a-z-]+)?|home[\\/]home|personal[\\/]personal|internal[\\/]internal)\.group\.ts$/;
const TEAM_AREA_GROUP = /[\\/]src[\\/]routes[\\/]team[\\/]team(-[a-z-]+)?\.group\.ts$/;

/**
 * The route groups whose static imports reach the module, or null when the entry's own static graph
 * reaches it (it is in the first visit of every page already). A fresh walk per module: a memo
 * filled while walking an import cycle would keep the cycle's half-walked sets.
 */
function routeGroupsReaching(id: string, ctx: ChunkingContext): Set<string> | null {
  const groups = new Set<string>();
  const seen = new Set<string>([id]);
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (ROUTE_GROUP.test(next)) {
      groups.add(next);
      continue;
    }
    const info = ctx.getModuleInfo(next);
    if (info?.isEntry) return null;
    for (const importer of info?.importers ?? []) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return groups;
}

/**
 * A codeSplitting group's name function: 'team-area' for a module only the team area's route groups
 * share, 'signed-in' for one that only signed-in route groups share, else nothing (the module is left
 * to automatic chunking).
 */
export function signedInChunks(): Rolldown.CodeSplittingNameFunction {
  return (id, ctx) => {
    // A route group is its own chunk.
    if (ROUTE_GROUP.test(id)) return null;
    const groups = routeGroupsReaching(id, ctx);
    if (!groups || groups.size < 2) return null;
    const all = [...groups];
    if (all.every((group) => TEAM_AREA_GROUP.test(group))) return 'team-area';
    if (all.every((group) => SIGNED_IN_GROUP.test(group))) return 'signed-in';
    return null;
  };
}
