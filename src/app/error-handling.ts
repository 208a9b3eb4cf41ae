// The app-wide answer to a failure (spec section 8): lost memberships leave the registry quietly,
// a 401 re-runs the auth flow, anything else shows a danger flash.

import type { ActorRefFrom } from 'xstate';
import { classifyError } from '@/domain/error-policy';
import type { flashMachine } from '@/machines/flash.machine';
import type { teamRegistryMachine } from '@/machines/team-registry.machine';

export interface ErrorHandlerDeps {
  flash: Pick<ActorRefFrom<typeof flashMachine>, 'send'>;
  registry: Pick<ActorRefFrom<typeof teamRegistryMachine>, 'send'>;
  /** Sends the user through the auth flow again (session expired, back to where they were). */
  rerunAuthFlow: () => void;
}

export function createErrorHandler({ flash, registry, rerunAuthFlow }: ErrorHandlerDeps) {
  return function handleError(error: unknown): void {
    const outcome = classifyError(error);
    switch (outcome.kind) {
      case 'membershipLost':
        if (outcome.teamId !== null && outcome.userId !== null) {
          registry.send({ type: 'registry.dropTeamUser', teamId: outcome.teamId, userId: outcome.userId });
        } else {
          registry.send({ type: 'registry.reload' });
        }
        return;
      case 'unauthorized':
        rerunAuthFlow();
        return;
      default:
        flash.send({ type: 'flash.show', variant: 'danger', message: outcome.message });
    }
  };
}
