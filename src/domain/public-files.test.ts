import { describe, expect, it } from 'vitest';
import {
  fileIconKind,
  formatFileSize,
  isExecutableFileName,
  isWellFormedPublicFileLink,
  PUBLIC_FILE_GONE_TEXT,
  publicFileErrorKind,
  publicFileErrorText,
  timeLeftText,
} from './public-files';

const apiError = (status: number, code: number | null) => ({ status, code, message: 'x', data: null });

describe('publicFileErrorKind and its text', () => {
  it('maps the server codes to spec section 4 kinds', () => {
    expect(publicFileErrorKind(apiError(410, 2210))).toBe('expired');
    expect(publicFileErrorKind(apiError(410, 2211))).toBe('deleted');
    expect(publicFileErrorKind(apiError(404, 2200))).toBe('not_found');
    expect(publicFileErrorKind(apiError(400, 10))).toBe('validation');
    expect(publicFileErrorKind(apiError(500, 1))).toBe('other');
    expect(publicFileErrorKind(apiError(502, null))).toBe('other');
    expect(publicFileErrorKind(new TypeError('Failed to fetch'))).toBe('other');
  });

  it("uses spec section 8's texts", () => {
    for (const kind of ['expired', 'deleted', 'not_found'] as const) {
      expect(publicFileErrorText(kind)).toBe(PUBLIC_FILE_GONE_TEXT);
    }
    expect(PUBLIC_FILE_GONE_TEXT).toBe(
      'The file is not available for downloading because it was deleted by the sender',
    );
    expect(publicFileErrorText('validation')).toBe(
      'Invalid URL, please ask the sender to send it to you again',
    );
    expect(publicFileErrorText('other')).toBe('Unknown error. Please try again');
  });
});

describe('isWellFormedPublicFileLink', () => {
  const key = 'AbCdEfGhIjKlMnOpQrSt_-';
  const secret = `${'a'.repeat(43)}=`;
  it('accepts a key of 22 base64url characters and a secret of the spec form', () => {
    expect(isWellFormedPublicFileLink(key, secret)).toBe(true);
  });
  it.each([
    [key, null],
    [key, 'abc='],
    [key, `${'a'.repeat(43)}`],
    ['short', secret],
    [undefined, secret],
    [`${key}x`, secret],
  ])('refuses %s with %s', (fileKey, s) => {
    expect(isWellFormedPublicFileLink(fileKey, s)).toBe(false);
  });
});

describe('isExecutableFileName', () => {
  it.each([
    'setup.exe',
    'Installer.MSI',
    'run.bat',
    'x.cmd',
    'install.sh',
    'Spark.app',
    'Spark.dmg',
    'a.pkg',
    'tool.jar',
    'app.apk',
    'script.ps1',
  ])('%s is executable', (name) => {
    expect(isExecutableFileName(name)).toBe(true);
  });
  it.each(['report.pdf', 'photo.jpg', 'archive.zip', 'exe', '.bashrc', 'notes.txt', 'data.bin'])(
    '%s is not',
    (name) => {
      expect(isExecutableFileName(name)).toBe(false);
    },
  );
});

describe('fileIconKind', () => {
  it.each([
    ['a.PNG', 'image'],
    ['b.mov', 'video'],
    ['c.mp3', 'audio'],
    ['d.tar.gz', 'archive'],
    ['e.pdf', 'pdf'],
    ['f.docx', 'document'],
    ['g.csv', 'spreadsheet'],
    ['h.key', 'presentation'],
    ['i.json', 'code'],
    ['setup.exe', 'executable'],
    ['README', 'file'],
  ])('%s shows the %s icon', (name, kind) => {
    expect(fileIconKind(name)).toBe(kind);
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [1023, '1023 bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [10 * 1024 * 1024 + 100_000, '10.1 MB'],
    [2 * 1024 ** 3, '2 GB'],
    [150 * 1024 ** 3, '150 GB'],
    [5 * 1024 ** 4, '5 TB'],
  ])('%d bytes reads %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('timeLeftText', () => {
  const now = Date.UTC(2026, 0, 1);
  const at = (seconds: number) => now / 1000 + seconds;
  it.each([
    [3 * 86_400 + 5, 'in 3 days'],
    [86_400, 'in 1 day'],
    [5 * 3600 + 59, 'in 5 hours'],
    [61, 'in 1 minute'],
    [59, 'in less than a minute'],
    [0, 'now'],
    [-10, 'now'],
  ])('%d seconds left reads %s', (seconds, text) => {
    expect(timeLeftText(at(seconds), now)).toBe(text);
  });

  it('says what Intl.RelativeTimeFormat says in English, from a minute to a year', () => {
    const intl = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
    const steps = [
      ['day', 86_400],
      ['hour', 3_600],
      ['minute', 60],
    ] as const;
    for (let seconds = 60; seconds < 366 * 86_400; seconds = Math.ceil(seconds * 1.07) + 1) {
      const [unit, size] = steps.find(([, size]) => seconds >= size) ?? steps[2];
      expect(timeLeftText(at(seconds), now)).toBe(intl.format(Math.floor(seconds / size), unit));
    }
  });
});
