// The team overview's team (decision 043). Any member sees the overview, so there is no role to wait
// for (unlike billing.load.ts); the server decides, as for every call.
import { getTeam } from '@/api/teams';
import { teamUserLoad } from '@/routes/loads/route-load';

export const overviewLoad = teamUserLoad('overview', ({ api }, ref) => getTeam(api, ref));
