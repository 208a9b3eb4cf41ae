import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeFetch, jsonResponse, type RecordedRequest } from '@/api/testing/fake-fetch';
import { CUSTOMER_SUCCESS_EMAIL } from '@/app/config';
import type { TeamMembership, TeamSettings, TeamUser } from '@/domain/entities';
import { startRouteLoads } from '@/routes/loads/start-route-loads';
import { membershipFixture, teamUserFixture } from '@/test/entity-fixtures';
import { watchEverShown } from '@/test/ever-shown';
import { fakeAccessToken } from '@/test/fake-jwt';
import { preloadRouteGroups, renderConsole } from '@/test/render-console';
import { createTestServices } from '@/test/test-services';
import { preloadRowMenu } from '@/ui/members/MemberRow';
import { OpenUrlContext } from './open-url';

const FAR_FUTURE_S = 4_102_444_800;
const TEAM_ID = 3;

function user(id: number, fullName: string, email: string, extra: Partial<TeamUser> = {}): TeamUser {
  return teamUserFixture({ id, teamId: TEAM_ID, email, fullName, ...extra });
}

// The demo team of docs and e2e: Olivia owns Acme Inc, Adam administers, Mia is a member, Ben is
// deactivated, and Paula is Adam's pending invitation.
const olivia = user(7, 'Olivia Owens', 'olivia@acme.test', { role: 'owner' });
const adam = user(8, 'Adam Admin', 'adam@acme.test', { role: 'admin' });
const mia = user(9, 'Mia Member', 'mia@acme.test');
const ben = user(10, 'Ben Banned', 'ben@acme.test', { isBanned: true });
const paula = user(11, '', 'paula@acme.test', { teamStatus: 'pending', inviterId: 8 });
const bannedInvitee = user(12, '', 'gone@acme.test', { teamStatus: 'pending', isBanned: true });
const ACME = [olivia, adam, mia, ben, paula, bannedInvitee];

const settings: TeamSettings = {
  adminsCanAssignAdmins: true,
  adminsCanDeactivate: true,
  adminsCanDelete: false,
};

function membershipOf(caller: TeamUser): TeamMembership {
  return membershipFixture({ id: TEAM_ID, name: 'Acme Inc', plan: 'premium', settings }, caller);
}

type Answer = (request: RecordedRequest) => Response | undefined;

function renderMembers(caller: TeamUser, answer: Answer = () => undefined) {
  const path = `/teams/${TEAM_ID}-${caller.id}/users`;
  const { fetch, requests } = fakeFetch((_call, request) => {
    const url = new URL(request.url);
    const custom = answer(request);
    if (custom) return custom;
    if (url.pathname === '/api/v1/collab/teams') return jsonResponse(200, { items: [membershipOf(caller)] });
    if (url.pathname === `/api/v1/collab/${TEAM_ID}-${caller.id}/users`) {
      return jsonResponse(200, { items: ACME, nextPageToken: null });
    }
    return jsonResponse(404, { errorCode: 2200, errorMessage: 'Item not found', errorData: null });
  });
  const stored = {
    refreshToken: 'rt_1',
    accessToken: fakeAccessToken(caller.id),
    expiresAt: FAR_FUTURE_S,
    uid: caller.id,
  };
  const { services } = createTestServices({ fetch, stored });
  const opened: string[] = [];
  renderConsole(services, path, (console) => (
    <OpenUrlContext value={(url) => opened.push(url)}>{console}</OpenUrlContext>
  ));
  return { requests, opened, services };
}

const rows = () => screen.getAllByRole('listitem');
const rowName = (row: HTMLElement) =>
  document.getElementById(row.getAttribute('aria-labelledby') ?? '')?.textContent ?? '';
const rowNames = () => rows().map(rowName);
const rowOf = (name: string) => screen.getByRole('listitem', { name });

async function listShown() {
  await screen.findByText('Mia Member');
}

beforeAll(preloadRouteGroups, 30_000);
// Row menus load on the first open (lazy-popup.tsx); loaded ahead here, a slow first import is not the test.
beforeAll(async () => {
  await preloadRowMenu();
}, 30_000);

describe('Members page', () => {
  it('lists every member but the removed, in the spec order, banned last with Inactive', async () => {
    renderMembers(olivia);
    await listShown();
    expect(rowNames()).toEqual([
      'Adam Admin',
      'Mia Member',
      'Olivia Owens',
      'paula@acme.test',
      'Ben Banned',
      'gone@acme.test',
    ]);
    expect(within(rowOf('Ben Banned')).getByText('Inactive')).toBeTruthy();
    expect(within(rowOf('Mia Member')).getByText('Active')).toBeTruthy();
    expect(within(rowOf('Mia Member')).getByText('mia@acme.test')).toBeTruthy();
    expect(within(rowOf('paula@acme.test')).getByText('Pending')).toBeTruthy();
    expect(within(rowOf('Olivia Owens')).getByText('Owner')).toBeTruthy();
  });

  /** The console signed in as Olivia; the members list answers `items(n)` to the n-th ask (from 1). */
  function membersConsoleAnswering(items: (nth: number) => TeamUser[]) {
    const usersPath = `/api/v1/collab/${TEAM_ID}-${olivia.id}/users`;
    let asked = 0;
    const { fetch, requests } = fakeFetch((_call, request) => {
      const { pathname } = new URL(request.url);
      if (pathname === '/api/v1/collab/teams') return jsonResponse(200, { items: [membershipOf(olivia)] });
      if (pathname === usersPath) {
        asked += 1;
        return jsonResponse(200, { items: items(asked), nextPageToken: null });
      }
      return jsonResponse(404, { errorCode: 2200, errorMessage: 'Item not found', errorData: null });
    });
    const stored = {
      refreshToken: 'rt_1',
      accessToken: fakeAccessToken(olivia.id),
      expiresAt: FAR_FUTURE_S,
      uid: 7,
    };
    const { services } = createTestServices({ fetch, stored });
    const path = `/teams/${TEAM_ID}-${olivia.id}/users`;
    const usersRequests = () => requests.filter((request) => new URL(request.url).pathname === usersPath);
    return { services, path, usersRequests };
  }

  it('shows the first page asked for as the console started, and asks for no other', async () => {
    // Only the early answer has Mia: a page that asked again would show nobody.
    const { services, path, usersRequests } = membersConsoleAnswering((nth) => (nth === 1 ? ACME : [olivia]));
    startRouteLoads(services, { pathname: path, search: '' });
    renderConsole(services, path);
    await listShown();
    expect(usersRequests()).toHaveLength(1);
  });

  it('starts with the first page asked for early and in already: no loading text, no other call', async () => {
    const { services, path, usersRequests } = membersConsoleAnswering(() => ACME);
    startRouteLoads(services, { pathname: path, search: '' });
    await waitFor(() => expect(usersRequests()).toHaveLength(1));
    // The answer parsed: the first page is in before the page's first render.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const loading = watchEverShown(() => screen.queryByText('Loading members...') !== null);
    renderConsole(services, path);
    await listShown();
    expect(loading.stop()).toBe(false);
    expect(usersRequests()).toHaveLength(1);
  });

  it("shows only pending invitations that are not banned under 'Pending only'", async () => {
    renderMembers(olivia);
    await listShown();
    fireEvent.click(screen.getByRole('radio', { name: 'Pending only' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0] as HTMLElement).getByText('paula@acme.test')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Admins only' }));
    await waitFor(() => expect(rowNames()).toEqual(['Adam Admin', 'Olivia Owens']));
  });

  it('gives a member no actions and no invite form', async () => {
    renderMembers(mia);
    await listShown();
    expect(screen.queryAllByRole('button', { name: /^Actions for/ })).toEqual([]);
    expect(screen.queryByRole('textbox', { name: /Invite people/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend all' })).toBeNull();
  });

  it('lets an admin allowed to assign admins change a member, and never touch the owner', async () => {
    renderMembers(adam);
    await listShown();
    expect(within(rowOf('Olivia Owens')).queryByRole('button')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Mia Member' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Make admin', 'Deactivate']);
  });

  it('makes Mia an admin at once and keeps it when the server agrees', async () => {
    const { requests } = renderMembers(adam, (request) =>
      request.method === 'PUT' && request.url.endsWith('/users/9/role')
        ? jsonResponse(200, { ...mia, role: 'admin' })
        : undefined,
    );
    await listShown();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Mia Member' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Make admin' }));
    expect(within(rowOf('Mia Member')).getByText('Admin')).toBeTruthy();
    await waitFor(() => expect(requests.some((request) => request.url.endsWith('/users/9/role'))).toBe(true));
    const roleCall = requests.find((request) => request.url.endsWith('/users/9/role'));
    expect(roleCall?.json()).toEqual({ role: 'admin' });
  });

  it('rolls a refused role change back and shows the error', async () => {
    renderMembers(adam, (request) =>
      request.url.endsWith('/users/9/role')
        ? jsonResponse(403, {
            errorCode: 1700,
            errorMessage: 'You are not allowed to do this',
            errorData: null,
          })
        : undefined,
    );
    await listShown();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Mia Member' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Make admin' }));
    expect(await screen.findByText('You are not allowed to do this')).toBeTruthy();
    expect(within(rowOf('Mia Member')).getByText('Member')).toBeTruthy();
  });

  it('asks before removing someone, naming them and the team', async () => {
    const { requests } = renderMembers(olivia, (request) =>
      request.url.endsWith('/users/9/kick') ? new Response(null, { status: 204 }) : undefined,
    );
    await listShown();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Mia Member' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(within(dialog).getByText('You are going to remove Mia Member from Acme Inc.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Mia Member')).toBeNull());
    await waitFor(() => expect(requests.some((request) => request.url.endsWith('/users/9/kick'))).toBe(true));
  });

  it('refuses an empty invitation list and a bad address under the field, before any call', async () => {
    const { requests } = renderMembers(olivia);
    await listShown();
    const field = screen.getByRole('textbox', { name: /Invite people/ });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Email must not be empty')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'pete@acme.test, quinn.acme.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Email is invalid: quinn.acme.test')).toBeTruthy();
    expect(requests.some((request) => request.url.includes('/invite'))).toBe(false);
  });

  it("invites, flashes 'Invitation was sent', opens the mail draft and lists the invitees", async () => {
    const pete = user(20, '', 'pete@acme.test', { teamStatus: 'pending', inviterId: 7 });
    const quinn = user(21, '', 'quinn@acme.test', { teamStatus: 'pending', inviterId: 7 });
    const { requests, opened } = renderMembers(olivia, (request) =>
      new URL(request.url).pathname.endsWith('/api/v1/collab/teams/3-7/invite')
        ? jsonResponse(200, { items: [pete, quinn], skipped: [] })
        : undefined,
    );
    await listShown();
    fireEvent.change(screen.getByRole('textbox', { name: /Invite people/ }), {
      target: { value: ' pete@acme.test, quinn@acme.test ,' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Invitation was sent')).toBeTruthy();
    const invite = requests.find((request) => request.url.includes('/invite?'));
    expect(invite?.json()).toEqual([{ email: 'pete@acme.test' }, { email: 'quinn@acme.test' }]);
    expect(opened).toHaveLength(1);
    const draft = new URL(opened[0] ?? '');
    expect(draft.protocol).toBe('mailto:');
    expect(draft.pathname).toBe('pete@acme.test,quinn@acme.test');
    expect(draft.searchParams.get('cc')).toBe(CUSTOMER_SUCCESS_EMAIL);
    expect(draft.searchParams.get('subject')).toBe('Join our team on Spark');
    expect(opened[0]).toContain('subject=Join%20our%20team%20on%20Spark');
    expect(await screen.findByText('pete@acme.test')).toBeTruthy();
    expect(screen.getByText('3 invitations are pending')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Invite people/ }) as HTMLInputElement).value).toBe('');
  });

  it('says beside the field who was not invited and why, with no flash and no draft when nobody was', async () => {
    const { opened } = renderMembers(olivia, (request) =>
      request.url.includes('/invite?skipped=true')
        ? jsonResponse(200, {
            items: [],
            skipped: [
              { email: 'mia@acme.test', reason: 'member' },
              { email: 'paula@acme.test', reason: 'invited' },
            ],
          })
        : undefined,
    );
    await listShown();
    fireEvent.change(screen.getByRole('textbox', { name: /Invite people/ }), {
      target: { value: 'mia@acme.test, paula@acme.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(
      await screen.findByText(
        'Not invited: mia@acme.test (already a member), paula@acme.test (already invited)',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Invitation was sent')).toBeNull();
    expect(opened).toEqual([]);
  });

  it('searches names and emails, with the filter', async () => {
    renderMembers(olivia);
    await listShown();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search members' }), { target: { value: 'ADA' } });
    await waitFor(() => expect(rowNames()).toEqual(['Adam Admin']));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search members' }), {
      target: { value: 'acme.test' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Admins only' }));
    await waitFor(() => expect(rowNames()).toEqual(['Adam Admin', 'Olivia Owens']));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search members' }), { target: { value: 'zzz' } });
    expect(await screen.findByText('No one matches this search')).toBeTruthy();
  });

  it('hides the pending banner from a member, who can neither resend nor cancel', async () => {
    renderMembers(mia);
    await listShown();
    expect(screen.queryByRole('region', { name: 'Pending invitations' })).toBeNull();
  });

  it("shows the server's complaint about an address under the field", async () => {
    const { opened } = renderMembers(olivia, (request) =>
      request.url.includes('/invite?')
        ? jsonResponse(400, {
            errorCode: 10,
            errorMessage: 'Validation error',
            errorData: [{ field: 'email', message: 'is invalid' }],
          })
        : undefined,
    );
    await listShown();
    fireEvent.change(screen.getByRole('textbox', { name: /Invite people/ }), {
      target: { value: 'pete@acme.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Email is invalid')).toBeTruthy();
    expect(opened).toEqual([]);
  });

  it('shows the own profile block with the role read-only', async () => {
    renderMembers(adam);
    expect(((await screen.findByLabelText('Your Full Name')) as HTMLInputElement).value).toBe('Adam Admin');
    expect((screen.getByLabelText('Company Role') as HTMLInputElement).value).toBe('Admin');
    expect((screen.getByLabelText('Company Role') as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('adam@acme.test');
  });

  it('refuses an avatar that is not PNG or JPG, and asks before deleting the avatar', async () => {
    const { requests } = renderMembers({ ...olivia, avatar: '/api/v1/avatars/olivia' });
    await listShown();
    fireEvent.change(screen.getByLabelText('Avatar file'), {
      target: { files: [new File(['GIF89a'], 'me.gif', { type: 'image/gif' })] },
    });
    expect(await screen.findByText('PNG, JPG only')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete avatar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete avatar' });
    expect(within(dialog).getByText('Do you really want to delete avatar?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((request) => request.url.includes('/avatar'))).toBe(false);
  });

  it("refuses an empty full name with 'Full name must not be empty' and saves a new one with PUT users/me", async () => {
    const { requests } = renderMembers(adam, (request) =>
      request.method === 'PUT' && request.url.endsWith('/3-8/users/me')
        ? jsonResponse(200, { ...adam, fullName: 'Adam Ames' })
        : undefined,
    );
    await listShown();
    const field = screen.getByLabelText('Your Full Name');
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Full name must not be empty')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'Adam Ames' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('listitem', { name: 'Adam Ames' })).toBeTruthy();
    expect(requests.find((request) => request.url.endsWith('/users/me'))?.json()).toEqual({
      fullName: 'Adam Ames',
    });
  });

  it('shows the pending invitations with Resend all and Cancel all for the owner', async () => {
    renderMembers(olivia);
    await listShown();
    const banner = screen.getByRole('region', { name: 'Pending invitations' });
    expect(within(banner).getByText('1 invitation is pending')).toBeTruthy();
    expect(within(banner).getByRole('button', { name: 'Resend all' })).toBeTruthy();
    expect(within(banner).getByRole('button', { name: 'Cancel all' })).toBeTruthy();
  });
});
