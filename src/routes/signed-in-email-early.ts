// The signed-in account's profile, asked for as the console starts on home or a team page
// (main.tsx), beside the memberships. Their frames show its email (the user menu, the team selector)
// and would ask for it only once their chunks are in and they have rendered: a round trip after
// the memberships, and after a page's own early answers (decision 041). A visitor who is not signed
// in has no token, and no request is made. The frame's own first load takes the answer
// (early-answers.ts).
import type { ApiClient } from '@/api/client';
import { answerOf, earlyAnswers } from '@/api/early-answers';
import { getProfile } from '@/api/profile';
import type { Profile } from '@/domain/entities';

const early = earlyAnswers<Profile>();
const PROFILE = 'profile';

/** Home and the team area: the pages whose frame shows the signed-in email. */
const PAGES_WITH_EMAIL = /^\/(teams\/[^/]+(\/.*)?)?$/;

/** At start-up: asks early when the console opens on home or a team page (`pathname`), else nothing. */
export function askProfileEarlyOn(api: ApiClient, pathname: string, now = Date.now()): void {
  if (PAGES_WITH_EMAIL.test(pathname)) early.keep(PROFILE, getProfile(api), now);
}

/** The early profile, once: null when none was asked for, or it is stale. */
export function takeProfileEarly(
  askAgain: () => Promise<Profile>,
  now = Date.now(),
): Promise<Profile> | null {
  const taken = early.at(PROFILE).take(askAgain, now);
  return taken && answerOf(taken);
}
