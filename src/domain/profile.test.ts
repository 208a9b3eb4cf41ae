import { describe, expect, it } from 'vitest';
import { fullNameError } from './profile';

describe('fullNameError', () => {
  it("refuses an empty or blank full name with field fullName, 'must not be empty'", () => {
    expect(fullNameError('')).toEqual({ field: 'fullName', message: 'must not be empty' });
    expect(fullNameError('  ')).toEqual({ field: 'fullName', message: 'must not be empty' });
  });

  it('accepts any other name', () => {
    expect(fullNameError(' Ada ')).toBeNull();
  });
});
