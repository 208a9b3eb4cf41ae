// In node (the console-logic project): the API modules need no DOM, and in node FormData, Blob and
// fetch come from one realm (Node 24 refuses jsdom's Blob inside Node's fetch, which a browser never
// mixes). In the jsdom project this file's node environment made the worker that ran it start again,
// and the next jsdom file load React and Mantine afresh in another.
import { exchangeAuthCode, refreshTokens } from '@/api/auth';
import { createApiClient } from '@/api/client';
import { avatarUrl, uploadFile } from '@/api/files';
import { acceptInvitation } from '@/api/invitations';
import { changePlan, getBilling } from '@/api/team-billing';
import { deleteTeam, leaveTeam, listTeams, updateTeam } from '@/api/teams';
import { fakeFetch, jsonResponse } from '@/api/testing/fake-fetch';
import { inviteUsers, listUsers, setUserRole, updateUser } from '@/api/users';
import { loginByEmail, teamIdOrNull } from '@/api/web-login';
import type { XhrUploadRequest } from '@/api/xhr-upload';
import type { DeviceInfo } from '@/domain/entities';

const device: DeviceInfo = {
  platform: 'web',
  version: '1.0.0',
  osVersion: 'Linux',
  device: 'Chrome',
  locale: 'en',
};
const ref = { teamId: 12, userId: 34 };
const tokens = { refreshToken: 'r', accessToken: 'a', expiresAt: 1 };

function client(answer = () => jsonResponse(200, {})) {
  const { fetch, requests } = fakeFetch(answer);
  const getAccessToken = vi.fn(() => 'token-1');
  return {
    api: createApiClient({ prefixUrl: 'http://api.test', fetch, getAccessToken }),
    requests,
    getAccessToken,
  };
}

describe('auth calls', () => {
  it('exchanges an auth code with the app name and device info, without a token', async () => {
    const { api, requests, getAccessToken } = client(() => jsonResponse(200, tokens));
    await expect(exchangeAuthCode(api, 'code-1', device)).resolves.toEqual(tokens);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('http://api.test/api/v2/auth/code');
    expect(request?.json()).toEqual({ code: 'code-1', app: 'console', ...device });
    expect(getAccessToken).not.toHaveBeenCalled();
  });

  it('refreshes tokens with a multipart refreshToken field', async () => {
    const { api, requests } = client(() => jsonResponse(200, tokens));
    await refreshTokens(api, 'refresh-1');
    const [request] = requests;
    expect(request?.url).toBe('http://api.test/api/v1/auth/refresh');
    expect(request?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect((await request?.formData())?.get('refreshToken')).toBe('refresh-1');
    expect(request?.headers.has('authorization')).toBe(false);
  });

  it('sends the email login team id as a number, or null when empty', async () => {
    const { api, requests } = client();
    await loginByEmail(
      api,
      'a@b.test',
      { destination: 'stripe_checkout', teamPlanId: 'premium_365', teamId: '7' },
      device,
    );
    await loginByEmail(
      api,
      'a@b.test',
      { destination: 'stripe_checkout', teamPlanId: 'premium_365', teamId: '' },
      device,
    );
    expect(requests[0]?.json()).toMatchObject({
      email: 'a@b.test',
      teamId: 7,
      app: 'console',
      platform: 'web',
    });
    expect(requests[1]?.json()).toMatchObject({ teamId: null });
    expect(teamIdOrNull('0')).toBe(0);
    expect(teamIdOrNull(null)).toBeNull();
  });
});

describe('teams and users calls', () => {
  it('lists memberships and addresses a team as {tid}-{uid}', async () => {
    const { api, requests } = client(() => jsonResponse(200, { items: [] }));
    await expect(listTeams(api)).resolves.toEqual({ items: [] });
    await updateTeam(api, ref, { name: 'Acme' });
    await deleteTeam(api, ref);
    await leaveTeam(api, 12, 'mia@acme.test');
    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'GET /api/v1/collab/teams',
      'PUT /api/v1/collab/teams/12-34',
      'DELETE /api/v1/collab/teams/12-34',
      'POST /api/v1/collab/teams/12/leave',
    ]);
    expect(requests[1]?.json()).toEqual({ name: 'Acme' });
    expect(requests[3]?.json()).toEqual({ email: 'mia@acme.test' });
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('pages users, updates me, changes roles and invites a list of {email}, asking who was skipped', async () => {
    const { api, requests } = client(() => jsonResponse(200, { items: [], nextPageToken: null }));
    await listUsers(api, ref);
    await listUsers(api, ref, 'page-2');
    await updateUser(api, ref, 'me', { fullName: 'Mia M' });
    await setUserRole(api, ref, 5, 'admin');
    await inviteUsers(api, ref, ['a@acme.test', 'b@acme.test']);
    expect(requests.map((r) => `${r.method} ${r.url.replace('http://api.test', '')}`)).toEqual([
      'GET /api/v1/collab/12-34/users',
      'GET /api/v1/collab/12-34/users?pageToken=page-2',
      'PUT /api/v1/collab/12-34/users/me',
      'PUT /api/v1/collab/12-34/users/5/role',
      'POST /api/v1/collab/teams/12-34/invite?skipped=true',
    ]);
    expect(requests[2]?.json()).toEqual({ fullName: 'Mia M' });
    expect(requests[3]?.json()).toEqual({ role: 'admin' });
    expect(requests[4]?.json()).toEqual([{ email: 'a@acme.test' }, { email: 'b@acme.test' }]);
  });
});

describe('other calls', () => {
  it('uses v1 and v2 billing paths', async () => {
    const { api, requests } = client();
    await getBilling(api, ref);
    await changePlan(api, ref, { planId: 'pro_365', coupon: null });
    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'GET /api/v1/collab/12-34/billing',
      'PUT /api/v2/collab/12-34/billing/plan',
    ]);
  });

  it('accepts an invitation without a token', async () => {
    const { api, requests } = client(() => jsonResponse(200, { teamName: 'Acme Inc', email: 'p@acme.test' }));
    await expect(acceptInvitation(api, 'key/1')).resolves.toEqual({
      teamName: 'Acme Inc',
      email: 'p@acme.test',
    });
    expect(requests[0]?.url).toBe('http://api.test/api/v1/teams/join/key%2F1');
    expect(requests[0]?.headers.has('authorization')).toBe(false);
  });

  it('uploads a file as multipart info, file and preview with the secret, reporting progress', async () => {
    const sent: XhrUploadRequest[] = [];
    const api = createApiClient({ prefixUrl: 'http://api.test', getAccessToken: () => 'token-1' });
    const send = async <T>(request: XhrUploadRequest) => {
      sent.push(request);
      request.onProgress?.({ loaded: 1, total: 2 });
      return { key: 'k' } as T;
    };
    const onProgress = vi.fn();
    await expect(
      uploadFile(
        api,
        'sec=',
        { info: { name: 'a.txt' }, file: new Blob(['hi']), preview: new Blob(['p']) },
        { onProgress, send },
      ),
    ).resolves.toEqual({ key: 'k' });
    const [request] = sent;
    expect(request?.url).toBe('http://api.test/api/v1/files?s=sec%3D');
    expect(request?.headers).toEqual({ authorization: 'Bearer token-1' });
    expect(request?.body.get('info')).toBe('{"name":"a.txt"}');
    expect(request?.body.has('file')).toBe(true);
    expect(request?.body.has('preview')).toBe(true);
    expect(onProgress).toHaveBeenCalledWith({ loaded: 1, total: 2 });
    expect(avatarUrl(api, 'av 1')).toBe('http://api.test/api/v1/avatars/av%201');
  });
});
