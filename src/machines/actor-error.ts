/** The error an invoked actor failed with, read from its `xstate.error.actor.*` event. */
export function errorOf(event: object): unknown {
  return 'error' in event ? event.error : undefined;
}
