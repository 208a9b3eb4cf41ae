import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { COUNTRIES, US_COUNTRY_CODE, US_STATES } from '@/domain/countries';
import type { Customer } from '@/domain/entities';
import type { FieldError } from '@/domain/error-codes';
import { fieldErrorText } from '@/domain/field-errors';
import { isEuCountry } from '@/domain/vat';

export interface BillingDetailsFormProps {
  /** The saved details, or null before the first save. */
  initial: Customer | null;
  /** The client rules' or the server's complaints, by Customer field. */
  fieldErrors: FieldError[];
  /** 'Update Details', 'Next' or 'Request Free Upgrade'. */
  submitLabel: string;
  busy: boolean;
  onSubmit: (customer: Customer) => void;
}

const EMPTY: Customer = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  postalCode: '',
  country: '',
  vatId: '',
};

const COUNTRY_OPTIONS = COUNTRIES.map(({ code, name }) => ({ value: code, label: name }));
const US_STATE_OPTIONS = US_STATES.map(({ code, name }) => ({ value: code, label: name }));

/**
 * The Billing Details step (spec sections 2 and 5): Name, Address 1 and 2, City, Country, State (a
 * select for the US, text elsewhere), ZIP / Postal Code, and VAT Number for EU countries only. The
 * values go out as typed; the flow normalises and checks them, and its errors come back by field.
 */
export function BillingDetailsForm({
  initial,
  fieldErrors,
  submitLabel,
  busy,
  onSubmit,
}: BillingDetailsFormProps) {
  const form = useForm<Customer>({ mode: 'controlled', initialValues: { ...EMPTY, ...initial } });
  const { setErrors } = form;
  useEffect(() => {
    setErrors(Object.fromEntries(fieldErrors.map((error) => [error.field, fieldErrorText(error)])));
  }, [fieldErrors, setErrors]);
  const country = form.values.country;
  const isUs = country === US_COUNTRY_CODE;

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(values))} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" autoComplete="organization" {...form.getInputProps('name')} />
        <TextInput label="Address 1" autoComplete="address-line1" {...form.getInputProps('line1')} />
        <TextInput label="Address 2" autoComplete="address-line2" {...form.getInputProps('line2')} />
        <TextInput label="City" autoComplete="address-level2" {...form.getInputProps('city')} />
        <Select
          label="Country"
          data={COUNTRY_OPTIONS}
          searchable
          allowDeselect={false}
          {...form.getInputProps('country')}
          onChange={(value) => {
            form.setFieldValue('country', value ?? '');
            // A state of another country's list would be wrong in the new one.
            if ((value === US_COUNTRY_CODE) !== isUs) form.setFieldValue('state', '');
          }}
        />
        {isUs ? (
          <Select
            label="State"
            data={US_STATE_OPTIONS}
            searchable
            allowDeselect={false}
            {...form.getInputProps('state')}
          />
        ) : (
          <TextInput label="State" autoComplete="address-level1" {...form.getInputProps('state')} />
        )}
        <TextInput
          label="ZIP / Postal Code"
          autoComplete="postal-code"
          {...form.getInputProps('postalCode')}
        />
        {isEuCountry(country) && <TextInput label="VAT Number" {...form.getInputProps('vatId')} />}
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
