import { createApiClient } from '@/api/client';
import { EARLY_ANSWER_FRESH_MS } from '@/api/early-answers';
import { fakeFetch, jsonResponse } from '@/api/testing/fake-fetch';
import type { PublicFile } from '@/domain/entities';
import {
  askPublicFileEarly,
  askPublicFileEarlyOn,
  publicFileEarly,
  takePublicFileEarly,
} from './public-file-early';

const KEY = 'AbCdEfGhIjKlMnOpQrSt_-';
const SECRET = `${'a1B2c3D4e5'.repeat(4)}xyz=`;
const fileNamed = (name: string): PublicFile => ({
  key: KEY,
  name,
  size: 1234,
  mimeType: 'application/pdf',
  href: `/api/v1/public-files/${KEY}/download?s=x`,
  expiresAt: null,
  meta: { from: 'Sid' },
  isPublic: true,
});

function apiAnswering(status: number, body: unknown) {
  const { fetch, requests } = fakeFetch(() => jsonResponse(status, body));
  return { api: createApiClient({ prefixUrl: 'http://console.test', fetch }), requests };
}

/** Lets the early request's answer arrive. */
const answered = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the public file asked for early', () => {
  it("shows the page's renders the file once it is in, and gives it to the first take only", async () => {
    const { api, requests } = apiAnswering(200, fileNamed('report.pdf'));
    askPublicFileEarly(api, KEY, SECRET, 1_000);
    await answered();
    // A render only peeks: a render React throws away leaves the file for the next one.
    expect(publicFileEarly(KEY, SECRET)?.peek(1_400)).toEqual({ value: fileNamed('report.pdf') });
    expect(publicFileEarly(KEY, SECRET)?.peek(1_450)).toEqual({ value: fileNamed('report.pdf') });
    await expect(takePublicFileEarly(KEY, SECRET, 1_500)).resolves.toEqual(fileNamed('report.pdf'));
    expect(takePublicFileEarly(KEY, SECRET, 1_600)).toBeNull();
    expect(publicFileEarly(KEY, SECRET)?.peek(1_600)).toBeNull();
    expect(requests.map((request) => request.url)).toEqual([
      `http://console.test/api/v1/public-files/${KEY}?s=${encodeURIComponent(SECRET)}`,
    ]);
    expect(requests[0]?.headers.get('authorization')).toBeNull();
  });

  it('gives the answer to wait for while it is on its way', async () => {
    const { api, requests } = apiAnswering(200, fileNamed('report.pdf'));
    askPublicFileEarly(api, KEY, SECRET, 1_000);
    // Nothing for a render to start with yet: the page's first load waits for the answer.
    expect(publicFileEarly(KEY, SECRET)?.peek(1_000)).toBeNull();
    await expect(takePublicFileEarly(KEY, SECRET, 1_000)).resolves.toEqual(fileNamed('report.pdf'));
    expect(requests).toHaveLength(1);
  });

  it('gives nothing for another link, or once the answer is stale', async () => {
    const { api } = apiAnswering(200, fileNamed('report.pdf'));
    askPublicFileEarly(api, KEY, SECRET, 1_000);
    expect(takePublicFileEarly(KEY, `${'b'.repeat(43)}=`, 1_100)).toBeNull();
    askPublicFileEarly(api, KEY, SECRET, 1_000);
    expect(takePublicFileEarly(KEY, SECRET, 1_000 + EARLY_ANSWER_FRESH_MS + 1)).toBeNull();
  });

  it("gives a failed early answer as it is: the failure is the page's own, asked for once", async () => {
    const { api, requests } = apiAnswering(410, {
      errorCode: 2211,
      errorMessage: 'File deleted',
      errorData: null,
    });
    askPublicFileEarly(api, KEY, SECRET, 1_000);
    await answered();
    expect(publicFileEarly(KEY, SECRET)?.peek(1_200)).toBeNull();
    await expect(takePublicFileEarly(KEY, SECRET, 1_200)).rejects.toMatchObject({
      status: 410,
      code: 2211,
    });
    expect(requests).toHaveLength(1);
  });

  it('asks as a console opens on a well-formed public file link only', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, fileNamed('report.pdf')));
    for (const location of [
      { pathname: '/public-files/upload', search: '' },
      { pathname: `/public-files/${KEY}`, search: '' },
      { pathname: `/public-files/${KEY}`, search: '?s=tooshort' },
      { pathname: '/public-files/short', search: `?s=${encodeURIComponent(SECRET)}` },
      { pathname: `/public-files/${KEY}/download`, search: `?s=${encodeURIComponent(SECRET)}` },
      { pathname: '/web-login', search: `?s=${encodeURIComponent(SECRET)}` },
    ]) {
      askPublicFileEarlyOn(createApiClient({ prefixUrl: 'http://console.test', fetch }), location);
    }
    await answered();
    expect(fetch).not.toHaveBeenCalled();

    const { api, requests } = apiAnswering(200, fileNamed('report.pdf'));
    const link = { pathname: `/public-files/${KEY}`, search: `?s=${encodeURIComponent(SECRET)}` };
    askPublicFileEarlyOn(api, link, 1_000);
    await answered();
    expect(requests).toHaveLength(1);
    await expect(takePublicFileEarly(KEY, SECRET, 1_100)).resolves.toEqual(fileNamed('report.pdf'));
  });

  it('has nothing for a link without a key or a secret', () => {
    expect(publicFileEarly(undefined, SECRET)).toBeNull();
    expect(publicFileEarly(KEY, null)).toBeNull();
  });
});
