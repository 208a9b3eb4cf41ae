import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@domain/error-codes';
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from './helper';

// The API reference is generated from the routes themselves: every product route must be in it, the
// stand-ins and the CLI's back door must not, and every error code it (or docs/api.md) names must be
// one the server has (src/domain/error-codes.ts: the spec's catalogue plus the documented extensions).

const registered: { method: string; url: string }[] = [];
const t = setupTestApp({
  seed: false,
  onRoute: (route: RouteOptions) => {
    for (const method of [route.method].flat()) registered.push({ method, url: route.url });
  },
});

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
}

async function openApi(): Promise<OpenApiDocument> {
  const response = await t.app.inject('/api/openapi.json');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json<OpenApiDocument>();
}

const known = new Set<number>(Object.values(ErrorCode));
const asOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('API reference', () => {
  it('is OpenAPI 3.1 with every product route and its method', async () => {
    const doc = await openApi();
    expect(doc.openapi).toBe('3.1.0');
    const product = registered.filter(
      ({ method, url }) => url.startsWith('/api/') && !url.startsWith('/api/internal/') && method !== 'HEAD',
    );
    expect(product.length).toBeGreaterThan(50);
    const missing = product.filter(
      ({ method, url }) => !doc.paths[asOpenApiPath(url)]?.[method.toLowerCase()],
    );
    expect(missing).toEqual([]);
  });

  it('leaves out the stand-ins (/v1, /sandbox) and the CLI’s internal routes', async () => {
    const doc = await openApi();
    expect(registered.some(({ url }) => url.startsWith('/v1/'))).toBe(true);
    expect(registered.some(({ url }) => url.startsWith('/api/internal/'))).toBe(true);
    const outside = Object.keys(doc.paths).filter(
      (p) => !p.startsWith('/api/') || p.startsWith('/api/internal/'),
    );
    expect(outside).toEqual([]);
  });

  it('describes the request schemas from zod and the errors each route can answer', async () => {
    const doc = await openApi();
    const role = doc.paths['/api/v1/collab/{teamUser}/users/{id}/role']?.put as unknown as {
      requestBody: { content: { 'application/json': { schema: unknown } } };
      parameters: { name: string; in: string }[];
      responses: Record<string, { description: string }>;
    };
    expect(role.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { role: { enum: ['admin', 'member'] } },
      required: ['role'],
    });
    expect(role.parameters.map((p) => `${p.in}:${p.name}`).sort()).toEqual(['path:id', 'path:teamUser']);
    // authenticate, requireMembership, requireTarget and the permission check, each with its code.
    expect(role.responses['401']?.description).toContain('errorCode 1200');
    expect(role.responses['403']?.description).toMatch(/errorCode 1600.*errorCode 1700.*errorCode 1850/);
    expect(role.responses['404']?.description).toMatch(/errorCode 1502.*errorCode 2200/);
    // A visitor's call has no token check.
    expect(doc.paths['/api/v1/teams/join/{key}']?.post?.responses['401']).toBeUndefined();
  });

  it('names only error codes the server has, in the document and in docs/api.md', async () => {
    const doc = await openApi();
    const inDocument = [...JSON.stringify(doc).matchAll(/errorCode (\d+)/g)].map((m) => Number(m[1]));
    expect(inDocument.length).toBeGreaterThan(100);
    expect(inDocument.filter((code) => !known.has(code))).toEqual([]);
    const read = (file: string) => readFileSync(path.join(import.meta.dirname, '../..', file), 'utf8');
    // Every number of 1000..2999 in docs/api.md is an error code; 10 is named as "code 10", "400 10".
    const api = read('docs/api.md');
    const inApi = [
      ...[...api.matchAll(/\b([12]\d{3})\b/g)].map((m) => Number(m[1])),
      ...[...api.matchAll(/\b(?:code|errorCode|400|413|414|415) \**(\d+)\b/g)].map((m) => Number(m[1])),
    ];
    // The matrix's refused cells are the codes themselves.
    const inMatrix = [...read('docs/authorization-matrix.md').matchAll(/\| (\d+) (?=\|)/g)].map((m) =>
      Number(m[1]),
    );
    for (const [file, codes] of [
      ['docs/api.md', inApi],
      ['docs/authorization-matrix.md', inMatrix],
    ] as const) {
      expect(codes.length, file).toBeGreaterThan(5);
      expect(
        codes.filter((code) => !known.has(code)),
        file,
      ).toEqual([]);
    }
  });

  it('serves a readable page at /api/docs with no script', async () => {
    const response = await t.app.inject('/api/docs');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).not.toMatch(/<script/i);
    expect(response.body).toContain('<h1>Spark Teams Console API</h1>');
    expect(response.body).toContain('<code>/api/v1/collab/{teamUser}/users/{id}/role</code>');
    expect(response.body).toContain('errorCode 1700 (You are not allowed to do this)');
    expect(response.body).toContain('href="/api/openapi.json"');
  });
});
