// The API test files that open no Postgres database whatever DATABASE_URL says, so CI's Postgres pass
// (.ci/run) leaves them out: they already ran, with the same inputs, in npm test.
// A file is on the list only when it says so, on a line of its own:
//   // No Postgres database: <why>
// Every other file runs in the Postgres pass, so a new test that opens a database is never left out
// by mistake. server/test/house.test.ts checks that no listed file reaches the database helper
// (server/test/helper.ts) or the Postgres driver (server/src/db/pg-db.ts) through its imports.
// Prints the files, one per line; with --exclude, as vitest's `--exclude <file>` arguments.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..');
const marker = /^\/\/ No Postgres database: \S/m;

function testFiles(dir) {
  const found = [];
  for (const entry of readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) found.push(...testFiles(relative));
    else if (entry.name.endsWith('.test.ts')) found.push(relative);
  }
  return found;
}

const listed = testFiles('server')
  .filter((file) => marker.test(readFileSync(path.join(repoRoot, file), 'utf8')))
  .sort();
const asExcludes = process.argv.includes('--exclude');
for (const file of listed) console.log(asExcludes ? `--exclude ${file}` : file);
