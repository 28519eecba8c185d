import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import type { AdminPromotionAction } from '../../__generated__/graphql';
import { CheckboxField } from '../../common/form';
import { type Translate, useT } from '../../common/useT';
import { ConditionBuilder } from './ConditionBuilder';
import { cm } from './conditionMessages';
import type { Draft, FieldName } from './promotionDraft';
import { m } from './promotionMessages';

/** The rule's fields: who sees it, the discount, its conditions and (on creation) its coupon. */
export function PromotionRuleFields({
  draft,
  errors,
  set,
  readOnly,
  creating,
  currency,
}: {
  draft: Draft;
  errors: Partial<Record<FieldName, string>>;
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
  readOnly: boolean;
  creating: boolean;
  currency: string;
}) {
  const t = useT();
  return (
    <section aria-labelledby="promotion-rule" className="bo-card">
      <h2 id="promotion-rule">{t(creating ? m.rule : m.editRule)}</h2>
      <div className="bo-form-row">
        <Field
          label={t(m.name)}
          hint={t(m.nameHint)}
          name="name"
          value={draft.name}
          error={errors.name}
          required
          readOnly={readOnly}
          onChange={(event) => set('name', event.target.value)}
        />
        <Field
          label={t(m.label)}
          hint={t(m.labelHint)}
          name="label"
          value={draft.label}
          error={errors.label}
          required
          readOnly={readOnly}
          onChange={(event) => set('label', event.target.value)}
        />
      </div>
      <PromotionDiscountFields draft={draft} errors={errors} set={set} readOnly={readOnly} currency={currency} />
      <PromotionLimitFields draft={draft} errors={errors} set={set} readOnly={readOnly} />
      <ConditionBuilder
        draft={draft.conditions}
        raw={draft.rawConditions}
        error={errors.conditions}
        readOnly={readOnly}
        currency={currency}
        onChange={(next) => set('conditions', next)}
      />
      {creating && (
        <Field
          label={t(m.couponCode)}
          hint={t(m.couponCodeHint)}
          name="couponCode"
          autoCapitalize="characters"
          value={draft.couponCode}
          error={errors.couponCode}
          onChange={(event) => set('couponCode', event.target.value)}
        />
      )}
      {creating && (
        <CheckboxField name="active" checked={draft.active} onChange={(on) => set('active', on)}>
          {t(m.activeNow)}
        </CheckboxField>
      )}
    </section>
  );
}

/** What the rule takes off: the kind of discount, its amount (and buy X), the minimum subtotal. */
function PromotionDiscountFields({
  draft,
  errors,
  set,
  readOnly,
  currency,
}: {
  draft: Draft;
  errors: Partial<Record<FieldName, string>>;
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
  readOnly: boolean;
  currency: string;
}) {
  const t = useT();
  return (
    <div className="bo-form-row">
      <Select
        label={t(m.discount)}
        name="action"
        options={[
          { value: 'BY_PERCENT', label: t(m.byPercent) },
          { value: 'BY_FIXED', label: t(cm.byFixed, { currency }) },
          { value: 'CART_FIXED', label: t(m.cartFixed, { currency }) },
          { value: 'BUY_X_GET_Y', label: t(cm.buyXGetY) },
          { value: 'FREE_SHIPPING', label: t(m.freeShipping) },
        ]}
        value={draft.action}
        error={errors.action}
        disabled={readOnly}
        onChange={(event) => set('action', event.target.value as AdminPromotionAction)}
      />
      {draft.action === 'BUY_X_GET_Y' && (
        <Field
          label={t(cm.buyX)}
          name="discountStep"
          inputMode="numeric"
          value={draft.discountStep}
          error={errors.discountStep}
          required
          readOnly={readOnly}
          onChange={(event) => set('discountStep', event.target.value)}
        />
      )}
      {draft.action !== 'FREE_SHIPPING' && (
        <Field
          label={amountLabel(t, draft.action, currency)}
          hint={
            draft.action === 'BY_PERCENT'
              ? t(m.amountPercentHint)
              : draft.action === 'BUY_X_GET_Y'
                ? undefined
                : t(m.amountMoneyHint)
          }
          name="amount"
          inputMode="decimal"
          value={draft.amount}
          error={errors.amount}
          required
          readOnly={readOnly}
          onChange={(event) => set('amount', event.target.value)}
        />
      )}
      <Field
        label={t(m.minSubtotal, { currency })}
        hint={t(m.minSubtotalHint)}
        name="minSubtotal"
        inputMode="decimal"
        value={draft.minSubtotal}
        error={errors.minSubtotal}
        readOnly={readOnly}
        onChange={(event) => set('minSubtotal', event.target.value)}
      />
    </div>
  );
}

function amountLabel(t: Translate, action: AdminPromotionAction, currency: string): string {
  if (action === 'BY_PERCENT') return t(m.amountPercent);
  if (action === 'BUY_X_GET_Y') return t(cm.getY);
  return t(m.amountMoney, { currency });
}

/** When the rule applies, how often, and in which order among the others. */
function PromotionLimitFields({
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
  return (
    <div className="bo-form-row">
      <Field
        label={t(m.starts)}
        hint={t(m.startsHint)}
        type="date"
        name="fromDate"
        value={draft.fromDate}
        error={errors.fromDate}
        readOnly={readOnly}
        onChange={(event) => set('fromDate', event.target.value)}
      />
      <Field
        label={t(m.ends)}
        hint={t(m.endsHint)}
        type="date"
        name="toDate"
        value={draft.toDate}
        error={errors.toDate}
        readOnly={readOnly}
        onChange={(event) => set('toDate', event.target.value)}
      />
      <Field
        label={t(m.usesLimit)}
        hint={t(m.usesLimitHint)}
        name="usesLimit"
        inputMode="numeric"
        value={draft.usesLimit}
        error={errors.usesLimit}
        readOnly={readOnly}
        onChange={(event) => set('usesLimit', event.target.value)}
      />
      <Field
        label={t(m.sortOrder)}
        hint={t(m.sortOrderHint)}
        name="sortOrder"
        inputMode="numeric"
        value={draft.sortOrder}
        error={errors.sortOrder}
        readOnly={readOnly}
        onChange={(event) => set('sortOrder', event.target.value)}
      />
    </div>
  );
}
