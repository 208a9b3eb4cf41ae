import { describe, expect, it } from 'vitest';
import { fieldErrorText, humanizeField, serverFieldErrorText, validationFieldErrors } from './field-errors';

const validation = (data: unknown) => ({ status: 400, code: 10, message: 'Validation error', data });

describe('humanizeField', () => {
  it('names the billing details fields by their form labels, not their keys', () => {
    expect(humanizeField('line1')).toBe('Address 1');
    expect(humanizeField('line2')).toBe('Address 2');
    expect(humanizeField('postalCode')).toBe('ZIP / Postal Code');
    expect(humanizeField('vatId')).toBe('VAT Number');
    expect(humanizeField('customer.line1')).toBe('Address 1');
    expect(fieldErrorText({ field: 'line1', message: 'must not be empty' })).toBe(
      'Address 1 must not be empty',
    );
  });

  it('turns a field name into words in sentence case', () => {
    expect(humanizeField('name')).toBe('Name');
    expect(humanizeField('email')).toBe('Email');
    expect(humanizeField('fullName')).toBe('Full name');
    expect(humanizeField('vat_id')).toBe('Vat id');
    expect(humanizeField('Team name')).toBe('Team name');
  });

  it('names a field inside a list body by its last segment', () => {
    expect(humanizeField('0.email')).toBe('Email');
    expect(humanizeField('[1].email')).toBe('Email');
  });
});

describe('fieldErrorText', () => {
  it('reads as the humanized field plus the message (spec section 5)', () => {
    expect(fieldErrorText({ field: 'name', message: 'must not be empty' })).toBe('Name must not be empty');
    expect(fieldErrorText({ field: 'fullName', message: 'must not be empty' })).toBe(
      'Full name must not be empty',
    );
    expect(fieldErrorText({ field: 'email', message: 'is invalid' })).toBe('Email is invalid');
    expect(fieldErrorText({ field: 'Team name', message: 'is incorrect' })).toBe('Team name is incorrect');
    expect(fieldErrorText({ field: 'file', message: 'is too large' })).toBe('File is too large');
  });

  it('lets a message that is a sentence of its own read alone', () => {
    expect(fieldErrorText({ field: 'file', message: 'PNG, JPG only' })).toBe('PNG, JPG only');
  });
});

describe('validationFieldErrors', () => {
  it('lists the well-formed entries of a validation error', () => {
    expect(
      validationFieldErrors(validation([{ field: 'name', message: 'is invalid' }, { field: 1 }])),
    ).toEqual([{ field: 'name', message: 'is invalid' }]);
  });

  it('has none for any other failure', () => {
    expect(validationFieldErrors({ status: 403, code: 1700, message: 'denied', data: [] })).toEqual([]);
    expect(validationFieldErrors(validation(null))).toEqual([]);
    expect(validationFieldErrors(new TypeError('network'))).toEqual([]);
  });
});

describe('serverFieldErrorText', () => {
  it('shows the complaint about the field asked for, wherever it sits in a list body', () => {
    for (const field of ['email', '0.email', '[1].email']) {
      expect(serverFieldErrorText(validation([{ field, message: 'is invalid' }]), 'email')).toBe(
        'Email is invalid',
      );
    }
  });

  it('is null when no entry is about that field, or the failure is not a validation error', () => {
    expect(serverFieldErrorText(validation([{ field: 'name', message: 'is invalid' }]), 'email')).toBeNull();
    expect(serverFieldErrorText(new TypeError('network'), 'email')).toBeNull();
  });
});
