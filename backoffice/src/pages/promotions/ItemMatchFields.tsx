import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import { useT } from '../../common/useT';
import type { ItemMatch, MatchBy } from './conditionRows';
import { cm } from './conditionMessages';

/** Which products a condition or the discount looks at: by SKU, category or attribute option. */
export function ItemMatchFields({
  match,
  onChange,
  readOnly,
  idPrefix,
}: {
  match: ItemMatch;
  onChange: (next: ItemMatch) => void;
  readOnly: boolean;
  idPrefix: string;
}) {
  const t = useT();
  const set = <K extends keyof ItemMatch>(key: K, value: ItemMatch[K]) => onChange({ ...match, [key]: value });
  return (
    <div className="bo-form-row">
      <Select
        id={`${idPrefix}-by`}
        label={t(cm.matchBy)}
        options={[
          { value: 'sku', label: t(cm.bySku) },
          { value: 'category', label: t(cm.byCategory) },
          { value: 'attribute', label: t(cm.byAttribute) },
        ]}
        value={match.by}
        disabled={readOnly}
        onChange={(event) => set('by', event.target.value as MatchBy)}
      />
      <Select
        id={`${idPrefix}-negate`}
        label={t(cm.matchNegate)}
        options={[
          { value: 'in', label: t(cm.isIn) },
          { value: 'not_in', label: t(cm.notIn) },
        ]}
        value={match.negate ? 'not_in' : 'in'}
        disabled={readOnly}
        onChange={(event) => set('negate', event.target.value === 'not_in')}
      />
      {match.by === 'attribute' && (
        <Field
          id={`${idPrefix}-code`}
          label={t(cm.attributeCode)}
          hint={t(cm.attributeCodeHint)}
          value={match.code}
          readOnly={readOnly}
          onChange={(event) => set('code', event.target.value)}
        />
      )}
      <Field
        id={`${idPrefix}-values`}
        label={t(cm.matchValues)}
        hint={t(cm.matchValuesHint)}
        value={match.values}
        readOnly={readOnly}
        onChange={(event) => set('values', event.target.value)}
      />
    </div>
  );
}
