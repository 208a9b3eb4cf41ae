import { isValidEmail } from '@domain/email';
import { z } from 'zod';
import type { Db } from '../db/db';
import { createRepositories } from '../db/repositories';
import { ValidationError } from '../errors';
import { displayText } from '../routes/schemas/collab';

// `cli staff add`: how a site without demo data gets its first account, and how anyone is made staff.

/** The email as web sign-in checks it (trimmed), and an optional full name as people's names are checked. */
export const staffAddInput = z.strictObject({
  email: z.string().trim().refine(isValidEmail, { message: 'is invalid' }),
  name: displayText(200).nullish(),
});

export type StaffAddInput = z.input<typeof staffAddInput>;

export interface StaffAdded {
  /** As stored: an existing account keeps its own spelling. */
  email: string;
  /** Made now, rather than an existing account marked staff. */
  created: boolean;
}

const PROBLEMS = {
  email: (input: StaffAddInput) => `${JSON.stringify(input.email)} is not an email address`,
  name: () => '--name must be 1 to 200 characters on one line',
} as const;

/** Input problems as one line for the CLI, or null when there are none. */
export function staffAddProblem(input: StaffAddInput): string | null {
  const parsed = staffAddInput.safeParse(input);
  if (parsed.success) return null;
  const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  return (
    (['email', 'name'] as const)
      .filter((field) => fields.has(field))
      .map((field) => PROBLEMS[field](input))
      .join('; ') || 'invalid input'
  );
}

/**
 * Marks the account with this email staff, making it first when there is none (with the name, or
 * none). An existing account keeps its name: the name is its owner's to change.
 */
export async function addStaff(db: Db, input: StaffAddInput): Promise<StaffAdded> {
  const parsed = staffAddInput.safeParse(input);
  if (!parsed.success) {
    throw new ValidationError(
      parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? 'body'), message: 'is invalid' })),
    );
  }
  const { email, name } = parsed.data;
  return db.transaction(async (tx) => {
    const accounts = createRepositories(tx).accounts;
    const { account, created } = await accounts.findOrCreate({ email, fullName: name ?? '' });
    await accounts.markStaff(account.id);
    return { email: account.email, created };
  });
}
