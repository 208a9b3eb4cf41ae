// The person's profile and plan (spec section 2 'Personal pages'): profile and personal billing are
// read side by side through the screen-setup flow (loading, then the profile, or an error with Retry).
import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { getPersonalBilling } from '@/api/personal-billing';
import { getProfile } from '@/api/profile';
import type { PersonalBilling, Profile } from '@/domain/entities';
import { errorOf } from '@/machines/actor-error';
import { screenSetupMachine } from '@/machines/screen-setup.machine';
import { pathTo } from '@/routes/route-table';
import { useScreenFlow, useSelections } from '@/routes/screen-flow';
import { ProfileView } from '@/ui/personal/ProfileView';
import { ScreenSetupStatus } from '@/ui/ScreenSetupStatus';

type SetupSnapshot = SnapshotFrom<typeof screenSetupMachine>;
interface ProfileData {
  profile: Profile;
  billing: PersonalBilling;
}

const SETUP_VIEW = {
  loading: (snapshot: SetupSnapshot) => snapshot.hasTag('loading'),
  data: (snapshot: SetupSnapshot) =>
    snapshot.matches('ready') ? (snapshot.context.data as ProfileData) : null,
  errorMessage: (snapshot: SetupSnapshot) =>
    snapshot.matches('failed') ? snapshot.context.errorMessage : null,
};

const LINKS = {
  products: pathTo('pb-products'),
  trial: pathTo('pb-trial'),
  setup: pathTo('pb-setup'),
  portal: pathTo('pb-portal'),
};

export function ProfilePage() {
  const navigate = useNavigate();
  const setup = useScreenFlow(({ api, handleError }) =>
    screenSetupMachine.provide({
      actors: {
        load: fromPromise<unknown>(async () => {
          const [profile, billing] = await Promise.all([getProfile(api), getPersonalBilling(api)]);
          return { profile, billing } satisfies ProfileData;
        }),
      },
      actions: { escalate: ({ event }) => handleError(errorOf(event)) },
    }),
  );
  const { loading, data, errorMessage } = useSelections(setup, SETUP_VIEW);
  return (
    <Stack gap="md">
      <ScreenSetupStatus
        loading={loading}
        errorMessage={errorMessage}
        onRetry={() => setup.send({ type: 'setup.retry' })}
      />
      {data && (
        <ProfileView
          email={data.profile.email}
          fullName={data.profile.fullName}
          billing={data.billing}
          links={LINKS}
          onNavigate={(href) => navigate(href)}
        />
      )}
    </Stack>
  );
}
