import { invalidField } from './errors';

// Readers of a JSON body's fields that answer Paddle's 400 with the field's name.

export type Body = Record<string, unknown>;

export function optionalText(body: Body, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length === 0)
    throw invalidField(field, 'must be a non-empty string');
  return value;
}

export function requiredText(body: Body, field: string): string {
  const value = optionalText(body, field);
  if (value === undefined) throw invalidField(field, 'is required');
  return value;
}

/** `custom_data`: an object, null to clear it, undefined when not given. */
export function customData(body: Body): Record<string, unknown> | null | undefined {
  const value = body.custom_data;
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalidField('custom_data', 'must be an object');
  return value as Record<string, unknown>;
}

export function optionalObject(body: Body, field: string): Body | null | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidField(field, 'must be an object');
  return value as Body;
}

export function oneOf<T extends string>(body: Body, field: string, allowed: readonly T[]): T | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !allowed.includes(value as T))
    throw invalidField(field, `must be one of ${allowed.join(', ')}`);
  return value as T;
}

/** Paddle's amounts are strings of the smallest unit: '2400'. */
export function amountText(value: unknown, field: string): string {
  if (typeof value !== 'string' || !/^\d+$/.test(value))
    throw invalidField(field, 'must be a string of digits');
  return value;
}

export function positiveInt(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
    throw invalidField(field, 'must be a positive integer');
  return value;
}
