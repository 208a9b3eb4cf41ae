import { act, screen } from '@testing-library/react';
import { fakeFetch, jsonResponse } from '@/api/testing/fake-fetch';
import type { PublicFile } from '@/domain/entities';
import { startRouteLoads } from '@/routes/loads/start-route-loads';
import { preloadRouteGroups, renderConsole } from '@/test/render-console';
import { createTestServices } from '@/test/test-services';

const KEY = 'AbCdEfGhIjKlMnOpQrSt_-';
const SECRET = `${'a1B2c3D4e5'.repeat(4)}xyz=`;
const LINK = `/public-files/${KEY}?s=${encodeURIComponent(SECRET)}`;
const GONE_TEXT = 'The file is not available for downloading because it was deleted by the sender';
const file: PublicFile = {
  key: KEY,
  name: 'Quarterly report.pdf',
  size: 256 * 1024,
  mimeType: 'application/pdf',
  href: `/api/v1/public-files/${KEY}/download?s=x`,
  expiresAt: null,
  meta: { from: 'Sid Staff' },
  isPublic: true,
};

function consoleAnswering(answer: () => Response) {
  const { fetch, requests } = fakeFetch(answer);
  const { services } = createTestServices({ fetch });
  const fileRequests = () => requests.filter((request) => request.url.includes('/api/v1/public-files/'));
  return { services, fileRequests };
}

/** Every text the page put in the document, as it went (React replaces the loading text). */
function textsShown(): { texts: string[]; stop(): void } {
  const texts: string[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) texts.push(node.textContent ?? '');
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return { texts, stop: () => observer.disconnect() };
}

beforeAll(preloadRouteGroups, 30_000);

describe('the public file page asked for as the console opens (decision 040)', () => {
  it('shows the file it asked for early, asking for it once', async () => {
    const { services, fileRequests } = consoleAnswering(() => jsonResponse(200, file));
    renderConsole(services, LINK);
    expect(await screen.findByRole('heading', { level: 1, name: 'Quarterly report.pdf' })).toBeTruthy();
    expect(screen.getByText('From Sid Staff')).toBeTruthy();
    expect(fileRequests()).toHaveLength(1);
  });

  it('renders the card first, with no loading text, when the file is in before the page renders', async () => {
    const { services, fileRequests } = consoleAnswering(() => jsonResponse(200, file));
    // The console's start asks; its answer arrives while the page's code is still loading.
    const [pathname = '', search = ''] = LINK.split('?');
    startRouteLoads(services, { pathname, search: `?${search}` });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const shown = textsShown();
    renderConsole(services, LINK);
    expect(await screen.findByRole('heading', { level: 1, name: 'Quarterly report.pdf' })).toBeTruthy();
    shown.stop();
    expect(shown.texts.some((text) => text.includes('Loading...'))).toBe(false);
    expect(fileRequests()).toHaveLength(1);
  });

  it('shows a failed early answer as its own failure, asking once', async () => {
    const { services, fileRequests } = consoleAnswering(() =>
      jsonResponse(410, { errorCode: 2211, errorMessage: 'File deleted', errorData: null }),
    );
    renderConsole(services, LINK);
    expect(await screen.findByText(GONE_TEXT)).toBeTruthy();
    expect(fileRequests()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('asks afresh on Retry after an early answer that failed otherwise', async () => {
    let calls = 0;
    const { services, fileRequests } = consoleAnswering(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse(400, { errorCode: 1, errorMessage: 'Odd', errorData: null })
        : jsonResponse(200, file);
    });
    renderConsole(services, LINK);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText('Unknown error. Please try again')).toBeTruthy();
    act(() => retry.click());
    expect(await screen.findByRole('heading', { level: 1, name: 'Quarterly report.pdf' })).toBeTruthy();
    expect(fileRequests()).toHaveLength(2);
  });
});
