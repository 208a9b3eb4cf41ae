// The pages the build prerenders (src/prerender/): the public pages a visitor opens from a link,
// whose first frame needs nothing the build cannot know, and the team pages' frame (the header, the
// selector's place, the nav's entries everyone has, the page's heading). Each is rendered at an
// address of its route (a key, file or team that is nobody's: the page renders its first step for
// any), and the server answers each of the route's addresses with it, a team page also the login
// links that land on it. Shared by the build and the tests.
import { SIGN_IN_PROVIDERS } from '@/domain/sign-in-providers';

export interface PrerenderedPage {
  /** The route's name in the route table, and the file's name (dist/prerendered/<file>). */
  route: string;
  file: string;
  /** The address it is rendered at. */
  url: string;
  /** The route's path pattern the server matches ('*': any address no other route of the table takes). */
  path: string;
  /** /web-login: rendered once per set of sign-in providers a server may offer. */
  signInProviders?: string[];
  /** A team page: its start script also begins a login link's code exchange (login-link-start.ts). */
  team?: boolean;
}

/** A team page's frame, rendered for a team user no one has. */
function teamPage(route: string, page: string): PrerenderedPage {
  return {
    route,
    file: `${route}.html`,
    url: `/teams/1-1/${page}`,
    path: `/teams/:teamUser/${page}`,
    team: true,
  };
}

/** Every subset of the providers, in SIGN_IN_PROVIDERS' order: [], [google], [microsoft], [both]. */
function providerSets(): string[][] {
  let sets: string[][] = [[]];
  for (const provider of SIGN_IN_PROVIDERS) sets = sets.concat(sets.map((set) => [...set, provider]));
  return sets;
}

export const prerenderedPages: PrerenderedPage[] = [
  ...providerSets().map((providers) => ({
    route: 'web-login',
    file: `web-login${providers.map((p) => `.${p}`).join('')}.html`,
    url: '/web-login',
    path: '/web-login',
    signInProviders: providers,
  })),
  {
    route: 'accept-invitation',
    file: 'accept-invitation.html',
    url: '/accept-invitation?key=x',
    path: '/accept-invitation',
  },
  { route: 'back-to-app', file: 'back-to-app.html', url: '/back-to-app?key=x', path: '/back-to-app' },
  {
    route: 'public-file',
    file: 'public-file.html',
    url: '/public-files/x?s=x',
    path: '/public-files/:fileKey',
  },
  { route: 'not-found', file: 'not-found.html', url: '/prerendered-not-found', path: '*' },
  teamPage('team-overview', 'overview'),
  teamPage('team-users', 'users'),
  teamPage('team-billing', 'billing'),
  teamPage('team-contact-us', 'contact-us'),
];
