// Memberships for the view tests (built with src/test/entity-fixtures.ts).

import type { TeamMembership } from '@/domain/entities';
import { membershipFixture } from '@/test/entity-fixtures';

/** Three teams in name order, as the selector receives them. */
export const SELECTABLE_MEMBERSHIPS: TeamMembership[] = [
  membershipFixture(
    { id: 1, name: 'Acme Inc', logo: '/api/v1/logos/acme' },
    { id: 11, email: 'olivia@acme.test' },
  ),
  membershipFixture(
    { id: 2, name: 'Basic Bakery', plan: 'basic' },
    { id: 21, email: 'olivia@bakery.test', role: 'member' },
  ),
  membershipFixture({ id: 3, name: 'Trial Tech', plan: 'plus' }, { id: 31, email: 'olivia@trial.test' }),
];
