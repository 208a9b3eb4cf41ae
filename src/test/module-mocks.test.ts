// The console's jsdom project runs file after file in one worker without loading modules afresh
// (isolate: false, decision 031), where vi.mock cannot replace a module an earlier file loaded: such
// a file passes or fails by which file ran before it. Every jsdom test file that mocks a module must
// therefore be listed for the isolated 'console-mocked' project.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CONSOLE_FILES_WITH_MODULE_MOCKS } from '../../vitest.config';

const repoRoot = path.resolve(import.meta.dirname, '../..');

function jsdomTestFiles(dir: string): string[] {
  return readdirSync(path.join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return jsdomTestFiles(relative);
    return /\.test\.tsx$|\.dom\.test\.ts$/.test(entry.name) ? [relative] : [];
  });
}

it('lists every jsdom test file that uses vi.mock for the isolated project, and no other', () => {
  const mocking = jsdomTestFiles('src').filter((file) =>
    /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(repoRoot, file), 'utf8')),
  );
  expect(mocking.sort()).toEqual([...CONSOLE_FILES_WITH_MODULE_MOCKS].sort());
});
