import type { Queryable } from '../db/db';
import { contentTypeOfKey } from '../storage/storage-key';

/** What still shows a stored image: a person's avatar, a member's avatar in a team, a team's logo. */
export type ImageUser = 'account' | 'team member' | 'team';

/**
 * Who still refers to this image key, or null. Asked only when the bytes are missing, to tell a lost
 * file (still shown somewhere: the operator should hear of it) from an old link to a replaced image
 * (a plain 404). A malformed key is never looked up; the indexes of migration 019 keep it cheap.
 */
export async function imageUser(db: Queryable, key: string): Promise<ImageUser | null> {
  if (contentTypeOfKey(key) === null) return null;
  const [row] = await db.query<{ user: ImageUser }>(
    `SELECT 'account' AS "user" FROM accounts WHERE avatar = $1
     UNION ALL SELECT 'team member' FROM team_users WHERE avatar = $1
     UNION ALL SELECT 'team' FROM teams WHERE logo = $1
     LIMIT 1`,
    [key],
  );
  return row?.user ?? null;
}
