import { describe, expect, it } from 'vitest';
import { AVATAR_FALLBACK_COLOR, AVATAR_PALETTE, avatarColor, avatarInitials, hashString } from './avatar';

describe('avatarInitials', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada lovelace', 'AL'],
    ['Ada King Lovelace', 'AL'],
    ['Ada', 'A'],
    ['  Ada   Lovelace  ', 'AL'],
    ['\tAda\n Lovelace ', 'AL'],
    ['émile zola', 'ÉZ'],
    ['Jean-Luc Picard', 'JP'],
  ])('%j -> %j', (name, expected) => {
    expect(avatarInitials(name)).toBe(expected);
  });

  it.each(['', '   ', '\t\n', null, undefined])('blank name %j gives no initials', (name) => {
    expect(avatarInitials(name)).toBe('');
  });

  it('keeps an astral first character whole instead of splitting a surrogate pair', () => {
    expect(avatarInitials('𝒜da 😀smile')).toBe('𝒜😀');
  });
});

describe('avatarColor', () => {
  it('uses the grey fallback for empty initials', () => {
    expect(avatarColor('')).toBe(AVATAR_FALLBACK_COLOR);
  });

  it('is deterministic', () => {
    expect(avatarColor('AL')).toBe(avatarColor('AL'));
    expect(avatarColor(avatarInitials('Ada Lovelace'))).toBe(avatarColor('AL'));
  });

  it('picks the palette entry at hash modulo 20', () => {
    for (const initials of ['A', 'AL', 'ZZ', 'É']) {
      expect(avatarColor(initials)).toBe(AVATAR_PALETTE[hashString(initials) % 20]);
    }
  });

  it('keeps the colours users already see (pinned values)', () => {
    // FNV-1a of known inputs; if this fails, existing avatars would change colour.
    expect(hashString('')).toBe(0x811c9dc5);
    expect(hashString('a')).toBe(0xe40c292c);
    expect(avatarColor('AL')).toBe('#B35900');
  });

  it('reaches every palette colour across two-letter initials', () => {
    const seen = new Set<string>();
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) seen.add(avatarColor(String.fromCharCode(a, b)));
    }
    expect(seen.size).toBe(AVATAR_PALETTE.length);
    expect(seen.has(AVATAR_FALLBACK_COLOR)).toBe(false);
  });
});

describe('AVATAR_PALETTE', () => {
  const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const luminance = (hex: string) => {
    const [r = 0, g = 0, b = 0] = rgb(hex).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };

  it('has 20 distinct hex colours, none of them the fallback grey', () => {
    expect(AVATAR_PALETTE).toHaveLength(20);
    expect(new Set(AVATAR_PALETTE).size).toBe(20);
    for (const colour of AVATAR_PALETTE) expect(colour).toMatch(/^#[0-9A-F]{6}$/);
    expect(AVATAR_PALETTE).not.toContain(AVATAR_FALLBACK_COLOR);
    expect(AVATAR_FALLBACK_COLOR).toMatch(/^#([0-9A-F]{2})\1\1$/);
  });

  it('keeps white initials readable as small text (contrast >= 4.5:1) on every colour', () => {
    for (const colour of [...AVATAR_PALETTE, AVATAR_FALLBACK_COLOR]) {
      expect(1.05 / (luminance(colour) + 0.05), colour).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps neighbouring colours visibly apart (RGB distance >= 40)', () => {
    for (const [i, x] of AVATAR_PALETTE.entries()) {
      for (const y of AVATAR_PALETTE.slice(i + 1)) {
        const [a, b] = [rgb(x), rgb(y)];
        const distance = Math.hypot(...a.map((v, k) => v - (b[k] ?? 0)));
        expect(distance, `${x} vs ${y}`).toBeGreaterThanOrEqual(40);
      }
    }
  });
});
