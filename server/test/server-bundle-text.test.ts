// No Postgres database: it reads the server bundle's files.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServerBundle, type TestServerBundle } from './server-bundle';

// Node keeps each module's source text while the server runs, at one byte per character only when
// all of it is Latin-1 (scripts/server-bundle.mjs, asciiOnly).

let bundle: TestServerBundle | null = null;
let files: { name: string; text: string }[] = [];

beforeAll(async () => {
  bundle = await buildTestServerBundle();
  const dir = path.dirname(bundle.server[0] as string);
  const names = (await readdir(dir)).filter((name) => name.endsWith('.mjs'));
  files = await Promise.all(
    names.map(async (name) => ({ name, text: await readFile(path.join(dir, name), 'utf8') })),
  );
}, 90_000);
afterAll(() => bundle?.remove());

describe('the server bundle', () => {
  it('is ASCII only, every file of it', () => {
    expect(files.map((file) => file.name)).toEqual(expect.arrayContaining(['main.mjs', 'cli.mjs']));
    const nonAscii = files.map(({ name, text }) => ({
      name,
      count: text.match(/[\u0080-\uffff]/g)?.length ?? 0,
    }));
    expect(nonAscii).toEqual(files.map(({ name }) => ({ name, count: 0 })));
  });

  it("keeps the code's own non-ASCII text, escaped (the demo customer's street)", () => {
    const literal = files
      .map(({ text }) => /(["'])Friedrichstra[^"']*\1/.exec(text)?.[0])
      .find((found) => found !== undefined);
    expect(literal).toBeDefined();
    expect(runInNewContext(literal as string)).toBe('Friedrichstraße 68');
  });
});
