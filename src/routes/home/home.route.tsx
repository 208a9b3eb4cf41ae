// Home (spec section 2): sends the user on to a team — billing of an owned team when goto asks for
// team-billing, another console path when goto names one, else the first team's overview — and
// otherwise shows 'Pick a team to start' with the expanded team selector or its error.
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useServices } from '@/app/services-context';
import { classifyError } from '@/domain/error-policy';
import { homeTarget } from '@/domain/memberships';
import { safeInternalPath } from '@/domain/redirect';
import {
  selectRegistryError,
  selectRegistryLoading,
  selectSelectableMemberships,
} from '@/machines/team-registry.selectors';
import { pathTo } from '@/routes/route-table';
import { useSignedInAccount } from '@/routes/signed-in-email';
import { SignedInUserMenu } from '@/routes/signed-in-user-menu';
import { HomeView } from '@/ui/HomeView';
import { TeamSelector } from '@/ui/TeamSelector';

export const BILLING_GOTO = 'team-billing';

export function HomePage() {
  const { registry } = useServices();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const goto = params.get('goto');
  const loading = useSelector(registry, selectRegistryLoading);
  const error = useSelector(registry, selectRegistryError);
  const memberships = useSelector(registry, selectSelectableMemberships);
  const { email: signedInEmail, isStaff } = useSignedInAccount();

  // Errors without a message (401, lost membership) are handled app-wide (see app/services.ts).
  const outcome = error ? classifyError(error) : null;
  const shownError = outcome && 'message' in outcome ? outcome.message : null;

  useEffect(() => {
    if (loading || error) return;
    const gotoPath = goto === BILLING_GOTO ? null : safeInternalPath(goto);
    if (gotoPath && gotoPath !== pathTo('home')) {
      navigate(gotoPath, { replace: true });
      return;
    }
    const target = homeTarget(memberships, goto === BILLING_GOTO);
    if (target) navigate(pathTo(target.route, target), { replace: true });
  }, [loading, error, goto, memberships, navigate]);

  // No team at all: the ways on rather than a dead end (the profile, and a new team through the
  // web sign-up, which creates it at checkout).
  const noTeams =
    !loading && !error && memberships.length === 0
      ? { profileHref: pathTo('profile'), createTeamHref: pathTo('web-login') }
      : null;

  return (
    <HomeView
      error={shownError}
      onRetry={() => registry.send({ type: 'registry.reload' })}
      noTeams={noTeams}
      staffPages={
        isStaff ? { uploadHref: pathTo('public-files-upload'), eventStreamHref: pathTo('debug-es') } : null
      }
      onNavigate={(href) => navigate(href)}
      userMenu={<SignedInUserMenu email={signedInEmail} />}
      selector={
        <TeamSelector
          expanded
          memberships={memberships}
          current={null}
          loading={loading}
          signedInEmail={signedInEmail}
          onSelect={(teamId, userId) => navigate(pathTo('team-overview', { teamId, userId }))}
        />
      }
    />
  );
}
