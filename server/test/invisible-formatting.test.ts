import { describe, expect, it } from 'vitest';
import { cleanProvidedName, hasNoInvisibleFormatting } from '../src/http/invisible-formatting';

// Names that read otherwise than they are: every bidi control (the marks LRM, RLM and ALM too), the
// zero-width characters, and the line and paragraph separators that break a one-line name.
const MARKS = {
  lrm: '\u200E',
  rlm: '\u200F',
  alm: '\u061C',
  lineSeparator: '\u2028',
  paragraphSeparator: '\u2029',
  rlo: '\u202E',
  zeroWidthSpace: '\u200B',
  isolate: '\u2066',
  bom: '\uFEFF',
};

describe('typed names', () => {
  it.each(Object.entries(MARKS))('refuse %s', (_name, mark) => {
    expect(hasNoInvisibleFormatting(`Ann${mark}Lee`)).toBe(false);
  });

  it('take letters of every script, spaces and punctuation', () => {
    for (const name of [
      'Grace Hopper',
      'Zoë O’Brien-Smith',
      'علي بن أحمد',
      'עדה',
      '李小龍',
      'Acme, Inc. (EU)',
    ]) {
      expect(hasNoInvisibleFormatting(name), name).toBe(true);
    }
  });
});

describe("a provider's name", () => {
  it('loses the marks, and reads a separator as a space', () => {
    expect(cleanProvidedName('\u200FGrace\u200E Hopper\u061C', 200)).toBe('Grace Hopper');
    expect(cleanProvidedName('Grace\u2028Hopper', 200)).toBe('Grace Hopper');
    expect(cleanProvidedName('Grace \u2029\n Hopper', 200)).toBe('Grace Hopper');
    expect(cleanProvidedName('\u200E\u2028\u200F', 200)).toBe('');
    expect(hasNoInvisibleFormatting(cleanProvidedName(Object.values(MARKS).join('x'), 200))).toBe(true);
  });
});
