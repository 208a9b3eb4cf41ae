/**
 * Fields Stripe leaves out unless asked for with expand[] (includable fields). The sandbox stores
 * them on the object and takes them off on the way out: from API answers unless expanded, and from
 * every event (events never carry expanded fields).
 */
const INCLUDABLE: Record<string, string[]> = {
  invoice: ['confirmation_secret', 'payments'],
  'checkout.session': ['line_items'],
  charge: ['refunds'],
  customer: ['cash_balance', 'invoice_credit_balance', 'sources', 'subscriptions', 'tax', 'tax_ids'],
};

export function isIncludable(objectType: string, field: string): boolean {
  return INCLUDABLE[objectType]?.includes(field) ?? false;
}

/** Removes includable fields nobody asked for, anywhere in the tree. */
export function stripIncludables(value: unknown, requested: Set<string>, path = ''): unknown {
  if (Array.isArray(value)) {
    for (const item of value) stripIncludables(item, requested, path);
    return value;
  }
  if (!value || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const includables = INCLUDABLE[String(record.object)] ?? [];
  for (const field of includables) {
    const fieldPath = path ? `${path}.${field}` : field;
    const asked = [...requested].some((p) => p === fieldPath || p.startsWith(`${fieldPath}.`));
    if (!asked) delete record[field];
  }
  for (const [key, child] of Object.entries(record)) {
    if (child && typeof child === 'object') stripIncludables(child, requested, path ? `${path}.${key}` : key);
  }
  return value;
}
