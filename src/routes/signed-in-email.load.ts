// The signed-in account's profile, for the frames of home and the team pages: they show its email
// (the user menu, the team selector) and would ask for it only once their chunks are in and they
// have rendered, a round trip after the memberships (decision 041). A visitor who is not signed in
// has no token, and no request is made.
import { getProfile } from '@/api/profile';
import type { Profile } from '@/domain/entities';
import type { RouteLoad } from '@/routes/loads/route-load';

export const profileLoad: RouteLoad<Profile> = {
  name: 'profile',
  keyOf: () => 'me',
  ask: ({ api }) => getProfile(api),
};
