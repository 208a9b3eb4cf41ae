import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { isHiddenFromReference } from '../src/http/openapi-transform';
import { setupTestApp } from './helper';

// The API description is fit for generated clients: it lints clean under Redocly's recommended rules
// (redocly.yaml turns off two, each with its reason), every operation has a unique operationId and a
// summary, and each says its security. No database beyond the test app's own.

const repoRoot = path.resolve(import.meta.dirname, '../..');
const registered: { method: string; url: string; authenticates: boolean }[] = [];
const t = setupTestApp({
  seed: false,
  onRoute: (route: RouteOptions) => {
    const hooks = [route.onRequest].flat().map((hook) => (hook as { name?: string } | undefined)?.name);
    for (const method of [route.method].flat())
      registered.push({ method, url: route.url, authenticates: hooks.includes('authenticate') });
  },
});

/** Problems Redocly may report that are right for this API, each with why. */
const allowed: { ruleId: string; pointer: string; why: string }[] = [
  {
    ruleId: 'operation-4xx-response',
    pointer: '#/paths/~1api~1openapi.json/get/responses',
    why: 'the description itself takes no input and cannot fail on a request',
  },
  {
    ruleId: 'operation-4xx-response',
    pointer: '#/paths/~1api~1docs/get/responses',
    why: 'the reference page takes no input and cannot fail on a request',
  },
];

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
}
interface Document {
  servers?: { url: string }[];
  components?: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
  paths: Record<string, Record<string, Operation>>;
}

const work = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function description(): Promise<{ text: string; doc: Document }> {
  const response = await t.app.inject('/api/openapi.json');
  expect(response.statusCode).toBe(200);
  return { text: response.body, doc: response.json<Document>() };
}

const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), url, operation })),
  );

describe('the API description for generated clients', () => {
  it("lints clean under Redocly's recommended rules, but for the allowed problems", async () => {
    const file = path.join(work, 'openapi.json');
    writeFileSync(file, (await description()).text);
    const { stdout } = await promisify(execFile)(
      path.join(repoRoot, 'node_modules/.bin/redocly'),
      ['lint', file, '--config', path.join(repoRoot, 'redocly.yaml'), '--format=json'],
      // No telemetry or update check: CI has no way out but the npm registry.
      {
        cwd: repoRoot,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    ).catch((failed: { stdout?: string }) => ({ stdout: failed.stdout ?? '' }));
    const report = JSON.parse(stdout) as {
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    const problems = report.problems
      .map(({ ruleId, message, location }) => ({ ruleId, pointer: location[0]?.pointer ?? '', message }))
      .filter(({ ruleId, pointer }) => !allowed.some((a) => a.ruleId === ruleId && a.pointer === pointer));
    expect(problems).toEqual([]);
  }, 60_000);

  it('names every operation once, with a summary', async () => {
    const operations = operationsOf((await description()).doc);
    expect(operations.length).toBeGreaterThan(60);
    const unnamed = operations
      .filter(({ operation }) => !operation.operationId || !operation.summary)
      .map(({ method, url }) => `${method} ${url}: add its line to server/src/http/openapi-operations.ts`);
    expect(unnamed).toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it("says each operation's security as the route does: the bearer token where it authenticates", async () => {
    const { doc } = await description();
    expect(doc.components?.securitySchemes?.bearerToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const asOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
    const documented = registered.filter(
      ({ method, url }) =>
        url.startsWith('/api/') &&
        !isHiddenFromReference(url) &&
        !url.startsWith('/api/internal/') &&
        method !== 'HEAD',
    );
    expect(documented.length).toBeGreaterThan(60);
    const wrong = documented.flatMap(({ method, url, authenticates }) => {
      const security = doc.paths[asOpenApiPath(url)]?.[method.toLowerCase()]?.security;
      const expected = authenticates ? [{ bearerToken: [] }] : [];
      return JSON.stringify(security) === JSON.stringify(expected)
        ? []
        : [`${method} ${url}: ${JSON.stringify(security)}`];
    });
    expect(wrong).toEqual([]);
    // The spec's no-auth calls are open, the team calls are not.
    const securityAt = (url: string, method: string) => doc.paths[url]?.[method]?.security;
    expect(securityAt('/api/v1/auth/web/login/email', 'post')).toEqual([]);
    expect(securityAt('/api/v1/collab/{teamUser}/users', 'get')).toEqual([{ bearerToken: [] }]);
  });

  it('lists the server at PUBLIC_URL', async () => {
    const { doc } = await description();
    expect(doc.servers?.map(({ url }) => url)).toEqual([t.app.publicUrl()]);
  });
});
