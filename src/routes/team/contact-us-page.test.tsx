import { screen } from '@testing-library/react';
import { fakeFetch, jsonResponse } from '@/api/testing/fake-fetch';
import { schedulingLinks } from '@/app/config';
import type { TeamPlan } from '@/domain/entities';
import { membershipFixture } from '@/test/entity-fixtures';
import { fakeAccessToken } from '@/test/fake-jwt';
import { preloadRouteGroups, renderConsole } from '@/test/render-console';
import { createTestServices } from '@/test/test-services';

const FAR_FUTURE_S = 4_102_444_800;

function renderContactUs(plan: TeamPlan) {
  const membership = membershipFixture(
    { id: 3, name: 'Acme Inc', plan },
    { id: 7, email: 'olivia@acme.test', fullName: 'Olivia Owens' },
  );
  const { fetch, requests } = fakeFetch((_call, request) =>
    request.url.endsWith('/api/v1/collab/teams')
      ? jsonResponse(200, { items: [membership] })
      : jsonResponse(404, { errorCode: 2200, errorMessage: 'Item not found', errorData: null }),
  );
  const stored = { refreshToken: 'rt_1', accessToken: fakeAccessToken(7), expiresAt: FAR_FUTURE_S, uid: 7 };
  const { services } = createTestServices({ fetch, stored });
  renderConsole(services, '/teams/3-7/contact-us');
  return { requests };
}

beforeAll(preloadRouteGroups, 30_000);

describe('Contact us', () => {
  it("embeds customer success's scheduling page for a paying team, prefilled with the user's name and email", async () => {
    const { requests } = renderContactUs('premium');
    const frame = await screen.findByTitle('Talk to Customer Success: schedule a call');
    const src = new URL(frame.getAttribute('src') ?? '');
    expect(`${src.origin}${src.pathname}`).toBe(schedulingLinks.paid);
    expect(src.searchParams.get('name')).toBe('Olivia Owens');
    expect(src.searchParams.get('email')).toBe('olivia@acme.test');
    expect(screen.getByRole('heading', { name: 'Talk to Customer Success' })).toBeTruthy();
    // The widget is a frame: the page itself loads no scheduling script and calls nothing else.
    // (Scripts other tests' modules may leave in this file's document are not the page's.)
    const schedulingHost = new URL(schedulingLinks.paid).host;
    const scripts = [...document.querySelectorAll('script')].map(
      (script) => script.getAttribute('src') ?? 'inline',
    );
    expect(scripts.filter((source) => source === 'inline' || source.includes(schedulingHost))).toEqual([]);
    // (The team layout's user menu asks who is signed in: /api/v2/profile.)
    expect(
      requests.map((request) => new URL(request.url).pathname).filter((path) => path !== '/api/v2/profile'),
    ).toEqual(['/api/v1/collab/teams']);
  });

  it("embeds sales' scheduling page for a basic team", async () => {
    renderContactUs('basic');
    const frame = await screen.findByTitle('Talk to Sales: schedule a call');
    const src = new URL(frame.getAttribute('src') ?? '');
    expect(`${src.origin}${src.pathname}`).toBe(schedulingLinks.basic);
    expect(src.searchParams.get('email')).toBe('olivia@acme.test');
    expect(schedulingLinks.basic).not.toBe(schedulingLinks.paid);
  });
});
