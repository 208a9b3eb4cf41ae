// The members page's first page of members (decision 036). The address names the team user; the
// server decides, as for every call, and a visitor who is not signed in asks with no token and is
// refused. Later pages (a page token) are the page's own.
import { listUsers } from '@/api/users-list';
import { teamUserLoad } from '@/routes/loads/route-load';

export const firstMembersPageLoad = teamUserLoad('members', ({ api }, ref) => listUsers(api, ref));
