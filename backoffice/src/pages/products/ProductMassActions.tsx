import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import { graphql } from '../../__generated__';
import type { AdminProductFilter, ProductMassActionKind } from '../../__generated__/graphql';
import { request } from '../../api/client';
import { useQuery } from '../../api/useQuery';
import { messageOf } from '../../common/errorText';
import { CheckboxField, FormFooter, type FieldErrors } from '../../common/form';
import type { Column } from '../../common/list/DataTable';
import { Loading } from '../../common/ui';
import { useT } from '../../common/useT';
import { ma } from './massActionMessages';

const MassUpdateProducts = graphql(`
  mutation MassUpdateProducts($selection: ProductSelectionInput!, $action: ProductMassActionInput!) {
    massUpdateProducts(selection: $selection, action: $action) {
      selected
      changed
    }
  }
`);

const MassCategoryChoices = graphql(`
  query MassCategoryChoices {
    productCategoryChoices {
      id
      path
    }
  }
`);

/** The list's selection: SKUs picked one by one, or every product the filters match. */
export interface ProductSelection {
  skus: ReadonlySet<string>;
  allMatching: boolean;
}

const KINDS: ProductMassActionKind[] = ['ENABLE', 'DISABLE', 'ADD_TO_CATEGORY', 'REMOVE_FROM_CATEGORY', 'CHANGE_PRICE'];
const LABELS = {
  ENABLE: ma.enable,
  DISABLE: ma.disable,
  ADD_TO_CATEGORY: ma.addToCategory,
  REMOVE_FROM_CATEGORY: ma.removeFromCategory,
  CHANGE_PRICE: ma.changePrice,
} as const;

/** The server's rule: -100 to 1000, not 0, two decimals at most. */
function percentIsValid(typed: string): boolean {
  const n = Number(typed);
  return /^-?\d{1,4}(\.\d{1,2})?$/.test(typed) && n !== 0 && n >= -100 && n <= 1000;
}

function CategoryField({ value, error, onChange }: { value: string; error?: string; onChange: (id: string) => void }) {
  const t = useT();
  const { data } = useQuery(MassCategoryChoices);
  return (
    <Select
      label={t(ma.category)}
      name="categoryId"
      required
      placeholder={t(ma.chooseCategory)}
      options={(data?.productCategoryChoices ?? []).map((c) => ({ value: c.id, label: c.path }))}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/**
 * The bar above the products list: what is selected, "select all matching", the action and its
 * value, and the result. One request, all or nothing; the bar says so while it runs.
 */
export function ProductMassActions({
  selection,
  totalCount,
  filter,
  onSelectAll,
  onClear,
  onDone,
}: {
  selection: ProductSelection;
  totalCount: number;
  filter: AdminProductFilter;
  onSelectAll: () => void;
  onClear: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const formRef = useRef<HTMLFormElement>(null);
  const [kind, setKind] = useState<ProductMassActionKind | ''>('');
  const [categoryId, setCategoryId] = useState('');
  const [percent, setPercent] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<{ tone: 'done' | 'failed'; text: string } | null>(null);
  const count = selection.allMatching ? totalCount : selection.skus.size;
  if (count === 0 && !result) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (running || !kind || count === 0) return;
    const typed = percent.trim().replace(',', '.');
    const found: FieldErrors = {
      categoryId: kind.endsWith('CATEGORY') && !categoryId ? t(ma.chooseCategory) : undefined,
      percent: kind === 'CHANGE_PRICE' && !percentIsValid(typed) ? t(ma.percentInvalid) : undefined,
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setRunning(true);
    setResult(null);
    try {
      const answer = await request(MassUpdateProducts, {
        selection: selection.allMatching ? { filter } : { skus: [...selection.skus] },
        action: {
          kind,
          categoryId: kind.endsWith('CATEGORY') ? categoryId : null,
          percent: kind === 'CHANGE_PRICE' ? Number(typed) : null,
        },
      });
      setResult({ tone: 'done', text: t(ma.done, { ...answer.massUpdateProducts }) });
      onDone();
    } catch (caught) {
      setResult({ tone: 'failed', text: t(ma.failed, { reason: messageOf(caught) }) });
    } finally {
      setRunning(false);
    }
  };
  return (
    <section className="bo-card bo-mass-actions" aria-label={t(ma.region)}>
      <p>
        <strong>{selection.allMatching ? t(ma.allMatching, { count }) : t(ma.selected, { count })}</strong>{' '}
        {!selection.allMatching && totalCount > count && (
          <Button variant="secondary" onClick={onSelectAll}>
            {t(ma.selectAll, { count: totalCount })}
          </Button>
        )}{' '}
        {count > 0 && (
          <Button variant="secondary" onClick={onClear}>
            {t(ma.clear)}
          </Button>
        )}
      </p>
      {count > 0 && (
        <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate aria-label={t(ma.apply)}>
          <div className="bo-form-row">
            <Select
              label={t(ma.action)}
              name="action"
              required
              placeholder={t(ma.choose)}
              options={KINDS.map((k) => ({ value: k, label: t(LABELS[k]) }))}
              value={kind}
              onChange={(event) => setKind(KINDS.find((k) => k === event.target.value) ?? '')}
            />
            {kind.endsWith('CATEGORY') && (
              <CategoryField value={categoryId} error={errors.categoryId} onChange={setCategoryId} />
            )}
            {kind === 'CHANGE_PRICE' && (
              <Field
                label={t(ma.percent)}
                name="percent"
                inputMode="decimal"
                required
                hint={t(ma.percentHint)}
                value={percent}
                error={errors.percent}
                onChange={(event) => setPercent(event.target.value)}
              />
            )}
          </div>
          {running && <Loading label={t(ma.working, { count })} />}
          <FormFooter error={null} saving={running} label={t(ma.apply)} />
        </form>
      )}
      {result && (
        <p
          className={result.tone === 'done' ? 'bo-notice' : 'bo-inline-error'}
          role={result.tone === 'done' ? 'status' : 'alert'}
        >
          {result.text}
        </p>
      )}
    </section>
  );
}

/** The selection, emptied whenever the filters (`filterKey`) change: it was made on other rows. */
export function useProductSelection(filterKey: string) {
  const [selection, setSelection] = useState<ProductSelection>({ skus: new Set(), allMatching: false });
  useEffect(() => setSelection({ skus: new Set(), allMatching: false }), [filterKey]);
  const toggle = (sku: string, on: boolean) =>
    setSelection((current) => {
      const skus = new Set(current.skus);
      if (on) skus.add(sku);
      else skus.delete(sku);
      return { skus, allMatching: false };
    });
  return {
    selection,
    toggle,
    selectAll: () => setSelection((current) => ({ ...current, allMatching: true })),
    clear: () => setSelection({ skus: new Set(), allMatching: false }),
  };
}

/** The first column of the list for staff: a checkbox per row, named after its product. */
export function selectionColumn<Row extends { sku: string; name: string }>(
  t: ReturnType<typeof useT>,
  selection: ProductSelection,
  toggle: (sku: string, on: boolean) => void,
): Column<Row> {
  return {
    key: 'select',
    header: <span className="visually-hidden">{t(ma.selectPage)}</span>,
    cell: (row) => (
      <CheckboxField
        name="select"
        value={row.sku}
        checked={selection.allMatching || selection.skus.has(row.sku)}
        disabled={selection.allMatching}
        onChange={(on) => toggle(row.sku, on)}
      >
        <span className="visually-hidden">{t(ma.selectRow, { name: row.name })}</span>
      </CheckboxField>
    ),
  };
}
