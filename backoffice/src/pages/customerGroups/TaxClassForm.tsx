import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { messageOf } from '../../common/errorText';
import { CheckboxField } from '../../common/form';

// A customer tax class for groups to take. Unticked "taxed": the shop's tax rates do not apply to
// the customers of a group with this class (resellers who pay no sales tax, say).

const CreateTaxClassMutation = graphql(`
  mutation CreateCustomerTaxClass($name: String!, $taxed: Boolean!) {
    createCustomerTaxClass(name: $name, taxed: $taxed) {
      id
      name
      taxed
    }
  }
`);

export function TaxClassForm({ onCreated }: { onCreated: () => void }) {
  const intl = useIntl();
  const [name, setName] = useState('');
  const [taxed, setTaxed] = useState(true);
  const [invalid, setInvalid] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = name.trim() ? undefined : intl.formatMessage(fieldMessages.required);
    setInvalid(problem);
    if (problem) return;
    setRunning(true);
    setError(null);
    try {
      await request(CreateTaxClassMutation, { name: name.trim(), taxed });
      setName('');
      setTaxed(true);
      onCreated();
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setRunning(false);
    }
  };
  return (
    <form className="bo-card" onSubmit={(event) => void submit(event)} aria-labelledby="tax-class-add" noValidate>
      <h2 id="tax-class-add">
        <FormattedMessage id="backoffice.groups.taxClassTitle" defaultMessage="Add a customer tax class" />
      </h2>
      <div className="bo-form-row">
        <Field
          label={intl.formatMessage({ id: 'backoffice.groups.taxClassName', defaultMessage: 'Tax class name' })}
          name="name"
          autoComplete="off"
          required
          value={name}
          error={invalid}
          onChange={(event) => setName(event.target.value)}
        />
        <CheckboxField name="taxed" checked={taxed} onChange={setTaxed}>
          <FormattedMessage
            id="backoffice.groups.taxed"
            defaultMessage="The shop's tax rates apply to these customers"
          />
        </CheckboxField>
      </div>
      {error && (
        <p className="bo-inline-error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" busy={running}>
        <FormattedMessage id="backoffice.groups.taxClassAdd" defaultMessage="Add the tax class" />
      </Button>
    </form>
  );
}
