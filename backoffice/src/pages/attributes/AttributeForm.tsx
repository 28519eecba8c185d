import { type FormEvent, useRef, useState } from 'react';
import { Field } from '@vela/ui/Field';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { Select } from '@vela/ui/Select';
import { graphql } from '../../__generated__';
import type { AttributeDetailFieldsFragment as Detail } from '../../__generated__/graphql';
import { request } from '../../api/client';
import { CheckboxField, FormFooter, useFormSave, type FieldErrors } from '../../common/form';
import { useT } from '../../common/useT';
import { attributeMessages as m } from './attributeMessages';
import { CHOICE_INPUTS, inputLabel, INPUT_TYPES, OPTION_INPUTS } from './attributeInputs';

// Adds an attribute, or changes one's labels and flags (the owner's; others see it read-only).
// The code is checked here as the server checks it; the server checks everything again.

graphql(`
  fragment AttributeDetailFields on AdminProductAttributeDetail {
    code
    label
    input
    filterable
    searchable
    visibleOnFront
    position
    productCount
    configurableCount
    storeLabels {
      storeCode
      label
    }
    options {
      id
      label
      swatch
      position
      productCount
      storeLabels {
        storeCode
        label
      }
    }
  }
`);

const CreateAttributeMutation = graphql(`
  mutation CreateProductAttribute($code: String!, $input: AdminProductAttributeInput!) {
    createProductAttribute(code: $code, input: $input) {
      ...AttributeDetailFields
    }
  }
`);

const UpdateAttributeMutation = graphql(`
  mutation UpdateProductAttribute($code: String!, $input: AdminProductAttributeInput!) {
    updateProductAttribute(code: $code, input: $input) {
      ...AttributeDetailFields
    }
  }
`);

export interface StoreChoice {
  code: string;
  name: string;
}

const CODE = /^[a-z][a-z0-9_]{0,59}$/;

/** The attribute's label in each store view other than the default one; empty shows the default. */
function StoreLabelFields({
  stores,
  labels,
  error,
  onChange,
}: {
  stores: readonly StoreChoice[];
  labels: Record<string, string>;
  error: string | undefined;
  onChange: (labels: Record<string, string>) => void;
}) {
  const t = useT();
  return stores.map((store) => (
    <Field
      key={store.code}
      label={t(m.storeLabel, { store: store.name })}
      name={`storeLabel-${store.code}`}
      autoComplete="off"
      hint={t(m.storeLabelHint)}
      value={labels[store.code] ?? ''}
      error={error}
      onChange={(event) => onChange({ ...labels, [store.code]: event.target.value })}
    />
  ));
}

/** Where the attribute shows: filters (only attributes with options), searches, the product page. */
function AttributeFlags(props: {
  canFilter: boolean;
  filterable: boolean;
  searchable: boolean;
  visible: boolean;
  onFilterable: (checked: boolean) => void;
  onSearchable: (checked: boolean) => void;
  onVisible: (checked: boolean) => void;
}) {
  const t = useT();
  return (
    <>
      <CheckboxField
        checked={props.canFilter && props.filterable}
        disabled={!props.canFilter}
        onChange={props.onFilterable}
      >
        {t(m.filterable)}
      </CheckboxField>
      <CheckboxField checked={props.searchable} onChange={props.onSearchable}>
        {t(m.searchable)}
      </CheckboxField>
      <CheckboxField checked={props.visible} onChange={props.onVisible}>
        {t(m.visibleOnFront)}
      </CheckboxField>
    </>
  );
}

export function AttributeForm({
  attribute,
  stores,
  readOnly,
  onSaved,
}: {
  /** Absent for a new attribute. */
  attribute?: Detail;
  /** The store views other than the default one. */
  stores: readonly StoreChoice[];
  readOnly: boolean;
  onSaved: (attribute: Detail) => void;
}) {
  const t = useT();
  const formRef = useRef<HTMLFormElement>(null);
  const [code, setCode] = useState(attribute?.code ?? '');
  const [label, setLabel] = useState(attribute?.label ?? '');
  const [input, setInput] = useState(attribute?.input ?? 'select');
  const [filterable, setFilterable] = useState(attribute?.filterable ?? true);
  const [searchable, setSearchable] = useState(attribute?.searchable ?? true);
  const [visible, setVisible] = useState(attribute?.visibleOnFront ?? true);
  const [position, setPosition] = useState(String(attribute?.position ?? 0));
  const [storeLabels, setStoreLabels] = useState<Record<string, string>>(
    Object.fromEntries((attribute?.storeLabels ?? []).map((l) => [l.storeCode, l.label])),
  );
  const { errors, formError, saving, save } = useFormSave(formRef, null);
  const canFilter = OPTION_INPUTS.has(input);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {
      code: attribute ? undefined : CODE.test(code.trim()) ? undefined : t(m.codeInvalid),
      label: label.trim() ? undefined : t(fieldMessages.required),
      position: /^\d{1,6}$/.test(position.trim()) ? undefined : t(m.position),
    };
    void save(found, async () => {
      const values = {
        label,
        input,
        filterable: canFilter && filterable,
        searchable,
        visibleOnFront: visible,
        position: Number(position),
        storeLabels: stores.map((s) => ({ storeCode: s.code, label: storeLabels[s.code] ?? '' })),
      };
      const saved = attribute
        ? (await request(UpdateAttributeMutation, { code: attribute.code, input: values })).updateProductAttribute
        : (await request(CreateAttributeMutation, { code: code.trim(), input: values })).createProductAttribute;
      onSaved(saved);
    });
  };
  // An attribute keeps its kind of values; only choices may switch among themselves.
  const inputs = attribute
    ? INPUT_TYPES.filter((i) => i === attribute.input || (CHOICE_INPUTS.has(i) && CHOICE_INPUTS.has(attribute.input)))
    : INPUT_TYPES;
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <fieldset disabled={readOnly} className="bo-fieldset">
        <div className="bo-form-row">
          <Field
            label={t(m.code)}
            name="code"
            autoComplete="off"
            required
            readOnly={attribute !== undefined}
            value={code}
            hint={attribute ? undefined : t(m.codeHint)}
            error={errors.code}
            onChange={(event) => setCode(event.target.value)}
          />
          <Field
            label={t(m.label)}
            name="label"
            autoComplete="off"
            required
            value={label}
            error={errors.label}
            onChange={(event) => setLabel(event.target.value)}
          />
        </div>
        <StoreLabelFields stores={stores} labels={storeLabels} error={errors.storeLabels} onChange={setStoreLabels} />
        <div className="bo-form-row">
          <Select
            label={t(m.input)}
            name="input"
            options={inputs.map((value) => ({ value, label: t(inputLabel(value)) }))}
            value={input}
            onChange={(event) => setInput(event.target.value)}
          />
          <Field
            label={t(m.position)}
            name="position"
            inputMode="numeric"
            value={position}
            error={errors.position}
            onChange={(event) => setPosition(event.target.value)}
          />
        </div>
        <AttributeFlags
          canFilter={canFilter}
          filterable={filterable}
          searchable={searchable}
          visible={visible}
          onFilterable={setFilterable}
          onSearchable={setSearchable}
          onVisible={setVisible}
        />
      </fieldset>
      <FormFooter
        error={formError ?? errors.filterable ?? errors.input ?? null}
        saving={saving}
        readOnly={readOnly}
        label={t(attribute ? m.save : m.add)}
      />
    </form>
  );
}
