import { describe, expect, it } from 'vitest';
import { isPaddleTransactionId } from './paddle-transaction-id';

describe('isPaddleTransactionId', () => {
  it('takes txn_ and 26 lowercase letters and digits, nothing else', () => {
    expect(isPaddleTransactionId(`txn_${'a1'.repeat(13)}`)).toBe(true);
    for (const bad of [
      '',
      'txn_',
      `txn_${'A1'.repeat(13)}`,
      `txn_${'a'.repeat(25)}`,
      `sub_${'a'.repeat(26)}`,
    ]) {
      expect(isPaddleTransactionId(bad), bad).toBe(false);
    }
    expect(isPaddleTransactionId(`txn_${'a'.repeat(26)}\n`)).toBe(false);
    expect(isPaddleTransactionId(` txn_${'a'.repeat(26)}`)).toBe(false);
  });
});
