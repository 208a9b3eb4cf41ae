import { ErrorCode } from '@/domain/error-codes';

/** The error an invoked actor failed with, read from its `xstate.error.actor.*` event. */
export function errorOf(event: object): unknown {
  return 'error' in event ? event.error : undefined;
}

/**
 * Whether a failure is the API's 'not found' (404 errorCode 2200): an ApiError carries the body's
 * code (api/api-error.ts); read structurally, as machines do not import the API client.
 */
export function isItemNotFound(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'code' in error && error.code === ErrorCode.itemNotFound
  );
}
