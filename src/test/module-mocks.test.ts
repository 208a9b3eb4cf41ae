// The console's jsdom project runs file after file in one worker without loading modules afresh
// (isolate: false, decision 031), where vi.mock cannot replace a module an earlier file loaded: such
// a file passes or fails by which file ran before it. Every jsdom test file that mocks a module must
// therefore be listed for the isolated 'console-mocked' project. The node projects ('domain',
// 'console-logic') run the same way and have no isolated twin: no file there may mock a module.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CONSOLE_FILES_WITH_MODULE_MOCKS } from '../../vitest.config';

const repoRoot = path.resolve(import.meta.dirname, '../..');

function testFiles(dir: string, name: RegExp): string[] {
  return readdirSync(path.join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return testFiles(relative, name);
    return name.test(entry.name) ? [relative] : [];
  });
}

const jsdomTestFiles = (dir: string) => testFiles(dir, /\.test\.tsx$|\.dom\.test\.ts$/);
/** The 'domain' and 'console-logic' projects' files (vitest.config.ts): .test.ts, not .dom.test.ts. */
const nodeTestFiles = (dir: string) => testFiles(dir, /(?<!\.dom)\.test\.ts$/);
const mocksAModule = (file: string) =>
  /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(repoRoot, file), 'utf8'));

it('lists every jsdom test file that uses vi.mock for the isolated project, and no other', () => {
  const mocking = jsdomTestFiles('src').filter(mocksAModule);
  expect(mocking.sort()).toEqual([...CONSOLE_FILES_WITH_MODULE_MOCKS].sort());
});

it('finds no module mock in the node projects, which run without isolation and have no isolated twin', () => {
  const files = [...nodeTestFiles('src'), ...nodeTestFiles('scripts')];
  expect(files.length).toBeGreaterThan(60);
  expect(files.filter(mocksAModule)).toEqual([]);
});

// A worker without isolation is kept for the next file only when that file has the same environment:
// a file that picks another with a `@vitest-environment` comment ends the worker, and the next file
// of its project starts a new one that loads every module again (a node file among the jsdom ones
// cost a second start of React and Mantine). Such a file belongs to the project of its environment.
it('finds no file that picks its own environment in the projects that run without isolation', () => {
  const files = [...jsdomTestFiles('src'), ...nodeTestFiles('src'), ...nodeTestFiles('scripts')];
  const picksEnvironment = (file: string) =>
    /^\s*(?:\/\/|\/?\*+)\s*@vitest-environment\s/m.test(readFileSync(path.join(repoRoot, file), 'utf8'));
  expect(
    files.filter((file) => !CONSOLE_FILES_WITH_MODULE_MOCKS.includes(file)).filter(picksEnvironment),
  ).toEqual([]);
});
