// The shape of an API failure as the console's pure code reads it (spec section 8). ApiError
// (src/api) has exactly this shape; recognising it by shape keeps the domain free of the HTTP client.

export interface ApiErrorShape {
  status: number;
  /** null when the body was not the spec's error body ('Unknown server error'). */
  code: number | null;
  message: string;
  data: unknown;
}

export function isApiErrorShape(error: unknown): error is ApiErrorShape {
  if (typeof error !== 'object' || error === null) return false;
  const { status, code, message } = error as Record<string, unknown>;
  return (
    typeof status === 'number' && (typeof code === 'number' || code === null) && typeof message === 'string'
  );
}
