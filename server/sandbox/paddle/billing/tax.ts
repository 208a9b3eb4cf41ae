// Paddle is the merchant of record: it adds the buyer's sales tax or VAT to the price (prices here are
// exclusive of tax, Paddle's `account_setting` default) and remits it. The sandbox uses one
// standard rate per country, enough for the console to show tax as Paddle would; a business with a
// VAT number in another EU country than the seller's pays none (reverse charge).
const STANDARD_RATES: Record<string, string> = {
  AT: '0.2',
  BE: '0.21',
  DE: '0.19',
  DK: '0.25',
  ES: '0.21',
  FI: '0.255',
  FR: '0.2',
  GB: '0.2',
  IE: '0.23',
  IT: '0.22',
  NL: '0.21',
  PL: '0.23',
  SE: '0.25',
};

/** The tax rate Paddle would charge a buyer in `countryCode`, as its API writes it ('0.19'). */
export function taxRateFor(countryCode: string | null, reverseCharge = false): string {
  if (reverseCharge || !countryCode) return '0';
  return STANDARD_RATES[countryCode] ?? '0';
}

/** The tax on `amount` (smallest unit) at `rate`, rounded as Paddle rounds: half up, per line. */
export function taxOn(amount: number, rate: string): number {
  return Math.round(amount * Number(rate));
}
