// Types for the tests that import the browser module open-options.js from TypeScript.
export interface OpenOptions {
  items: { priceId: string; quantity: number }[] | null;
  transactionId: string | null;
  customer: { id: string | null; email: string | null } | null;
  customData: Record<string, unknown> | null;
  settings: { displayMode: 'overlay' | 'inline'; theme: 'light' | 'dark'; successUrl: string | null };
}
export function parseInitializeOptions(options: unknown):
  | {
      token: string;
      eventCallback: ((event: unknown) => void) | null;
      settings: Record<string, unknown>;
      error?: undefined;
    }
  | { error: string };
export function parseOpenOptions(
  options: unknown,
  initialSettings?: Record<string, unknown>,
): (OpenOptions & { error?: undefined }) | { error: string };
