/** The API sends instants as whole seconds since the epoch (spec section 3). */
export function toEpochSeconds(value: Date | null): number | null {
  return value ? Math.floor(value.getTime() / 1000) : null;
}
