import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, type ReactNode, type RefObject, useRef, useState } from 'react';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import { focusFirstInvalid } from '@vela/ui/focusFirstInvalid';
import { Icon } from '@vela/ui/Icon';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import type {
  PaymentSettingsFieldsFragment,
  SettingsCountriesQuery,
  ShippingSettingsFieldsFragment,
  StoreSettingsFieldsFragment,
  TaxRateFieldsFragment,
} from '../__generated__/graphql';
import { ApiError, request } from '../api/client';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { PageHeading } from '../common/PageHeading';
import { ErrorMessage, Loading } from '../common/ui';
import { messageOf } from '../common/errorText';

graphql(`
  fragment StoreSettingsFields on StoreSettings {
    name
    contactEmail
  }
`);

graphql(`
  fragment ShippingSettingsFields on ShippingSettings {
    baseCurrency
    carriers {
      code
      kind
      active
      title
      methodTitle
      price {
        value
      }
      priceType
      freeThreshold {
        value
      }
      tableRates {
        countryId
        price {
          value
        }
      }
    }
  }
`);

graphql(`
  fragment TaxRateFields on TaxRateSetting {
    id
    countryId
    region {
      id
    }
    ratePercent
    label
  }
`);

graphql(`
  fragment PaymentSettingsFields on PaymentMethodSetting {
    code
    title
    active
  }
`);

const SettingsQuery = graphql(`
  query Settings {
    settings {
      store {
        ...StoreSettingsFields
      }
      shipping {
        ...ShippingSettingsFields
      }
      taxRates {
        ...TaxRateFields
      }
      paymentMethods {
        ...PaymentSettingsFields
      }
    }
  }
`);

const SettingsCountries = graphql(`
  query SettingsCountries {
    settingsCountries {
      id
      name
      regions {
        id
        name
      }
    }
  }
`);

const UpdateStoreSettings = graphql(`
  mutation UpdateStoreSettings($input: StoreSettingsInput!) {
    updateStoreSettings(input: $input) {
      ...StoreSettingsFields
    }
  }
`);

const UpdateShippingSettings = graphql(`
  mutation UpdateShippingSettings($carriers: [ShippingCarrierInput!]!) {
    updateShippingSettings(carriers: $carriers) {
      ...ShippingSettingsFields
    }
  }
`);

const UpdateTaxRates = graphql(`
  mutation UpdateTaxRates($rates: [TaxRateInput!]!) {
    updateTaxRates(rates: $rates) {
      ...TaxRateFields
    }
  }
`);

const UpdatePaymentSettings = graphql(`
  mutation UpdatePaymentSettings($methods: [PaymentMethodSettingInput!]!) {
    updatePaymentSettings(methods: $methods) {
      ...PaymentSettingsFields
    }
  }
`);

type Countries = SettingsCountriesQuery['settingsCountries'];
type Errors = Record<string, string | undefined>;

const REQUIRED = 'This field is required';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The table rate's row for every country without its own (the server stores it as "*"). */
const ALL_OTHERS = '*';

/** An amount typed by hand (12.5 or 12,5): the number, or why it is not one. */
function amountOf(text: string): number | string {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return REQUIRED;
  const n = Number(trimmed);
  if (!Number.isFinite(n)) return 'Enter an amount such as 5.00.';
  if (n < 0) return 'It must not be negative.';
  return n;
}

/**
 * A form's save: runs `send`, shows the server's refusal beside the field it names (or above the
 * button), and says so when it worked.
 */
function useSave(formRef: RefObject<HTMLFormElement | null>, done: string) {
  const toast = useToast();
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async (found: Errors, send: () => Promise<void>) => {
    setErrors(found);
    setFormError(null);
    if (Object.values(found).some(Boolean)) {
      focusFirstInvalid(formRef);
      return;
    }
    setSaving(true);
    try {
      await send();
      toast.show(done, { tone: 'success' });
    } catch (caught) {
      if (caught instanceof ApiError && caught.field && caught.category === 'graphql-input') {
        setErrors({ [caught.field]: caught.message });
        setFormError(caught.message);
        focusFirstInvalid(formRef);
      } else setFormError(messageOf(caught));
    } finally {
      setSaving(false);
    }
  };
  return { errors, formError, saving, save };
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="bo-card bo-settings-section">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function FormFooter({
  error,
  saving,
  readOnly,
  label,
}: {
  error: string | null;
  saving: boolean;
  readOnly: boolean;
  label: string;
}) {
  if (readOnly) return null;
  return (
    <div className="bo-settings-footer">
      {error && (
        <p className="bo-inline-error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" busy={saving}>
        {label}
      </Button>
    </div>
  );
}

export function SettingsPage() {
  const me = useStaff();
  const { data, error, loading, refetch } = useQuery(SettingsQuery);
  const countries = useQuery(SettingsCountries);
  const readOnly = me.role !== 'OWNER';
  const settings = data?.settings;
  return (
    <>
      <PageHeading title="Settings">Settings</PageHeading>
      {readOnly && <p className="bo-notice">Only owners change settings; you can read them.</p>}
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {countries.error && <ErrorMessage onRetry={countries.refetch}>{countries.error.message}</ErrorMessage>}
      {(!settings || !countries.data) && (loading || countries.loading) && <Loading label="Loading the settings…" />}
      {settings && countries.data && (
        <>
          <StoreForm store={settings.store} readOnly={readOnly} />
          <ShippingForm shipping={settings.shipping} countries={countries.data.settingsCountries} readOnly={readOnly} />
          <TaxForm rates={settings.taxRates} countries={countries.data.settingsCountries} readOnly={readOnly} />
          <PaymentForm methods={settings.paymentMethods} readOnly={readOnly} />
        </>
      )}
    </>
  );
}

function StoreForm({ store, readOnly }: { store: StoreSettingsFieldsFragment; readOnly: boolean }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState({ name: store.name, contactEmail: store.contactEmail });
  const { errors, formError, saving, save } = useSave(formRef, 'The store settings are saved.');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || readOnly) return;
    const name = draft.name.trim();
    const contactEmail = draft.contactEmail.trim();
    const found: Errors = {
      name: name ? undefined : REQUIRED,
      contactEmail: !contactEmail
        ? REQUIRED
        : EMAIL.test(contactEmail)
          ? undefined
          : 'Enter an e-mail address such as name@example.com.',
    };
    void save(found, async () => {
      const saved = (await request(UpdateStoreSettings, { input: { name, contactEmail } })).updateStoreSettings;
      setDraft({ name: saved.name, contactEmail: saved.contactEmail });
    });
  };
  return (
    <Section id="settings-store" title="Store">
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="settings-store">
        <div className="bo-form-row">
          <Field
            label="Store name"
            name="name"
            required
            readOnly={readOnly}
            hint="Shown on the storefront and in the shop's e-mails."
            value={draft.name}
            error={errors.name}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          />
          <Field
            label="Contact e-mail"
            name="contactEmail"
            type="email"
            required
            readOnly={readOnly}
            hint="Messages from the contact form go here."
            value={draft.contactEmail}
            error={errors.contactEmail}
            onChange={(event) => setDraft({ ...draft, contactEmail: event.target.value })}
          />
        </div>
        <FormFooter error={formError} saving={saving} readOnly={readOnly} label="Save store settings" />
      </form>
    </Section>
  );
}

type Carrier = ShippingSettingsFieldsFragment['carriers'][number];

interface CarrierDraft {
  code: string;
  kind: Carrier['kind'];
  active: boolean;
  title: string;
  methodTitle: string;
  price: string;
  priceType: 'PER_ITEM' | 'PER_ORDER';
  freeThreshold: string;
  rates: Array<{ key: number; countryId: string; price: string }>;
}

let nextRowKey = 1;

function carrierDraft(carrier: Carrier): CarrierDraft {
  return {
    code: carrier.code,
    kind: carrier.kind,
    active: carrier.active,
    title: carrier.title,
    methodTitle: carrier.methodTitle,
    price: carrier.price ? String(carrier.price.value) : '',
    priceType: carrier.priceType ?? 'PER_ORDER',
    freeThreshold: carrier.freeThreshold ? String(carrier.freeThreshold.value) : '',
    rates: carrier.tableRates.map((rate) => ({
      key: nextRowKey++,
      countryId: rate.countryId ?? ALL_OTHERS,
      price: String(rate.price.value),
    })),
  };
}

function ShippingForm({
  shipping,
  countries,
  readOnly,
}: {
  shipping: ShippingSettingsFieldsFragment;
  countries: Countries;
  readOnly: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [drafts, setDrafts] = useState(() => shipping.carriers.map(carrierDraft));
  const { errors, formError, saving, save } = useSave(formRef, 'The shipping settings are saved.');
  const currency = shipping.baseCurrency;
  const countryOptions = [
    { value: ALL_OTHERS, label: 'All other countries' },
    ...countries.map((c) => ({ value: c.id, label: c.name })),
  ];
  const change = (index: number, next: Partial<CarrierDraft>) =>
    setDrafts((list) => list.map((d, i) => (i === index ? { ...d, ...next } : d)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || readOnly) return;
    const found: Errors = {};
    const inputs = drafts.map((d) => {
      const field = (name: string) => `carriers.${d.code}.${name}`;
      if (!d.title.trim()) found[field('title')] = REQUIRED;
      if (!d.methodTitle.trim()) found[field('methodTitle')] = REQUIRED;
      const price = d.kind === 'FLAT_RATE' ? amountOf(d.price) : 0;
      if (typeof price === 'string') found[field('price')] = price;
      const threshold = d.kind === 'FREE_SHIPPING' ? amountOf(d.freeThreshold) : 0;
      if (typeof threshold === 'string') found[field('freeThreshold')] = threshold;
      const seen = new Set<string>();
      const rates = d.rates.map((rate, index) => {
        const amount = amountOf(rate.price);
        if (typeof amount === 'string') found[field(`tableRates.${index}.price`)] = amount;
        if (seen.has(rate.countryId))
          found[field(`tableRates.${index}.countryId`)] = 'This country has a row already; keep one.';
        seen.add(rate.countryId);
        return { countryId: rate.countryId === ALL_OTHERS ? null : rate.countryId, price: Number(amount) };
      });
      return {
        code: d.code,
        active: d.active,
        title: d.title.trim(),
        methodTitle: d.methodTitle.trim(),
        price: d.kind === 'FLAT_RATE' ? Number(price) : null,
        priceType: d.kind === 'FLAT_RATE' ? d.priceType : null,
        freeThreshold: d.kind === 'FREE_SHIPPING' ? Number(threshold) : null,
        tableRates: d.kind === 'TABLE_RATE' ? rates : null,
      };
    });
    void save(found, async () => {
      const saved = (await request(UpdateShippingSettings, { carriers: inputs })).updateShippingSettings;
      setDrafts(saved.carriers.map(carrierDraft));
    });
  };

  return (
    <Section id="settings-shipping" title="Shipping">
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="settings-shipping">
        <p className="bo-muted">Prices are in {currency}; carts in another currency convert them.</p>
        {drafts.map((d, index) => {
          const field = (name: string) => `carriers.${d.code}.${name}`;
          return (
            <fieldset key={d.code} className="bo-fieldset bo-settings-group">
              <legend>{d.title || d.code}</legend>
              <label className="bo-check">
                <input
                  type="checkbox"
                  name={`${d.code}-active`}
                  checked={d.active}
                  disabled={readOnly}
                  onChange={(event) => change(index, { active: event.target.checked })}
                />
                Offered at checkout
              </label>
              <div className="bo-form-row">
                <Field
                  label="Carrier title"
                  name={`${d.code}-title`}
                  required
                  readOnly={readOnly}
                  value={d.title}
                  error={errors[field('title')]}
                  onChange={(event) => change(index, { title: event.target.value })}
                />
                <Field
                  label="Method title"
                  name={`${d.code}-methodTitle`}
                  required
                  readOnly={readOnly}
                  value={d.methodTitle}
                  error={errors[field('methodTitle')]}
                  onChange={(event) => change(index, { methodTitle: event.target.value })}
                />
                {d.kind === 'FLAT_RATE' && (
                  <>
                    <Field
                      label={`Price (${currency})`}
                      name={`${d.code}-price`}
                      inputMode="decimal"
                      required
                      readOnly={readOnly}
                      value={d.price}
                      error={errors[field('price')]}
                      onChange={(event) => change(index, { price: event.target.value })}
                    />
                    <Select
                      label="Charged"
                      name={`${d.code}-priceType`}
                      disabled={readOnly}
                      options={[
                        { value: 'PER_ITEM', label: 'Per item' },
                        { value: 'PER_ORDER', label: 'Per order' },
                      ]}
                      value={d.priceType}
                      error={errors[field('priceType')]}
                      onChange={(event) =>
                        change(index, { priceType: event.target.value as CarrierDraft['priceType'] })
                      }
                    />
                  </>
                )}
                {d.kind === 'FREE_SHIPPING' && (
                  <Field
                    label={`Free from a subtotal of (${currency})`}
                    name={`${d.code}-freeThreshold`}
                    inputMode="decimal"
                    required
                    readOnly={readOnly}
                    hint="After discounts."
                    value={d.freeThreshold}
                    error={errors[field('freeThreshold')]}
                    onChange={(event) => change(index, { freeThreshold: event.target.value })}
                  />
                )}
              </div>
              {d.kind === 'TABLE_RATE' && (
                <TableRates
                  draft={d}
                  currency={currency}
                  countryOptions={countryOptions}
                  errors={errors}
                  readOnly={readOnly}
                  onChange={(rates) => change(index, { rates })}
                />
              )}
            </fieldset>
          );
        })}
        <FormFooter error={formError} saving={saving} readOnly={readOnly} label="Save shipping settings" />
      </form>
    </Section>
  );
}

function TableRates({
  draft,
  currency,
  countryOptions,
  errors,
  readOnly,
  onChange,
}: {
  draft: CarrierDraft;
  currency: string;
  countryOptions: Array<{ value: string; label: string }>;
  errors: Errors;
  readOnly: boolean;
  onChange: (rates: CarrierDraft['rates']) => void;
}) {
  const nameOf = (id: string) => countryOptions.find((o) => o.value === id)?.label ?? id;
  const field = (index: number, name: string) => `carriers.${draft.code}.tableRates.${index}.${name}`;
  return (
    <div className="bo-settings-rows">
      <h3>Price by destination</h3>
      {draft.rates.length === 0 && <p className="bo-muted">No rows: this method is offered nowhere.</p>}
      {draft.rates.map((rate, index) => (
        <div key={rate.key} className="bo-settings-row">
          <Select
            label={`Destination ${index + 1}`}
            name={`${draft.code}-rate-${index}-country`}
            disabled={readOnly}
            options={countryOptions}
            value={rate.countryId}
            error={errors[field(index, 'countryId')]}
            onChange={(event) =>
              onChange(draft.rates.map((r) => (r.key === rate.key ? { ...r, countryId: event.target.value } : r)))
            }
          />
          <Field
            label={`Price for ${nameOf(rate.countryId)} (${currency})`}
            name={`${draft.code}-rate-${index}-price`}
            inputMode="decimal"
            required
            readOnly={readOnly}
            value={rate.price}
            error={errors[field(index, 'price')]}
            onChange={(event) =>
              onChange(draft.rates.map((r) => (r.key === rate.key ? { ...r, price: event.target.value } : r)))
            }
          />
          {!readOnly && (
            <Button
              variant="ghost"
              className="bo-settings-remove"
              aria-label={`Remove the row for ${nameOf(rate.countryId)}`}
              onClick={() => onChange(draft.rates.filter((r) => r.key !== rate.key))}
            >
              <Icon icon={Trash2} size={18} />
              Remove
            </Button>
          )}
        </div>
      ))}
      {!readOnly && (
        <Button
          variant="secondary"
          onClick={() => {
            const used = new Set(draft.rates.map((r) => r.countryId));
            const free = countryOptions.find((o) => !used.has(o.value))?.value ?? ALL_OTHERS;
            onChange([...draft.rates, { key: nextRowKey++, countryId: free, price: '' }]);
          }}
        >
          <Icon icon={Plus} size={18} />
          Add a destination
        </Button>
      )}
    </div>
  );
}

interface TaxDraft {
  key: number;
  id: string | null;
  countryId: string;
  regionId: string;
  ratePercent: string;
  label: string;
}

const taxDraft = (rate: TaxRateFieldsFragment): TaxDraft => ({
  key: nextRowKey++,
  id: rate.id,
  countryId: rate.countryId,
  regionId: rate.region?.id ?? '',
  ratePercent: String(rate.ratePercent),
  label: rate.label,
});

function TaxForm({
  rates,
  countries,
  readOnly,
}: {
  rates: readonly TaxRateFieldsFragment[];
  countries: Countries;
  readOnly: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [drafts, setDrafts] = useState(() => rates.map(taxDraft));
  const { errors, formError, saving, save } = useSave(formRef, 'The tax rates are saved.');
  const countryOptions = countries.map((c) => ({ value: c.id, label: c.name }));
  const change = (key: number, next: Partial<TaxDraft>) =>
    setDrafts((list) => list.map((d) => (d.key === key ? { ...d, ...next } : d)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || readOnly) return;
    const found: Errors = {};
    const seen = new Set<string>();
    const inputs = drafts.map((d, index) => {
      const field = (name: string) => `taxRates.${index}.${name}`;
      if (!d.countryId) found[field('countryId')] = REQUIRED;
      const place = `${d.countryId}/${d.regionId}`;
      if (seen.has(place)) found[field('regionId')] = 'There is a rate for this place already; keep one.';
      seen.add(place);
      const text = d.ratePercent.trim().replace(',', '.');
      const rate = Number(text);
      if (text === '') found[field('ratePercent')] = REQUIRED;
      else if (!Number.isFinite(rate) || rate < 0 || rate > 100)
        found[field('ratePercent')] = 'Enter a percentage from 0 to 100, such as 7.25.';
      else if (!/^\d+(\.\d{1,4})?$/.test(text)) found[field('ratePercent')] = 'Use at most 4 decimals.';
      if (!d.label.trim()) found[field('label')] = REQUIRED;
      return {
        id: d.id,
        countryId: d.countryId,
        regionId: d.regionId || null,
        ratePercent: rate,
        label: d.label.trim(),
      };
    });
    void save(found, async () => {
      const saved = (await request(UpdateTaxRates, { rates: inputs })).updateTaxRates;
      setDrafts(saved.map(taxDraft));
    });
  };

  return (
    <Section id="settings-tax" title="Tax">
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="settings-tax">
        <p className="bo-muted">
          A region&apos;s own rate wins over its country&apos;s; the label is what carts and orders call the tax. Saving
          keeps the rates listed here and removes the others.
        </p>
        {drafts.length === 0 && <p className="bo-muted">No tax rates: nothing is taxed.</p>}
        {drafts.map((d, index) => {
          const field = (name: string) => `taxRates.${index}.${name}`;
          const regions = countries.find((c) => c.id === d.countryId)?.regions ?? [];
          const countryName = countries.find((c) => c.id === d.countryId)?.name ?? d.countryId;
          return (
            <fieldset key={d.key} className="bo-fieldset bo-settings-group">
              <legend>{d.label.trim() || `Tax rate ${index + 1}`}</legend>
              <div className="bo-settings-row bo-settings-tax-row">
                <Select
                  label="Country"
                  name={`tax-${index}-country`}
                  required
                  disabled={readOnly}
                  placeholder="Choose a country"
                  options={countryOptions}
                  value={d.countryId}
                  error={errors[field('countryId')]}
                  onChange={(event) => change(d.key, { countryId: event.target.value, regionId: '' })}
                />
                <Select
                  label="Region"
                  name={`tax-${index}-region`}
                  disabled={readOnly || regions.length === 0}
                  options={[
                    { value: '', label: `All of ${countryName || 'the country'}` },
                    ...regions.map((r) => ({ value: r.id, label: r.name })),
                  ]}
                  value={d.regionId}
                  error={errors[field('regionId')]}
                  onChange={(event) => change(d.key, { regionId: event.target.value })}
                />
                <Field
                  label="Rate (%)"
                  name={`tax-${index}-rate`}
                  inputMode="decimal"
                  required
                  readOnly={readOnly}
                  value={d.ratePercent}
                  error={errors[field('ratePercent')]}
                  onChange={(event) => change(d.key, { ratePercent: event.target.value })}
                />
                <Field
                  label="Label"
                  name={`tax-${index}-label`}
                  required
                  readOnly={readOnly}
                  value={d.label}
                  error={errors[field('label')]}
                  onChange={(event) => change(d.key, { label: event.target.value })}
                />
                {!readOnly && (
                  <Button
                    variant="ghost"
                    className="bo-settings-remove"
                    aria-label={`Remove the tax rate ${d.label.trim() || index + 1}`}
                    onClick={() => setDrafts((list) => list.filter((r) => r.key !== d.key))}
                  >
                    <Icon icon={Trash2} size={18} />
                    Remove
                  </Button>
                )}
              </div>
            </fieldset>
          );
        })}
        {!readOnly && (
          <p>
            <Button
              variant="secondary"
              onClick={() =>
                setDrafts((list) => [
                  ...list,
                  { key: nextRowKey++, id: null, countryId: '', regionId: '', ratePercent: '', label: '' },
                ])
              }
            >
              <Icon icon={Plus} size={18} />
              Add a tax rate
            </Button>
          </p>
        )}
        <FormFooter error={formError} saving={saving} readOnly={readOnly} label="Save tax rates" />
      </form>
    </Section>
  );
}

function PaymentForm({ methods, readOnly }: { methods: readonly PaymentSettingsFieldsFragment[]; readOnly: boolean }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [active, setActive] = useState(() => new Map(methods.map((m) => [m.code, m.active])));
  const { errors, formError, saving, save } = useSave(formRef, 'The payment methods are saved.');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || readOnly) return;
    const found: Errors = {
      methods: [...active.values()].some(Boolean)
        ? undefined
        : 'Keep at least one payment method on: without one, shoppers cannot place orders.',
    };
    void save(found, async () => {
      const saved = (
        await request(UpdatePaymentSettings, {
          methods: methods.map((m) => ({ code: m.code, active: active.get(m.code) ?? false })),
        })
      ).updatePaymentSettings;
      setActive(new Map(saved.map((m) => [m.code, m.active])));
    });
  };
  const error = errors.methods;
  return (
    <Section id="settings-payment" title="Payment">
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="settings-payment">
        <fieldset className="bo-fieldset" aria-describedby={error ? 'settings-payment-error' : undefined}>
          <legend>Offered at checkout</legend>
          {methods.map((m) => (
            <label key={m.code} className="bo-check">
              <input
                type="checkbox"
                name={`payment-${m.code}`}
                checked={active.get(m.code) ?? false}
                disabled={readOnly}
                aria-invalid={error ? true : undefined}
                onChange={(event) => setActive((map) => new Map(map).set(m.code, event.target.checked))}
              />
              {m.title}
            </label>
          ))}
        </fieldset>
        {error && (
          <p id="settings-payment-error" className="bo-inline-error" role="alert">
            {error}
          </p>
        )}
        <p className="bo-muted">A cart that costs nothing needs no payment; that is always on.</p>
        <FormFooter error={error ? null : formError} saving={saving} readOnly={readOnly} label="Save payment methods" />
      </form>
    </Section>
  );
}
