import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeFetch, jsonResponse, type RecordedRequest } from '@/api/testing/fake-fetch';
import type { Team, TeamMembership } from '@/domain/entities';
import { selectMembership } from '@/machines/team-registry.selectors';
import { startRouteLoads } from '@/routes/loads/start-route-loads';
import { membershipFixture } from '@/test/entity-fixtures';
import { fakeAccessToken } from '@/test/fake-jwt';
import { preloadRouteGroups, renderConsole } from '@/test/render-console';
import { createTestServices } from '@/test/test-services';

const FAR_FUTURE_S = 4_102_444_800;
const DAY_S = 86_400;
const signedIn = { refreshToken: 'rt_1', accessToken: fakeAccessToken(7), expiresAt: FAR_FUTURE_S, uid: 7 };
const TEAM_PATH = '/api/v1/collab/teams/3-7';

const acme = (team: Partial<Team> = {}, role: 'owner' | 'admin' | 'member' = 'owner') =>
  membershipFixture(
    {
      id: 3,
      name: 'Acme Inc',
      plan: 'plus',
      usersCnt: 4,
      domain: 'acme.test',
      domainSignupsEnabled: true,
      settings: { adminsCanAssignAdmins: true, adminsCanDeactivate: true, adminsCanDelete: false },
      ...team,
    },
    { id: 7, email: 'olivia@acme.test', role },
  );

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/**
 * The console over a fake API: the teams list and the team answer from `membership`; other calls
 * from `handlers` by 'METHOD path' (404 without one).
 */
function renderOverview(
  membership: TeamMembership,
  handlers: Record<string, Handler> = {},
  { askedEarly = false } = {},
) {
  const { fetch, requests } = fakeFetch((_call, request) => {
    const { pathname } = new URL(request.url);
    const key = `${request.method} ${pathname}`;
    const handler = handlers[key];
    if (handler) return handler(request);
    if (key === 'GET /api/v1/collab/teams') return jsonResponse(200, { items: [membership] });
    if (key === `GET ${TEAM_PATH}`) return jsonResponse(200, membership);
    return jsonResponse(404, { errorCode: 2200, errorMessage: 'Item not found', errorData: null });
  });
  const { services } = createTestServices({ fetch, stored: signedIn });
  // As main.tsx does on a first load of the overview.
  if (askedEarly) startRouteLoads(services, { pathname: '/teams/3-7/overview', search: '' });
  const router = renderConsole(services, '/teams/3-7/overview');
  const calls = (key: string) =>
    requests.filter((request) => `${request.method} ${new URL(request.url).pathname}` === key);
  return { router, services, calls };
}

const teamHeading = (name: string) => screen.findByRole('heading', { name, level: 3 });

beforeAll(preloadRouteGroups, 30_000);

describe('Overview: team details', () => {
  it('shows the name, plan, member count and the trial countdown', async () => {
    const trialEndAt = Math.floor(Date.now() / 1000) + 9 * DAY_S + 3600;
    renderOverview(acme({ plan: 'premium', trialStatus: 'in_progress', trialEndAt }));
    expect(await teamHeading('Acme Inc')).toBeTruthy();
    const facts = screen.getByText('Plan').closest('dl') as HTMLElement;
    expect(within(facts).getByText('Premium')).toBeTruthy();
    expect(within(facts).getByText('Active members').nextElementSibling?.textContent).toBe('4');
    expect(screen.getByText('Trial ends in 9 days')).toBeTruthy();
    const details = screen.getByRole('region', { name: 'Team details' });
    expect(details.querySelector('[data-initials="AI"]')).toBeTruthy();
  });

  it('takes the team asked for as the console started, and asks for no other', async () => {
    let answered = 0;
    const { calls } = renderOverview(
      acme(),
      {
        // Only the early answer has the team's own name: a page that asked again would show another.
        [`GET ${TEAM_PATH}`]: () => {
          answered += 1;
          return jsonResponse(200, answered === 1 ? acme() : acme({ name: 'Asked Again' }));
        },
      },
      { askedEarly: true },
    );
    expect(await teamHeading('Acme Inc')).toBeTruthy();
    expect(calls(`GET ${TEAM_PATH}`)).toHaveLength(1);
  });

  it('shows no countdown when the team is not trialing', async () => {
    renderOverview(acme());
    await teamHeading('Acme Inc');
    expect(screen.queryByText(/Trial ends in/)).toBeNull();
  });

  it("offers the owner 'Change Plan' to billing on a paid plan and 'Upgrade' on basic", async () => {
    renderOverview(acme());
    await teamHeading('Acme Inc');
    const details = screen.getByRole('region', { name: 'Team details' });
    expect(within(details).getByRole('link', { name: 'Change Plan' }).getAttribute('href')).toBe(
      '/teams/3-7/billing',
    );
  });

  it("offers 'Upgrade' on the basic plan", async () => {
    renderOverview(acme({ plan: 'basic' }));
    await teamHeading('Acme Inc');
    const details = screen.getByRole('region', { name: 'Team details' });
    expect(within(details).getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe(
      '/teams/3-7/billing',
    );
  });

  it('shows the error with Retry when the team does not load, and loads again', async () => {
    let fail = true;
    renderOverview(acme(), {
      [`GET ${TEAM_PATH}`]: () =>
        fail
          ? jsonResponse(400, { errorCode: 2200, errorMessage: 'Item not found', errorData: null })
          : jsonResponse(200, acme()),
    });
    expect(await screen.findByText('Item not found')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await teamHeading('Acme Inc')).toBeTruthy();
  });
});

describe('Overview: who sees which controls', () => {
  it('gives the owner of a paid team every edit control and Delete', async () => {
    renderOverview(acme());
    await teamHeading('Acme Inc');
    expect(screen.getByRole('button', { name: 'Edit team name' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload logo' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Team Signup' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Invitation only' })).toBeTruthy();
    expect(
      (screen.getByRole('radio', { name: 'Any email address from acme.test' }) as HTMLInputElement).checked,
    ).toBe(true);
    const adminsCan = screen.getByRole('group', { name: 'Admins Can' });
    expect(
      within(adminsCan)
        .getAllByRole('switch')
        .map((element) => [element.getAttribute('value'), (element as HTMLInputElement).checked]),
    ).toEqual([
      ['adminsCanAssignAdmins', true],
      ['adminsCanDeactivate', true],
      ['adminsCanDelete', false],
    ]);
    expect(screen.getByRole('switch', { name: 'Manage user roles' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete team' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave team' })).toBeNull();
  });

  it("hides 'Admins Can' from the owner on the basic plan, and Team Signup without a domain", async () => {
    renderOverview(acme({ plan: 'basic', domain: null }));
    await teamHeading('Acme Inc');
    expect(screen.getByRole('button', { name: 'Edit team name' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Admins Can' })).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'Team Signup' })).toBeNull();
  });

  it('gives a member the details and Leave, and nothing else', async () => {
    renderOverview(acme({}, 'member'));
    await teamHeading('Acme Inc');
    expect(screen.getByText('Plus')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit team name' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload logo' })).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'Team Signup' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Admins Can' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Change Plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete team' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave team' })).toBeTruthy();
  });
});

describe('Overview: renaming', () => {
  const openEditor = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Edit team name' }));
    return screen.getByRole('textbox', { name: 'Name' });
  };

  it("refuses an empty name under the field with 'Name must not be empty', without a call", async () => {
    const { calls } = renderOverview(acme());
    const field = await openEditor();
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name must not be empty')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls(`PUT ${TEAM_PATH}`)).toHaveLength(0);
  });

  it('shows the new name at once and in the team selector once the server confirms', async () => {
    let confirm: () => void = () => {};
    const { services, calls } = renderOverview(acme(), {
      [`PUT ${TEAM_PATH}`]: (request) =>
        new Promise((resolve) => {
          confirm = () => resolve(jsonResponse(200, { ...acme().team, ...(request.json() as object) }));
        }),
    });
    const field = await openEditor();
    fireEvent.change(field, { target: { value: '  Acme Corp ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await teamHeading('Acme Corp')).toBeTruthy();
    await waitFor(() => expect(calls(`PUT ${TEAM_PATH}`)).toHaveLength(1));
    expect(calls(`PUT ${TEAM_PATH}`)[0]?.json()).toEqual({ name: 'Acme Corp' });
    expect(selectMembership(3, 7)(services.registry.getSnapshot())?.team.name).toBe('Acme Inc');

    await act(async () => confirm());
    await waitFor(() =>
      expect(selectMembership(3, 7)(services.registry.getSnapshot())?.team.name).toBe('Acme Corp'),
    );
    expect(within(screen.getByRole('banner')).getByRole('button', { name: /^Acme Corp/ })).toBeTruthy();
  });

  it('rolls the name back and flashes the error when the server fails', async () => {
    const { services } = renderOverview(acme(), {
      [`PUT ${TEAM_PATH}`]: () =>
        jsonResponse(403, {
          errorCode: 1700,
          errorMessage: 'You are not allowed to do this',
          errorData: null,
        }),
    });
    const field = await openEditor();
    fireEvent.change(field, { target: { value: 'Acme Corp' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'You are not allowed to do this');
    expect(await teamHeading('Acme Inc')).toBeTruthy();
    expect(selectMembership(3, 7)(services.registry.getSnapshot())?.team.name).toBe('Acme Inc');
  });

  it("puts the server's validation message under the field with the refused name", async () => {
    renderOverview(acme(), {
      [`PUT ${TEAM_PATH}`]: () =>
        jsonResponse(400, {
          errorCode: 10,
          errorMessage: 'Validation error',
          errorData: [{ field: 'name', message: 'is too long' }],
        }),
    });
    const field = await openEditor();
    fireEvent.change(field, { target: { value: 'A very long name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is too long')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe(
      'A very long name',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await teamHeading('Acme Inc')).toBeTruthy();
    expect(screen.queryByText('Name is too long')).toBeNull();
  });
});

describe('Overview: settings and logo', () => {
  it('saves an Admins Can switch and the Team Signup choice', async () => {
    const { calls } = renderOverview(acme(), {
      [`PUT ${TEAM_PATH}/settings`]: (request) =>
        jsonResponse(200, { ...acme().team.settings, ...(request.json() as object) }),
      [`PUT ${TEAM_PATH}`]: (request) => jsonResponse(200, { ...acme().team, ...(request.json() as object) }),
    });
    await teamHeading('Acme Inc');
    fireEvent.click(screen.getByRole('switch', { name: 'Delete users' }));
    expect((screen.getByRole('switch', { name: 'Delete users' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Invitation only' }));
    await waitFor(() => expect(calls(`PUT ${TEAM_PATH}`)).toHaveLength(1));
    expect(calls(`PUT ${TEAM_PATH}/settings`)[0]?.json()).toEqual({ adminsCanDelete: true });
    expect(calls(`PUT ${TEAM_PATH}`)[0]?.json()).toEqual({ domainSignupsEnabled: false });
    expect((screen.getByRole('radio', { name: 'Invitation only' }) as HTMLInputElement).checked).toBe(true);
  });

  it("refuses a logo that is not .jpg, .jpeg or .png with 'PNG, JPG only'", async () => {
    const { calls } = renderOverview(acme());
    await teamHeading('Acme Inc');
    const picker = screen.getByLabelText('Team logo file');
    fireEvent.change(picker, { target: { files: [new File(['gif'], 'logo.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('PNG, JPG only')).toBeTruthy();
    expect(calls(`POST ${TEAM_PATH}/avatar`)).toHaveLength(0);
  });

  it('uploads a PNG logo as the multipart field file', async () => {
    const { calls } = renderOverview(acme(), {
      [`POST ${TEAM_PATH}/avatar`]: () => jsonResponse(200, { ...acme().team, logo: '/api/v1/avatars/a1' }),
    });
    await teamHeading('Acme Inc');
    const picker = screen.getByLabelText('Team logo file');
    fireEvent.change(picker, { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } });
    await waitFor(() => expect(calls(`POST ${TEAM_PATH}/avatar`)).toHaveLength(1));
    // jsdom's File loses its name and bytes on the way through Node's Request; a browser keeps both.
    expect(calls(`POST ${TEAM_PATH}/avatar`)[0]?.bodyText).toContain('name="file"');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove logo' })).toBeTruthy());
  });

  it("removes the logo after 'Do you really want to delete avatar?'", async () => {
    const withLogo = acme({ logo: '/api/v1/avatars/a1' });
    const { calls } = renderOverview(withLogo, {
      [`DELETE ${TEAM_PATH}/avatar`]: () => jsonResponse(200, { ...withLogo.team, logo: null }),
    });
    await teamHeading('Acme Inc');
    fireEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Do you really want to delete avatar?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls(`DELETE ${TEAM_PATH}/avatar`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove logo' })).toBeNull());
  });
});

describe('Overview: delete and leave', () => {
  it('disables Delete team for a premium team with the note', async () => {
    renderOverview(acme({ plan: 'premium' }));
    await teamHeading('Acme Inc');
    const button = screen.getByRole('button', { name: 'Delete team' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const note = screen.getByText('To delete your Premium Team, please cancel your subscription first');
    expect(button.getAttribute('aria-describedby')).toBe(note.id);
  });

  it("needs the exact team name: 'Team name is incorrect' under the field, then deletes and goes home", async () => {
    const { router, services, calls } = renderOverview(acme(), {
      [`DELETE ${TEAM_PATH}`]: () => new Response(null, { status: 204 }),
    });
    await teamHeading('Acme Inc');
    fireEvent.click(screen.getByRole('button', { name: 'Delete team' }));
    // The page's data lands in a transition (decision 028): the click's update can commit a moment later.
    const dialog = await screen.findByRole('dialog', { name: 'Delete team' });
    const field = within(dialog).getByRole('textbox', { name: 'Team name' });
    fireEvent.change(field, { target: { value: 'acme inc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete team' }));
    expect(await within(dialog).findByText('Team name is incorrect')).toBeTruthy();
    expect(calls(`DELETE ${TEAM_PATH}`)).toHaveLength(0);

    fireEvent.change(field, { target: { value: 'Acme Inc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete team' }));
    expect(await screen.findByText('Team was successfully deleted')).toBeTruthy();
    expect(calls(`DELETE ${TEAM_PATH}`)).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(selectMembership(3, 7)(services.registry.getSnapshot())).toBeNull();
  });

  it('lets a member leave with their email after typing the team name', async () => {
    const { router, calls } = renderOverview(acme({}, 'member'), {
      'POST /api/v1/collab/teams/3/leave': () => new Response(null, { status: 204 }),
    });
    await teamHeading('Acme Inc');
    fireEvent.click(screen.getByRole('button', { name: 'Leave team' }));
    // The page's data lands in a transition (decision 028): the click's update can commit a moment later.
    const dialog = await screen.findByRole('dialog', { name: 'Leave team' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Team name' }), {
      target: { value: 'Acme Inc' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave team' }));
    expect(await screen.findByText('You have successfully left the team')).toBeTruthy();
    expect(calls('POST /api/v1/collab/teams/3/leave')[0]?.json()).toEqual({ email: 'olivia@acme.test' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
