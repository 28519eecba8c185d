import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import { useId } from 'react';
import { graphql } from '../../__generated__';
import type { AdminPromotionFreeShipping } from '../../__generated__/graphql';
import { useQuery } from '../../api/useQuery';
import { CheckboxField } from '../../common/form';
import { useT } from '../../common/useT';
import { emptyMatch } from './conditionRows';
import { cm } from './conditionMessages';
import { ItemMatchFields } from './ItemMatchFields';
import type { Draft, FieldName } from './promotionDraft';

const RuleGroupsQuery = graphql(`
  query RuleCustomerGroups {
    customerGroups {
      id
      code
    }
  }
`);

/** Who a rule is for (groups, uses per customer), which products its discount takes, free shipping. */
export function RuleTargetFields({
  draft,
  errors,
  set,
  readOnly,
}: {
  draft: Draft;
  errors: Partial<Record<FieldName, string>>;
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
  readOnly: boolean;
}) {
  const t = useT();
  const groupsId = useId();
  const applyId = useId();
  const { data } = useQuery(RuleGroupsQuery, {});
  const toggleGroup = (id: string, on: boolean) =>
    set('groupIds', on ? [...draft.groupIds, id] : draft.groupIds.filter((g) => g !== id));
  return (
    <section aria-labelledby="promotion-targeting" className="bo-card">
      <h2 id="promotion-targeting">{t(cm.targeting)}</h2>
      <fieldset className="bo-fieldset" aria-labelledby={groupsId} aria-describedby={`${groupsId}-hint`}>
        <legend id={groupsId}>{t(cm.customerGroups)}</legend>
        <p id={`${groupsId}-hint`}>{t(cm.groupsHint)}</p>
        {(data?.customerGroups ?? []).map((group) => (
          <CheckboxField
            key={group.id}
            name="customerGroupIds"
            value={group.id}
            checked={draft.groupIds.includes(group.id)}
            disabled={readOnly}
            onChange={(on) => toggleGroup(group.id, on)}
          >
            {group.code}
          </CheckboxField>
        ))}
      </fieldset>
      <div className="bo-form-row">
        <Field
          label={t(cm.usesPerCustomer)}
          hint={t(cm.usesPerCustomerHint)}
          name="usesPerCustomer"
          inputMode="numeric"
          value={draft.usesPerCustomer}
          error={errors.usesPerCustomer}
          readOnly={readOnly}
          onChange={(event) => set('usesPerCustomer', event.target.value)}
        />
        <Field
          label={t(cm.discountQty)}
          hint={t(cm.discountQtyHint)}
          name="discountQty"
          inputMode="numeric"
          value={draft.discountQty}
          error={errors.discountQty}
          readOnly={readOnly}
          onChange={(event) => set('discountQty', event.target.value)}
        />
        <Select
          label={t(cm.shipping)}
          name="freeShipping"
          options={[
            { value: 'NONE', label: t(cm.shipNone) },
            { value: 'MATCHING_ITEMS', label: t(cm.shipMatching) },
            { value: 'CART', label: t(cm.shipCart) },
          ]}
          value={draft.freeShipping}
          disabled={readOnly}
          onChange={(event) => set('freeShipping', event.target.value as AdminPromotionFreeShipping)}
        />
      </div>
      <fieldset className="bo-fieldset" aria-labelledby={applyId}>
        <legend id={applyId}>{t(cm.applyTo)}</legend>
        {errors.actionConditions && (
          <p className="bo-inline-error" role="alert">
            {errors.actionConditions}
          </p>
        )}
        {draft.rawActionConditions !== null ? (
          <>
            <p>{t(cm.rawTree)}</p>
            <pre>{draft.rawActionConditions}</pre>
          </>
        ) : (
          <>
            <Select
              label={t(cm.applyTo)}
              name="applyTo"
              options={[
                { value: 'all', label: t(cm.allItems) },
                { value: 'matching', label: t(cm.matchingItems) },
              ]}
              value={draft.applyTo ? 'matching' : 'all'}
              disabled={readOnly}
              onChange={(event) => set('applyTo', event.target.value === 'matching' ? emptyMatch() : null)}
            />
            {draft.applyTo && (
              <ItemMatchFields
                idPrefix="apply-to"
                match={draft.applyTo}
                readOnly={readOnly}
                onChange={(match) => set('applyTo', match)}
              />
            )}
          </>
        )}
      </fieldset>
      <CheckboxField
        name="stopRulesProcessing"
        checked={draft.stopRules}
        disabled={readOnly}
        onChange={(on) => set('stopRules', on)}
      >
        {t(cm.stopRules)}
      </CheckboxField>
    </section>
  );
}
