/**
 * Parses Stripe's form encoding (`items[0][price]=p&expand[]=x&metadata[k]=v`) into nested objects
 * and arrays, as the SDK writes it. The root app's parser is flat, so the sandbox brings its own.
 * Numeric keys build arrays (`items[0]`), `[]` appends; everything else is an object key.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

function splitKey(key: string): string[] {
  const first = key.indexOf('[');
  if (first < 0) return [key];
  const parts = [key.slice(0, first)];
  const re = /\[([^\]]*)\]/g;
  for (let match = re.exec(key); match; match = re.exec(key)) parts.push(match[1] ?? '');
  return parts;
}

function assign(target: FormObject | FormValue[], parts: string[], value: string): void {
  const [head, ...rest] = parts as [string, ...string[]];
  const isArray = Array.isArray(target);
  const index = head === '' && isArray ? target.length : head;
  if (rest.length === 0) {
    if (isArray) target[Number(index)] = value;
    else target[index] = value;
    return;
  }
  const nextIsArray = rest[0] === '' || /^\d+$/.test(rest[0] as string);
  const container = isArray ? target[Number(index)] : target[index];
  let child = container;
  if (child === undefined || typeof child === 'string') {
    child = nextIsArray ? [] : {};
    if (isArray) target[Number(index)] = child;
    else target[index] = child;
  }
  assign(child as FormObject | FormValue[], rest, value);
}

/** Dense arrays only: `items[1]` without `items[0]` would otherwise leave a hole. */
function compact(value: FormValue): FormValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(compact);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v)]));
}

export function parseStripeForm(body: string): FormObject {
  const result: FormObject = {};
  if (!body) return result;
  for (const [key, value] of new URLSearchParams(body)) assign(result, splitKey(key), value);
  return compact(result) as FormObject;
}

/** Query strings use the same syntax (list filters, `expand[]` on GETs). */
export function parseStripeQuery(url: string): FormObject {
  const q = url.indexOf('?');
  return q < 0 ? {} : parseStripeForm(url.slice(q + 1));
}
