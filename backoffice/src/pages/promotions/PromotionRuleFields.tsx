import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import type { AdminPromotionAction } from '../../__generated__/graphql';
import { CheckboxField } from '../../common/form';
import type { Draft, FieldName } from './promotionDraft';

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
  return (
    <section aria-labelledby="promotion-rule" className="bo-card">
      <h2 id="promotion-rule">{creating ? 'The rule' : 'Edit the rule'}</h2>
      <div className="bo-form-row">
        <Field
          label="Name"
          hint="For staff only"
          name="name"
          value={draft.name}
          error={errors.name}
          required
          readOnly={readOnly}
          onChange={(event) => set('name', event.target.value)}
        />
        <Field
          label="Label"
          hint="Shown to shoppers in the cart"
          name="label"
          value={draft.label}
          error={errors.label}
          required
          readOnly={readOnly}
          onChange={(event) => set('label', event.target.value)}
        />
      </div>
      <div className="bo-form-row">
        <Select
          label="Discount"
          name="action"
          options={[
            { value: 'BY_PERCENT', label: 'A percentage off' },
            { value: 'CART_FIXED', label: `A fixed amount off (${currency})` },
            { value: 'FREE_SHIPPING', label: 'Free shipping' },
          ]}
          value={draft.action}
          error={errors.action}
          disabled={readOnly}
          onChange={(event) => set('action', event.target.value as AdminPromotionAction)}
        />
        {draft.action !== 'FREE_SHIPPING' && (
          <Field
            label={draft.action === 'BY_PERCENT' ? 'Amount (%)' : `Amount (${currency})`}
            hint={draft.action === 'BY_PERCENT' ? 'More than 0, at most 100' : 'Taken off the cart'}
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
          label={`Minimum subtotal (${currency})`}
          hint="Empty: any cart"
          name="minSubtotal"
          inputMode="decimal"
          value={draft.minSubtotal}
          error={errors.minSubtotal}
          readOnly={readOnly}
          onChange={(event) => set('minSubtotal', event.target.value)}
        />
      </div>
      <PromotionLimitFields draft={draft} errors={errors} set={set} readOnly={readOnly} />
      {creating && (
        <Field
          label="Coupon code"
          hint="Shoppers enter it in the cart. Leave it empty only for a discount everyone gets."
          name="couponCode"
          autoCapitalize="characters"
          value={draft.couponCode}
          error={errors.couponCode}
          onChange={(event) => set('couponCode', event.target.value)}
        />
      )}
      {creating && (
        <CheckboxField name="active" checked={draft.active} onChange={(on) => set('active', on)}>
          Active: shoppers get it as soon as it is saved
        </CheckboxField>
      )}
    </section>
  );
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
  return (
    <div className="bo-form-row">
      <Field
        label="Starts"
        hint="Empty: at once"
        type="date"
        name="fromDate"
        value={draft.fromDate}
        error={errors.fromDate}
        readOnly={readOnly}
        onChange={(event) => set('fromDate', event.target.value)}
      />
      <Field
        label="Ends"
        hint="The last day; empty: no end"
        type="date"
        name="toDate"
        value={draft.toDate}
        error={errors.toDate}
        readOnly={readOnly}
        onChange={(event) => set('toDate', event.target.value)}
      />
      <Field
        label="Uses limit"
        hint="Orders in all; empty: no limit"
        name="usesLimit"
        inputMode="numeric"
        value={draft.usesLimit}
        error={errors.usesLimit}
        readOnly={readOnly}
        onChange={(event) => set('usesLimit', event.target.value)}
      />
      <Field
        label="Sort order"
        hint="Lower applies first"
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
