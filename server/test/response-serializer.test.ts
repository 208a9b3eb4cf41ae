// No Postgres database: response schemas compiled and run.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileResponseSchema, createResponseSerializerCompiler } from '../src/http/response-serializer';
import { membership, teamUser } from '../src/routes/schemas/collab';

// Responses are written by compiled serializers; the test suites run with every answer checked by
// zod as well (decision 027).
const user = {
  id: 7,
  teamId: 3,
  accountId: 42, // a column the API never shows
  email: 'olivia@acme.test',
  fullName: 'Olivia "O" Ødegaard\u2028',
  avatar: null,
  role: 'owner',
  status: 'active',
  teamStatus: 'active',
  isBanned: false,
  inviterId: null,
};
const team = {
  id: 3,
  name: 'Acme </script>',
  logo: null,
  plan: 'premium',
  usersCnt: 4,
  domain: 'acme.test',
  domainSignupsEnabled: true,
  trialStatus: null,
  trialEndAt: null,
  subscriptionCancelAt: 1_800_000_000,
  paymentProvider: 'stripe',
  settings: { adminsCanAssignAdmins: true, adminsCanDeactivate: false, adminsCanDelete: true, secret: 1 },
  stripeCustomerId: 'cus_123',
};
const page = z.object({ items: z.array(teamUser), nextPageToken: z.string().nullable() });
const serializerFor = (schema: z.ZodType, checkResponses: boolean) =>
  createResponseSerializerCompiler({ checkResponses })({
    schema,
    method: 'GET',
    url: '/',
    httpStatus: '200',
  });

describe('compiled response serializers', () => {
  it("write what zod's parse and JSON.stringify wrote, unlisted columns left out", () => {
    const cases: [z.ZodType, unknown][] = [
      [membership, { team, profile: user }],
      [
        page,
        {
          items: [user, { ...user, id: 8, avatar: '/api/v2/avatars/a.png', inviterId: 7 }],
          nextPageToken: 'djE6OA',
        },
      ],
      [page, { items: [], nextPageToken: null }],
    ];
    for (const [schema, data] of cases) {
      const text = serializerFor(schema, false)(data);
      expect(text).toBe(JSON.stringify(schema.parse(data)));
      expect(text).not.toContain('accountId');
      expect(text).not.toContain('cus_123');
      expect(text).not.toContain('secret');
    }
  });

  it('a schema without a JSON Schema form (a transform) is serialized by zod', () => {
    const schema = z.object({ at: z.date().transform((date) => date.toISOString()) });
    expect(compileResponseSchema(schema)).toBeNull();
    expect(serializerFor(schema, false)({ at: new Date(0) })).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
  });

  it('checking responses: an answer off its schema fails the call instead of being coerced', () => {
    const wrong = { team, profile: { ...user, id: '7' } };
    expect(() => serializerFor(membership, true)(wrong)).toThrow();
    // Without the check the compiled serializer writes it as its schema's type; only tests see the check.
    expect(JSON.parse(serializerFor(membership, false)(wrong)).profile.id).toBe(7);
  });
});
