// The signed-in account's email, for the user menu and the team selector (which names a
// membership's email only where it differs from it). Loaded with the screen that shows it, or taken
// from the answer its route asked for (signed-in-email.load.ts).
import type { SnapshotFrom } from 'xstate';
import { getProfile } from '@/api/profile';
import type { Profile } from '@/domain/entities';
import type { screenSetupMachine } from '@/machines/screen-setup.machine';
import { useScreenSetupWithRouteData } from '@/routes/loads/use-route-data';
import { profileLoad } from '@/routes/signed-in-email.load';
import { useSelectorInTransition } from '@/routes/transition-selector';

type SetupSnapshot = SnapshotFrom<typeof screenSetupMachine>;

const profileOf = (snapshot: SetupSnapshot): Profile | null =>
  snapshot.matches('ready') ? ((snapshot.context.data as Profile | null) ?? null) : null;
const selectEmail = (snapshot: SetupSnapshot): string | null => profileOf(snapshot)?.email ?? null;
const selectIsStaff = (snapshot: SetupSnapshot): boolean => profileOf(snapshot)?.isStaff === true;

/** The email of whoever is signed in, or null until it is known (or if it cannot be loaded). */
export function useSignedInEmail(): string | null {
  return useSignedInAccount().email;
}

/**
 * Who is signed in, from one profile load: the email (null until known) and whether the account is
 * staff (false until known), for pages that offer staff the internal pages.
 */
export function useSignedInAccount(): { email: string | null; isStaff: boolean } {
  const setup = useScreenSetupWithRouteData(profileLoad, (api) => getProfile(api));
  const email = useSelectorInTransition(setup, selectEmail);
  const isStaff = useSelectorInTransition(setup, selectIsStaff);
  return { email, isStaff };
}
