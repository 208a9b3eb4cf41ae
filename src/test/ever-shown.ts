// For tests of a page that should start ready: whether something (a loading text, a placeholder)
// was ever on screen between two moments, not only at the end.

/** Watches the document from now on; `stop()` ends the watch and says whether `shown()` was ever true. */
export function watchEverShown(shown: () => boolean): { stop: () => boolean } {
  let seen = shown();
  const observer = new MutationObserver(() => {
    if (shown()) seen = true;
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return {
    stop: () => {
      observer.disconnect();
      return seen;
    },
  };
}
