// Which files a dynamic import names to preload (Vite's build.modulePreload.resolveDependencies).
// Every dynamic import runs after the entry has loaded what it imports statically: the libraries,
// the shell and the runtime, with their styles (the '$initial' chunk groups of vite.config.ts).
// Naming them again in each import's list preloaded nothing, and the lists are on every first visit:
// the entry holds the billing page's early import, the shell the route table's lazy groups.

/** The chunks the entry loads statically, by their file names: `assets/<group>-<hash>.<js|css>`. */
const LOADED_BY_THE_ENTRY = /^assets\/(vendor|shell|rolldown-runtime)-[\w-]{8}\.(js|css)$/;

/**
 * Vite asks for index.html too (`hostType: 'html'`): there the entry's chunks are the ones to
 * preload, fetched beside the entry instead of once it is parsed, and the list is kept whole.
 */
export function preloadNotLoadedYet(
  _file: string,
  deps: string[],
  { hostType }: { hostId: string; hostType: 'html' | 'js' },
): string[] {
  return hostType === 'html' ? deps : deps.filter((dep) => !LOADED_BY_THE_ENTRY.test(dep));
}

/**
 * Of the files the entry imports statically (the build's manifest), those the pattern above does not
 * name: every dynamic import would name each again. CI's budget check fails on any.
 */
export function entryImportsNotNamed(entryImportFiles: string[]): string[] {
  return entryImportFiles.filter((file) => !LOADED_BY_THE_ENTRY.test(file));
}
