import { preloadNotLoadedYet } from './vite-preload-dependencies';

const JS_HOST = { hostId: 'assets/shell-Dpi1BD31.js', hostType: 'js' } as const;
const ENTRY_CHUNKS = [
  'assets/rolldown-runtime-WkwZ5CU-.js',
  'assets/vendor-PRNwNsoB.js',
  'assets/shell-Dpi1BD31.js',
];

describe("a dynamic import's files to preload", () => {
  it('leaves out what the entry loaded statically: the libraries, the shell and the runtime', () => {
    const deps = [
      'assets/rolldown-runtime-WkwZ5CU-.js',
      'assets/vendor-PRNwNsoB.js',
      'assets/shell-Dpi1BD31.js',
      'assets/signed-in-Dh-VvYc8.js',
      'assets/team-billing-CtpvbQcl.js',
    ];
    expect(preloadNotLoadedYet('assets/billing-early-D0M8RA9o.js', deps, JS_HOST)).toEqual([
      'assets/signed-in-Dh-VvYc8.js',
      'assets/team-billing-CtpvbQcl.js',
    ]);
  });

  it('keeps a lazy chunk whose name only begins like one of them', () => {
    const deps = [
      'assets/shell-menu-Ab1_x-Yz.js',
      'assets/vendor-stripe-Q1w2E3r4.js',
      'assets/shell.group-a1b2c3d4.js',
    ];
    expect(preloadNotLoadedYet('assets/team.group-CcH93Q0W.js', deps, JS_HOST)).toEqual(deps);
  });

  it("keeps index.html's list whole: the entry's chunks are fetched beside it, not once it is parsed", () => {
    expect(
      preloadNotLoadedYet('assets/index-Byde95l9.js', ENTRY_CHUNKS, {
        hostId: 'index.html',
        hostType: 'html',
      }),
    ).toEqual(ENTRY_CHUNKS);
  });
});
