import { seededRandom } from '@/test/seeded-random';
import {
  compareEnglishNames,
  formatShortDate,
  formatUsdCents,
  groupThousands,
  ICU_ASCII_ORDER,
} from './english-format';

// Each function stands in for an Intl call the pages made (decision 032): here they are held to what
// Intl itself says, over many inputs.

describe('compareEnglishNames', () => {
  const collator = new Intl.Collator('en', { sensitivity: 'accent' });
  const sign = (value: number) => Math.sign(value);

  it("holds ICU's order of the printable ASCII characters, as Intl.Collator derives it", () => {
    const characters = Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index)).sort(
      collator.compare,
    );
    const groups: string[] = [];
    for (const character of characters) {
      const last = groups.at(-1);
      if (last !== undefined && collator.compare(last[0] ?? '', character) === 0) {
        groups[groups.length - 1] = last + character;
      } else groups.push(character);
    }
    expect(ICU_ASCII_ORDER).toEqual(groups);
  });

  it('orders 20,000 pairs of ASCII names as Intl.Collator does', () => {
    const random = seededRandom(20261126);
    // Mostly letters and spaces, as names are, with every other printable character now and then.
    const pick = () => {
      const roll = random();
      if (roll < 0.7) return String.fromCharCode((random() < 0.5 ? 65 : 97) + Math.floor(random() * 26));
      if (roll < 0.8) return ' ';
      return String.fromCharCode(32 + Math.floor(random() * 95));
    };
    const name = () => Array.from({ length: 1 + Math.floor(random() * 8) }, pick).join('');
    for (let i = 0; i < 20_000; i++) {
      const a = name();
      // Often a near neighbour: the same name with one character changed, cut or in another case.
      const b = random() < 0.5 ? name() : a.slice(0, Math.floor(random() * a.length)) + name().slice(0, 2);
      expect(sign(compareEnglishNames(a, b)), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(
        sign(collator.compare(a, b)),
      );
    }
  });

  it('leaves names beyond ASCII to the collator: accents count, case does not', () => {
    expect(compareEnglishNames('Zoe', 'Zoë')).toBeLessThan(0);
    expect(compareEnglishNames('Åland', 'Albania')).toBe(sign(collator.compare('Åland', 'Albania')));
    expect(compareEnglishNames('émile', 'Emile')).toBeGreaterThan(0);
    expect(compareEnglishNames('OLIVIA', 'olivia')).toBe(0);
    expect(compareEnglishNames('a\u0007b', 'ab')).toBe(sign(collator.compare('a\u0007b', 'ab')));
  });

  it('makes no Intl collator for ASCII names', () => {
    const made = vi.spyOn(Intl, 'Collator');
    compareEnglishNames('Adam Admin', 'Ben Banned');
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
  });
});

describe('groupThousands', () => {
  it.each([0, 7, 999, 1000, 12_345, 1_234_567, -4_500, 9_007_199_254_740_991])(
    '%d reads as toLocaleString says',
    (value) => {
      expect(groupThousands(value)).toBe(value.toLocaleString('en'));
    },
  );
});

describe('formatShortDate', () => {
  const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

  it('writes every day from 1999 to 2031 as Intl.DateTimeFormat does', () => {
    for (let time = Date.UTC(1999, 0, 1); time < Date.UTC(2031, 0, 1); time += 86_400_000 + 3_600_000) {
      const date = new Date(time);
      expect(formatShortDate(date)).toBe(intl.format(date));
    }
  });

  it('leaves years Intl writes otherwise to Intl', () => {
    const early = new Date(Date.UTC(999, 5, 1));
    expect(formatShortDate(early)).toBe(intl.format(early));
  });
});

describe('formatUsdCents', () => {
  const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

  it('writes amounts as Intl.NumberFormat does', () => {
    const random = seededRandom(7);
    const amounts = [0, 1, 5, 99, 100, 1999, 123_456, -500, -1, 100_000_000_00];
    for (let i = 0; i < 2000; i++) amounts.push(Math.round((random() - 0.2) * 10 ** (1 + random() * 9)) || 0);
    for (const cents of amounts) expect(formatUsdCents(cents)).toBe(intl.format(cents / 100));
  });

  it('answers null where Intl would round or sign a zero', () => {
    expect(formatUsdCents(12.5)).toBeNull();
    expect(formatUsdCents(-0)).toBeNull();
  });
});
