// Types for the tests that import the browser module card-checks.js from TypeScript.
export interface CardProblem {
  type: 'validation_error';
  code: string;
  message: string;
}
export function digitsOf(value: unknown): string;
export function cardBrand(number: string): string;
export function cvcLength(brand: string): number;
export function passesLuhn(digits: string): boolean;
export function numberProblem(number: string): CardProblem | null;
export function parseExpiry(expiry: string): { month: number; year: number } | null;
export function expiryProblem(expiry: string, now?: Date): CardProblem | null;
export function cvcProblem(cvc: string, brand: string): CardProblem | null;
export function isDefiniteProblem(found: CardProblem | null): boolean;
export function formatCardNumber(value: string): string;
export function formatExpiry(value: string, deleting?: boolean): string;
export function formatCvc(value: string, brand: string): string;
