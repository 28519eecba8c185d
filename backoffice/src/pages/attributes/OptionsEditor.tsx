import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Icon } from '@vela/ui/Icon';
import { Modal } from '@vela/ui/Modal';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import type { AttributeDetailFieldsFragment as Detail } from '../../__generated__/graphql';
import { ApiError, request } from '../../api/client';
import { messageOf } from '../../common/errorText';
import { useT } from '../../common/useT';
import type { StoreChoice } from './AttributeForm';
import { attributeMessages as m } from './attributeMessages';

// An attribute's options in their order: labels per store view, a colour for swatches, move up or
// down, add, remove. Saved together; when removed options are on products the server says how
// many, and the owner confirms before they are taken from those products.

const SetOptionsMutation = graphql(`
  mutation SetProductAttributeOptions(
    $code: String!
    $options: [AdminProductAttributeOptionInput!]!
    $confirmRemoval: Boolean
  ) {
    setProductAttributeOptions(code: $code, options: $options, confirmRemoval: $confirmRemoval) {
      ...AttributeDetailFields
    }
  }
`);

interface Row {
  /** The option's id; null for a new one. */
  id: string | null;
  /** Stable across moves, for React and the fields' names. */
  key: string;
  label: string;
  swatch: string;
  storeLabels: Record<string, string>;
  productCount: number;
}

/** What the server takes: the rows in order, every store view's label (empty: the default). */
function optionInputs(rows: readonly Row[], stores: readonly StoreChoice[], swatches: boolean) {
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    swatch: swatches ? row.swatch : null,
    storeLabels: stores.map((s) => ({ storeCode: s.code, label: row.storeLabels[s.code] ?? '' })),
  }));
}

const EMPTY_ROW: Row = { id: null, key: '', label: '', swatch: '', storeLabels: {}, productCount: 0 };

function rowsOf(attribute: Detail): Row[] {
  return attribute.options.map((o) => ({
    id: o.id,
    key: o.id,
    label: o.label,
    swatch: o.swatch ?? '',
    storeLabels: Object.fromEntries(o.storeLabels.map((l) => [l.storeCode, l.label])),
    productCount: o.productCount,
  }));
}

/** One option: its label, colour and store labels, and the buttons that move or remove it. */
function OptionRow({
  row,
  n,
  last,
  swatches,
  stores,
  readOnly,
  onChange,
  onMove,
  onRemove,
}: {
  row: Row;
  /** Its place, from 1. */
  n: number;
  last: boolean;
  swatches: boolean;
  stores: readonly StoreChoice[];
  readOnly: boolean;
  onChange: (patch: Partial<Row>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const t = useT();
  return (
    <li className="bo-card">
      <fieldset disabled={readOnly} className="bo-fieldset">
        <div className="bo-form-row">
          <Field
            label={t(m.optionLabel, { n })}
            name={`option-${row.key}`}
            autoComplete="off"
            required
            value={row.label}
            hint={t(m.optionUsed, { count: row.productCount })}
            onChange={(event) => onChange({ label: event.target.value })}
          />
          {swatches && (
            <Field
              label={t(m.optionSwatch, { n })}
              name={`swatch-${row.key}`}
              type="color"
              value={row.swatch || '#000000'}
              onChange={(event) => onChange({ swatch: event.target.value })}
            />
          )}
          {stores.map((store) => (
            <Field
              key={store.code}
              label={t(m.optionStoreLabel, { n, store: store.name })}
              name={`option-${row.key}-${store.code}`}
              autoComplete="off"
              value={row.storeLabels[store.code] ?? ''}
              onChange={(event) => onChange({ storeLabels: { ...row.storeLabels, [store.code]: event.target.value } })}
            />
          ))}
        </div>
        {!readOnly && (
          <span className="bo-action-row">
            <Button variant="ghost" disabled={n === 1} onClick={() => onMove(-1)}>
              <Icon icon={ArrowUp} size={18} />
              {t(m.moveUp, { n })}
            </Button>
            <Button variant="ghost" disabled={last} onClick={() => onMove(1)}>
              <Icon icon={ArrowDown} size={18} />
              {t(m.moveDown, { n })}
            </Button>
            <Button variant="ghost" onClick={onRemove}>
              <Icon icon={Trash2} size={18} />
              {t(m.removeOption, { n })}
            </Button>
          </span>
        )}
      </fieldset>
    </li>
  );
}

/** The server's word on what removing the options takes from products, and the owner's answer. */
function ConfirmRemoval({
  message,
  saving,
  onConfirm,
  onCancel,
}: {
  message: string | null;
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <Modal open={message !== null} onClose={onCancel} title={t(m.confirmTitle)}>
      <p>{message}</p>
      <div className="bo-action-row">
        <Button busy={saving} onClick={onConfirm}>
          {t(m.confirmRemove)}
        </Button>
        <Button variant="secondary" disabled={saving} onClick={onCancel}>
          {t(m.keep)}
        </Button>
      </div>
    </Modal>
  );
}

export function OptionsEditor({
  attribute,
  stores,
  readOnly,
  onSaved,
}: {
  attribute: Detail;
  stores: readonly StoreChoice[];
  readOnly: boolean;
  onSaved: (attribute: Detail) => void;
}) {
  const t = useT();
  const toast = useToast();
  const id = useId();
  const added = useRef(0);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(attribute));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The server's count of products that would lose removed options, awaiting the owner's word. */
  const [confirming, setConfirming] = useState<string | null>(null);
  const swatches = attribute.input === 'swatch_color';

  const change = (index: number, patch: Partial<Row>) =>
    setRows(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    if (row) next.splice(index + by, 0, row);
    setRows(next);
  };
  const send = async (confirmRemoval: boolean) => {
    setSaving(true);
    setError(null);
    try {
      const saved = (
        await request(SetOptionsMutation, {
          code: attribute.code,
          confirmRemoval,
          options: optionInputs(rows, stores, swatches),
        })
      ).setProductAttributeOptions;
      setConfirming(null);
      setRows(rowsOf(saved));
      onSaved(saved);
      toast.show(t(m.optionsSaved), { tone: 'success' });
    } catch (caught) {
      if (caught instanceof ApiError && caught.field === 'confirmRemoval') setConfirming(caught.message);
      else setError(messageOf(caught));
    } finally {
      setSaving(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(false);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(m.optionsTitle)}</h2>
      {rows.length === 0 && <p className="bo-muted">{t(m.noOptions)}</p>}
      <ol className="bo-plain-list">
        {rows.map((row, index) => {
          const n = index + 1;
          return (
            <OptionRow
              key={row.key}
              row={row}
              n={n}
              last={index === rows.length - 1}
              swatches={swatches}
              stores={stores}
              readOnly={readOnly}
              onChange={(patch) => change(index, patch)}
              onMove={(by) => move(index, by)}
              onRemove={() => setRows(rows.filter((_, i) => i !== index))}
            />
          );
        })}
      </ol>
      {error && (
        <p className="bo-inline-error" role="alert">
          {error}
        </p>
      )}
      {!readOnly && (
        <span className="bo-action-row">
          <Button
            variant="secondary"
            onClick={() => setRows([...rows, { ...EMPTY_ROW, key: `new-${(added.current += 1)}` }])}
          >
            <Icon icon={Plus} size={18} />
            {t(m.addOption)}
          </Button>
          <Button type="submit" busy={saving}>
            {t(m.saveOptions)}
          </Button>
        </span>
      )}
      <ConfirmRemoval
        message={confirming}
        saving={saving}
        onConfirm={() => void send(true)}
        onCancel={() => setConfirming(null)}
      />
    </form>
  );
}
