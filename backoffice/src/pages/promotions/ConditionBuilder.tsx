import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import { useId } from 'react';
import { useT } from '../../common/useT';
import { type ConditionDraft, type ConditionRow, type NumberOperator, type RowKind, newRow } from './conditionRows';
import { cm } from './conditionMessages';
import { ItemMatchFields } from './ItemMatchFields';

const OPERATOR_LABELS = {
  gte: cm.opGte,
  gt: cm.opGt,
  eq: cm.opEq,
  neq: cm.opNeq,
  lte: cm.opLte,
  lt: cm.opLt,
} as const;

/** The cart conditions as readable rows: "Quantity of matching products at least 2 — SKU is one of TEE". */
export function ConditionBuilder({
  draft,
  raw,
  onChange,
  readOnly,
  currency,
  error,
}: {
  /** Null when the stored tree is shown as JSON (`raw`). */
  draft: ConditionDraft | null;
  raw: string;
  onChange: (next: ConditionDraft) => void;
  readOnly: boolean;
  currency: string;
  error?: string;
}) {
  const t = useT();
  const legendId = useId();
  if (draft === null)
    return (
      <fieldset className="bo-fieldset" aria-labelledby={legendId}>
        <legend id={legendId}>{t(cm.cartConditions)}</legend>
        <p>{t(cm.rawTree)}</p>
        <pre>{raw}</pre>
      </fieldset>
    );
  const setRow = (index: number, row: ConditionRow) =>
    onChange({ ...draft, rows: draft.rows.map((r, i) => (i === index ? row : r)) });
  return (
    <fieldset className="bo-fieldset" aria-labelledby={legendId}>
      <legend id={legendId}>{t(cm.cartConditions)}</legend>
      {error && (
        <p className="bo-inline-error" role="alert">
          {error}
        </p>
      )}
      {draft.rows.length === 0 ? (
        <p>{t(cm.noConditions)}</p>
      ) : (
        <Select
          label={t(cm.appliesWhen)}
          options={[
            { value: 'all', label: t(cm.all) },
            { value: 'any', label: t(cm.any) },
          ]}
          value={draft.aggregator}
          disabled={readOnly}
          onChange={(event) => onChange({ ...draft, aggregator: event.target.value === 'any' ? 'any' : 'all' })}
        />
      )}
      <ol className="bo-condition-rows">
        {draft.rows.map((row, index) => (
          <li key={index}>
            <ConditionRowFields
              row={row}
              n={index + 1}
              currency={currency}
              readOnly={readOnly}
              onChange={(next) => setRow(index, next)}
            />
            {!readOnly && (
              <Button
                variant="secondary"
                onClick={() => onChange({ ...draft, rows: draft.rows.filter((_, i) => i !== index) })}
              >
                {t(cm.removeCondition, { n: index + 1 })}
              </Button>
            )}
          </li>
        ))}
      </ol>
      {!readOnly && (
        <Button variant="secondary" onClick={() => onChange({ ...draft, rows: [...draft.rows, newRow()] })}>
          {t(cm.addCondition)}
        </Button>
      )}
    </fieldset>
  );
}

function ConditionRowFields({
  row,
  n,
  currency,
  readOnly,
  onChange,
}: {
  row: ConditionRow;
  n: number;
  currency: string;
  readOnly: boolean;
  onChange: (next: ConditionRow) => void;
}) {
  const t = useT();
  const id = `condition-${n}`;
  const numeric = row.kind === 'subtotal' || row.kind === 'total_qty' || row.kind === 'matching_qty';
  return (
    <>
      <div className="bo-form-row">
        <Select
          id={`${id}-kind`}
          label={t(cm.conditionN, { n })}
          options={[
            { value: 'subtotal', label: t(cm.kindSubtotal, { currency }) },
            { value: 'total_qty', label: t(cm.kindTotalQty) },
            { value: 'shipping_country', label: t(cm.kindCountry) },
            { value: 'matching_qty', label: t(cm.kindMatchingQty) },
            { value: 'items_found', label: t(cm.kindFound) },
          ]}
          value={row.kind}
          disabled={readOnly}
          onChange={(event) => onChange({ ...row, kind: event.target.value as RowKind })}
        />
        {numeric && (
          <Select
            id={`${id}-operator`}
            label={t(cm.comparison)}
            options={(Object.keys(OPERATOR_LABELS) as NumberOperator[]).map((op) => ({
              value: op,
              label: t(OPERATOR_LABELS[op]),
            }))}
            value={row.operator}
            disabled={readOnly}
            onChange={(event) => onChange({ ...row, operator: event.target.value as NumberOperator })}
          />
        )}
        {row.kind === 'shipping_country' && (
          <Select
            id={`${id}-negate`}
            label={t(cm.comparison)}
            options={[
              { value: 'in', label: t(cm.isIn) },
              { value: 'not_in', label: t(cm.notIn) },
            ]}
            value={row.negate ? 'not_in' : 'in'}
            disabled={readOnly}
            onChange={(event) => onChange({ ...row, negate: event.target.value === 'not_in' })}
          />
        )}
        {row.kind === 'items_found' && (
          <Select
            id={`${id}-found`}
            label={t(cm.presence)}
            options={[
              { value: 'found', label: t(cm.found) },
              { value: 'not_found', label: t(cm.notFound) },
            ]}
            value={row.negate ? 'not_found' : 'found'}
            disabled={readOnly}
            onChange={(event) => onChange({ ...row, negate: event.target.value === 'not_found' })}
          />
        )}
        {row.kind !== 'items_found' && (
          <Field
            id={`${id}-value`}
            label={row.kind === 'shipping_country' ? t(cm.countries) : t(cm.value)}
            hint={row.kind === 'shipping_country' ? t(cm.countriesHint) : undefined}
            inputMode={numeric ? 'decimal' : undefined}
            value={row.value}
            readOnly={readOnly}
            onChange={(event) => onChange({ ...row, value: event.target.value })}
          />
        )}
      </div>
      {(row.kind === 'matching_qty' || row.kind === 'items_found') && (
        <ItemMatchFields
          idPrefix={`${id}-match`}
          match={row.match}
          readOnly={readOnly}
          onChange={(match) => onChange({ ...row, match })}
        />
      )}
    </>
  );
}
