import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { Field } from '@vela/ui/Field';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { Icon } from '@vela/ui/Icon';
import { graphql } from '../__generated__';
import { request } from '../api/client';
import { useQuery } from '../api/useQuery';
import { type FieldErrors, FormSubmit, useFormSave } from '../common/form';
import { PageHeading } from '../common/PageHeading';
import { ErrorMessage, Loading } from '../common/ui';
import { AttributesSection, type ConfigurableDraft, StartSection } from './products/ConfigurableSections';
import { m } from './products/configurableMessages';
import { combinations, parseAmount, parseStock, valueList, variantSku } from './variantRules';

// A new configurable product: the attributes shoppers choose by, the values of each, and one
// price and stock for every variant to start with (each variant's own page changes them after).
// The variants are every combination of the values, as Magento's own configuration wizard makes.

const Choices = graphql(`
  query AdminNewConfigurableChoices {
    configurableAttributeChoices {
      code
      label
      options
    }
  }
`);

const CreateConfigurable = graphql(`
  mutation CreateConfigurableProduct($input: AdminNewConfigurableInput!) {
    createConfigurableProduct(input: $input) {
      sku
    }
  }
`);

const MAX_VARIANTS = 200;

const EMPTY: ConfigurableDraft = { sku: '', name: '', urlKey: '', codes: [], values: {}, price: '', stock: '0' };

export function NewConfigurableForm() {
  const intl = useIntl();
  const t = (descriptor: MessageDescriptor, values?: Record<string, string | number>) =>
    intl.formatMessage(descriptor, values);
  const navigate = useNavigate();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const choices = useQuery(Choices);
  const [draft, setDraft] = useState<ConfigurableDraft>(EMPTY);
  const { errors, formError, saving, save } = useFormSave(formRef, t(m.created));

  const attributes = choices.data?.configurableAttributeChoices ?? [];
  const chosen = draft.codes.flatMap((code) => attributes.filter((a) => a.code === code));
  const lists = chosen.map((a) => valueList(draft.values[a.code] ?? ''));
  const variants = chosen.length > 0 && lists.every((l) => l.length > 0) ? combinations(lists) : [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const found: FieldErrors = {};
    const required = t(fieldMessages.required);
    if (!draft.sku.trim()) found.sku = required;
    if (!draft.name.trim()) found.name = required;
    if (chosen.length === 0) found.attributes = t(m.chooseOne);
    chosen.forEach((a, i) => {
      if (lists[i]!.length === 0) found[`values-${a.code}`] = required;
    });
    const price = parseAmount(draft.price);
    if (draft.price.trim() === '') found.price = required;
    else if (price === null) found.price = t(m.notNumber);
    const stock = parseStock(draft.stock);
    if (stock === null) found.stock = t(m.notWhole);
    if (variants.length > MAX_VARIANTS) found.attributes = t(m.tooMany, { max: MAX_VARIANTS });
    await save(found, async () => {
      const sku = draft.sku.trim();
      const result = await request(CreateConfigurable, {
        input: {
          sku,
          name: draft.name.trim(),
          urlKey: draft.urlKey.trim() || null,
          attributeCodes: chosen.map((a) => a.code),
          variants: variants.map((values) => ({
            sku: variantSku(sku, values),
            options: chosen.map((a, i) => ({ code: a.code, label: values[i]! })),
            price: price!,
            stockQty: stock!,
          })),
        },
      });
      void navigate(`/products/${encodeURIComponent(result.createConfigurableProduct.sku)}`);
    });
  };

  return (
    <>
      <p className="bo-back">
        <Link to="/products">
          <Icon icon={ArrowLeft} size={18} />
          {t(m.allProducts)}
        </Link>
      </p>
      <PageHeading title={t(m.title)}>{t(m.title)}</PageHeading>
      <p>{t(m.intro)}</p>
      {choices.error && <ErrorMessage onRetry={choices.refetch}>{choices.error.message}</ErrorMessage>}
      {!choices.data && choices.loading && <Loading label={t(m.loading)} />}
      {choices.data && (
        <form ref={formRef} className="bo-product-form" onSubmit={(e) => void submit(e)} noValidate>
          <section aria-labelledby={`${id}-general`} className="bo-card">
            <h2 id={`${id}-general`}>{t(m.general)}</h2>
            <Field
              label={t(m.sku)}
              name="sku"
              required
              value={draft.sku}
              error={errors.sku}
              onChange={(e) => setDraft((d) => ({ ...d, sku: e.target.value }))}
            />
            <Field
              label={t(m.name)}
              name="name"
              required
              value={draft.name}
              error={errors.name}
              onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
            />
            <Field
              label={t(m.urlKey)}
              name="urlKey"
              hint={t(m.urlKeyHint)}
              value={draft.urlKey}
              onChange={(e) => setDraft((d) => ({ ...d, urlKey: e.target.value }))}
            />
            <p className="bo-muted">{t(m.afterwards)}</p>
          </section>

          <AttributesSection
            id={id}
            draft={draft}
            setDraft={setDraft}
            errors={errors}
            attributes={attributes}
            chosen={chosen}
          />
          <StartSection id={id} draft={draft} setDraft={setDraft} errors={errors} variants={variants} />
          <FormSubmit error={formError} saving={saving}>
            {t(m.create)}
          </FormSubmit>
        </form>
      )}
    </>
  );
}
