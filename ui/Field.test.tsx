import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider, useIntl } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { Field } from './Field';
import { fieldMessages } from './fieldMessages';
import { Select } from './Select';

function RequiredEmail({ invalid }: { invalid: boolean }) {
  const intl = useIntl();
  return (
    <Field
      label="Email"
      type="email"
      required
      hint="We send the receipt here"
      error={invalid ? intl.formatMessage(fieldMessages.required) : undefined}
    />
  );
}

afterEach(cleanup);

describe('Field', () => {
  it('labels the input, marks it required and links hint and error to it', () => {
    const { rerender } = render(
      <IntlProvider locale="en-US" defaultLocale="en-US">
        <RequiredEmail invalid={false} />
      </IntlProvider>,
    );
    const input = screen.getByLabelText(/Email/) as HTMLInputElement;
    expect(input.required).toBe(true);
    expect(input.type).toBe('email');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(
      input
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toEqual(['We send the receipt here']);

    rerender(
      <IntlProvider locale="en-US" defaultLocale="en-US">
        <RequiredEmail invalid />
      </IntlProvider>,
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(
      input
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toEqual(['We send the receipt here', 'This field is required']);
  });
});

describe('Select', () => {
  it('offers an empty placeholder choice before the options', () => {
    render(
      <IntlProvider locale="en-US" defaultLocale="en-US">
        <Select
          label="Country"
          placeholder="Choose a country"
          options={[
            { value: 'DE', label: 'Germany' },
            { value: 'FR', label: 'France' },
          ]}
          defaultValue=""
        />
      </IntlProvider>,
    );
    const select = screen.getByLabelText('Country') as HTMLSelectElement;
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ['', 'Choose a country'],
      ['DE', 'Germany'],
      ['FR', 'France'],
    ]);
    expect(select.value).toBe('');
  });
});
