import { describe, expect, it } from 'vitest';
import { UPLOAD_SECRET_PATTERN } from './public-files';
import { generateUploadSecret } from './upload-secret';

describe('generateUploadSecret', () => {
  it('makes 43 alphanumerics plus =', () => {
    const secret = generateUploadSecret((bytes) => crypto.getRandomValues(bytes));
    expect(secret).toMatch(UPLOAD_SECRET_PATTERN);
    expect(secret).not.toBe(generateUploadSecret((bytes) => crypto.getRandomValues(bytes)));
  });

  it('throws away bytes of 248 and up, so no character is favoured', () => {
    // 248..255 would map to A..H a second time; they must be skipped, not used.
    let call = 0;
    const secret = generateUploadSecret((bytes) => {
      call++;
      return bytes.fill(call === 1 ? 250 : 61);
    });
    expect(call).toBe(2);
    expect(secret).toBe(`${'9'.repeat(43)}=`);
  });
});
