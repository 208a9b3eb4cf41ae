// /accept-invitation?key= (spec section 2): accepts the invitation behind a mail link, then opens the
// Spark app and, for an invitee who had no account yet, the download page (accept-invitation.machine).
import { useSelector } from '@xstate/react';
import { useSearchParams } from 'react-router';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { acceptInvitation } from '@/api/invitations';
import { getSparkHref, links } from '@/app/config';
import { acceptInvitationMachine } from '@/machines/accept-invitation.machine';
import { useHydrated } from '@/prerender/use-hydrated';
import { useScreenFlow } from '@/routes/screen-flow';
import { type InvitationStatus, InvitationView } from '@/ui/InvitationView';

type Snapshot = SnapshotFrom<typeof acceptInvitationMachine>;

const selectStatus = (snapshot: Snapshot): InvitationStatus =>
  snapshot.hasTag('accepted')
    ? 'accepted'
    : snapshot.matches('notFound')
      ? 'notFound'
      : snapshot.matches('failed')
        ? 'failed'
        : 'accepting';
const selectTeamName = (snapshot: Snapshot): string | null => snapshot.context.result?.teamName ?? null;

export function AcceptInvitationPage() {
  const key = useSearchParams()[0].get('key') ?? '';
  const flow = useScreenFlow(
    ({ api }) =>
      acceptInvitationMachine.provide({
        actors: { acceptInvitation: fromPromise(({ input }) => acceptInvitation(api, input.key)) },
        actions: {
          openApp: () => window.location.assign(links.appDeepLink),
          openDownloadPage: () => window.location.assign(getSparkHref('accept-invitation')),
        },
      }),
    { key },
  );
  const status = useSelector(flow, selectStatus);
  const teamName = useSelector(flow, selectTeamName);
  // Prerendered, the page is the first step (the key is no build's to know) until hydration.
  const hydrated = useHydrated();
  return <InvitationView status={hydrated ? status : 'accepting'} teamName={hydrated ? teamName : null} />;
}
