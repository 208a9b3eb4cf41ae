// Server validation errors (spec section 8: code 10 with a list of {field, message}) read back onto
// the form field they are about.
import { ErrorCode } from '@/domain/error-codes';
import { isApiErrorShape } from '@/domain/error-policy';

/**
 * The server's message for a field, or null. A field inside a list body may come by its place in
 * the list (`0.email`, `[0].email`): the last segment names the field.
 */
export function fieldErrorMessage(error: unknown, field: string): string | null {
  if (!isApiErrorShape(error) || error.code !== ErrorCode.validation || !Array.isArray(error.data)) {
    return null;
  }
  for (const entry of error.data as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { field: name, message } = entry as { field?: unknown; message?: unknown };
    if (typeof name !== 'string' || typeof message !== 'string') continue;
    if (
      name
        .split(/[.[\]]/u)
        .filter(Boolean)
        .at(-1) === field
    )
      return message;
  }
  return null;
}
