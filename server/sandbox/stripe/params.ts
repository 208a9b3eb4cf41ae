import { invalidRequest, missingParam } from './errors';
import type { FormObject, FormValue } from './form-body';

/** Readers for form parameters: everything arrives as strings; Stripe's messages on bad values. */
export function str(params: FormObject, key: string): string | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${key}`, key);
  return value;
}

export function reqStr(params: FormObject, key: string): string {
  const value = str(params, key);
  if (value === undefined || value === '') throw missingParam(key);
  return value;
}

export function int(params: FormObject, key: string, param = key): number | undefined {
  const value = str(params, key);
  if (value === undefined || value === '') return undefined;
  if (!/^-?\d+$/.test(value))
    throw invalidRequest(`Invalid integer: ${value}`, param, 'parameter_invalid_integer');
  return Number(value);
}

export function num(params: FormObject, key: string, param = key): number | undefined {
  const value = str(params, key);
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw invalidRequest(`Invalid decimal: ${value}`, param);
  return n;
}

export function bool(params: FormObject, key: string): boolean | undefined {
  const value = str(params, key);
  if (value === undefined || value === '') return undefined;
  if (value !== 'true' && value !== 'false') throw invalidRequest(`Invalid boolean: ${value}`, key);
  return value === 'true';
}

export function obj(params: FormObject, key: string): FormObject | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string' || Array.isArray(value)) throw invalidRequest(`Invalid object`, key);
  return value;
}

export function arr(params: FormObject, key: string): FormValue[] | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (Array.isArray(value)) return value;
  // `items[0][price]` with a gap or a map-style index parses as an object of numeric keys.
  if (typeof value === 'object') return Object.values(value);
  throw invalidRequest(`Invalid array`, key);
}

export function objs(params: FormObject, key: string): FormObject[] | undefined {
  return arr(params, key)?.map((item) => {
    if (typeof item !== 'object' || Array.isArray(item)) throw invalidRequest('Invalid object', key);
    return item;
  });
}

export function strings(params: FormObject, key: string): string[] | undefined {
  return arr(params, key)?.map((item) => {
    if (typeof item !== 'string') throw invalidRequest('Invalid array', key);
    return item;
  });
}

/** metadata[k]=v merged over the old value; an empty value deletes the key; `metadata=` clears all. */
export function metadata(params: FormObject, old: Record<string, string> = {}): Record<string, string> {
  const value = params.metadata;
  if (value === undefined) return old;
  if (value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest('Invalid object', 'metadata');
  const next = { ...old };
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'string') throw invalidRequest('Invalid metadata', `metadata[${k}]`);
    if (v === '') delete next[k];
    else next[k] = v;
  }
  return next;
}

export function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  param: string,
): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw invalidRequest(`Invalid ${param}: must be one of ${allowed.join(', ')}`, param);
  }
  return value as T;
}

/** Stripe's smallest charge per currency, in its minor unit (usd, eur: 50 cents; gbp: 30 pence). */
const MINIMUM_CHARGE: Record<string, { amount: number; words: string }> = {
  usd: { amount: 50, words: '$0.50 usd' },
  eur: { amount: 50, words: '€0.50 eur' },
  gbp: { amount: 30, words: '£0.30 gbp' },
  chf: { amount: 50, words: '0.50 chf' },
  cad: { amount: 50, words: '$0.50 cad' },
  aud: { amount: 50, words: '$0.50 aud' },
};

/** A payment's amount as Stripe checks it: a positive integer, at least the currency's minimum. */
export function chargeAmount(amount: number, currency: string): number {
  if (amount < 1)
    throw invalidRequest(
      'This value must be greater than or equal to 1.',
      'amount',
      'parameter_invalid_integer',
    );
  const minimum = MINIMUM_CHARGE[currency];
  if (minimum && amount < minimum.amount)
    throw invalidRequest(`Amount must be at least ${minimum.words}`, 'amount', 'amount_too_small');
  return amount;
}
