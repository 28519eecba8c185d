import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { FormFooter, Section, type FieldErrors, useFormSave } from '../../common/form';
import { type Column, DataTable } from '../../common/list/DataTable';
import { useT } from '../../common/useT';
import { s } from './storeMessages';

const SaveCurrencyRate = graphql(`
  mutation SaveCurrencyRate($currency: String!, $rate: String!) {
    saveCurrencyRate(currency: $currency, rate: $rate) {
      currency
      rate
    }
  }
`);

interface Rate {
  currency: string;
  rate: number;
}

/** The same rule as the server's: a plain decimal, no exponent, 6 decimals at most. */
const DECIMAL = /^\d{1,7}(\.\d{1,6})?$/;

/** The rates from the base currency, and for owners a form to add one or change one. */
export function CurrencyRatesSection({
  baseCurrency,
  rates,
  readOnly,
  onSaved,
}: {
  baseCurrency: string;
  rates: readonly Rate[];
  readOnly: boolean;
  onSaved: (rate: Rate) => void;
}) {
  const t = useT();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState({ currency: '', rate: '' });
  const { errors, formError, saving, save } = useFormSave(formRef, null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || readOnly) return;
    const currency = draft.currency.trim().toUpperCase();
    const rate = draft.rate.trim();
    const found: FieldErrors = {
      currency: /^[A-Z]{3}$/.test(currency) && currency !== baseCurrency ? undefined : t(s.rateCurrencyInvalid),
      rate: DECIMAL.test(rate) && Number(rate) > 0 ? undefined : t(s.rateInvalid),
    };
    void save(found, async () => {
      const saved = (await request(SaveCurrencyRate, { currency, rate })).saveCurrencyRate;
      toast.show(t(s.rateSaved, { currency: saved.currency }), { tone: 'success' });
      setDraft({ currency: '', rate: '' });
      onSaved(saved);
    });
  };
  const change = (rate: Rate) => {
    setDraft({ currency: rate.currency, rate: String(rate.rate) });
    formRef.current?.querySelector<HTMLInputElement>('input[name="rate"]')?.focus();
  };
  const columns: Column<Rate>[] = [
    { key: 'currency', header: t(s.rateCurrency), rowHeader: true, cell: (r) => r.currency },
    {
      key: 'rate',
      header: t(s.rate),
      numeric: true,
      cell: (r) => (r.currency === baseCurrency ? `1 (${t(s.base)})` : String(r.rate)),
    },
  ];
  if (!readOnly)
    columns.push({
      key: 'change',
      header: <span className="visually-hidden">{t(s.change)}</span>,
      cell: (r) =>
        r.currency === baseCurrency ? null : (
          <Button variant="secondary" aria-label={t(s.changeRate, { currency: r.currency })} onClick={() => change(r)}>
            {t(s.change)}
          </Button>
        ),
    });
  return (
    <Section id="stores-rates" title={t(s.rates)}>
      <p className="bo-muted">{t(s.ratesIntro, { base: baseCurrency })}</p>
      <DataTable
        caption={t(s.ratesCaption, { base: baseCurrency })}
        columns={columns}
        rows={rates}
        rowKey={(r) => r.currency}
      />
      {!readOnly && (
        <form ref={formRef} onSubmit={submit} noValidate aria-label={t(s.saveRate)}>
          <div className="bo-form-row">
            <Field
              label={t(s.rateCurrency)}
              name="currency"
              required
              hint={t(s.rateCurrencyHint)}
              value={draft.currency}
              error={errors.currency}
              autoCapitalize="characters"
              maxLength={3}
              onChange={(event) => setDraft({ ...draft, currency: event.target.value })}
            />
            <Field
              label={t(s.rateValue, { base: baseCurrency })}
              name="rate"
              required
              inputMode="decimal"
              value={draft.rate}
              error={errors.rate}
              onChange={(event) => setDraft({ ...draft, rate: event.target.value })}
            />
          </div>
          <FormFooter error={formError} saving={saving} label={t(s.saveRate)} />
        </form>
      )}
    </Section>
  );
}
