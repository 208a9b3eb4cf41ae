import type { Rolldown } from 'vite';
import { signedInChunks } from './vite-signed-in-chunk';

/** A module graph as rolldown's chunking context shows it: each module's static importers. */
function contextOf(importers: Record<string, string[]>, entries: string[] = ['/app/src/main.tsx']) {
  return {
    getModuleInfo: (id: string) =>
      id in importers || entries.includes(id)
        ? ({ importers: importers[id] ?? [], isEntry: entries.includes(id) } as Rolldown.ModuleInfo)
        : null,
  } as Rolldown.ChunkingContext;
}

const group = (path: string) => `/app/src/routes/${path}.group.ts`;
const TEAM = group('team/team');
const OVERVIEW = group('team/team-overview');
const MEMBERS = group('team/team-members');
const PERSONAL = group('personal/personal');
const SIGNUP = group('signup/signup');

describe('the signed-in chunks (decision 031)', () => {
  const chunkOf = signedInChunks();

  it("puts what two team route groups share in 'team-area'", () => {
    const context = contextOf({ '/app/src/domain/permissions.ts': [TEAM, OVERVIEW] });
    expect(chunkOf('/app/src/domain/permissions.ts', context)).toBe('team-area');
  });

  it("puts what the team area shares with another signed-in page in 'signed-in'", () => {
    const context = contextOf({ '/app/src/ui/ErrorBox.tsx': [MEMBERS, PERSONAL] });
    expect(chunkOf('/app/src/ui/ErrorBox.tsx', context)).toBe('signed-in');
  });

  it('leaves alone what a public page reaches too, through another module', () => {
    const context = contextOf({
      '/app/src/domain/email.ts': ['/app/src/ui/EmailField.tsx', MEMBERS],
      '/app/src/ui/EmailField.tsx': [SIGNUP],
    });
    expect(chunkOf('/app/src/domain/email.ts', context)).toBeNull();
  });

  it("leaves alone what the entry's own graph reaches (it is in every first visit already)", () => {
    const context = contextOf({
      '/app/src/app/config.ts': ['/app/src/main.tsx', TEAM, OVERVIEW],
    });
    expect(chunkOf('/app/src/app/config.ts', context)).toBeNull();
  });

  it('leaves a module one route group uses in that group, and a route group in its own chunk', () => {
    const context = contextOf({ '/app/src/ui/MemberRow.tsx': [MEMBERS], [OVERVIEW]: [] });
    expect(chunkOf('/app/src/ui/MemberRow.tsx', context)).toBeNull();
    expect(chunkOf(OVERVIEW, context)).toBeNull();
  });

  it('leaves alone what only a click loads: a dynamic import has no static importer to follow', () => {
    const context = contextOf({ '/app/node_modules/menu.mjs': ['/app/src/ui/UserMenuOpen.tsx'] });
    expect(chunkOf('/app/node_modules/menu.mjs', context)).toBeNull();
  });

  it('walks an import cycle whole, whichever module of it is asked first', () => {
    const context = contextOf({
      // b and a import each other; the sign-up page reaches a only through b.
      '/app/src/a.ts': ['/app/src/b.ts', TEAM, OVERVIEW],
      '/app/src/b.ts': ['/app/src/a.ts', SIGNUP],
    });
    expect(chunkOf('/app/src/b.ts', context)).toBeNull();
    expect(chunkOf('/app/src/a.ts', context)).toBeNull();
  });
});
