import { describe, expect, it } from 'vitest';
import { CLI_SECRET_HEADER } from '../src/routes/internal-cli.routes';
import { errorOf, setupTestApp } from './helper';

// `cli redirect-key <url>` through a running server: the internal route makes a key that
// GET /api/v1/redirects/{id} resolves once; a target elsewhere is refused.

const t = setupTestApp({ seed: false });

const makeKey = (url: string, secret = t.cliSecret) =>
  t.app.inject({
    method: 'POST',
    url: '/api/internal/cli/redirect-key',
    headers: { [CLI_SECRET_HEADER]: secret },
    payload: { url },
  });

describe('POST /api/internal/cli/redirect-key', () => {
  it('makes a one-time key to the app link', async () => {
    const response = await makeKey('readdle-spark://checkout?result=success');
    expect(response.statusCode, response.body).toBe(200);
    const { key } = response.json<{ key: string }>();
    const resolved = await t.app.inject({ method: 'GET', url: `/api/v1/redirects/${key}` });
    expect(resolved.json()).toEqual({ url: 'readdle-spark://checkout?result=success' });
  });

  it('refuses another site (400 field url) and callers without the secret (404)', async () => {
    expect(errorOf(await makeKey('https://evil.test/'))).toMatchObject({
      status: 400,
      data: [{ field: 'url', message: 'is invalid' }],
    });
    expect(errorOf(await makeKey('/teams', 'wrong')).status).toBe(404);
  });
});
