import { type Coupon, LIMIT_ERROR, LIMIT_HINT, REQUIRED, limitOf } from './promotions/couponValues';
import { GenerateForm } from './promotions/GenerateCouponsForm';
import { CouponActions } from './promotions/CouponActions';
import { type FormEvent, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { focusFirstInvalid } from '@vela/ui/focusFirstInvalid';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import { ApiError, request } from '../api/client';
import { useStaff } from '../api/session';
import { EmptyState } from '../common/ui';
import { messageOf } from '../common/errorText';
import { fieldOfMessage, usesText } from './promotionText';

// A rule's coupon codes: the page of codes with their uses, and (for staff) adding one typed
// code, generating many, removing an unused one and changing a code's usage limit.

const AddCoupon = graphql(`
  mutation AddCoupon($input: AdminAddCouponInput!) {
    addCoupon(input: $input) {
      codes
    }
  }
`);

interface CouponsProps {
  promotion: { id: string; active: boolean; couponCount: number };
  coupons: { items: Coupon[]; totalCount: number; page: number; totalPages: number };
  /** Something changed: read the rule and its codes again. */
  onChange: () => void;
}

export function CouponsSection({ promotion, coupons, onChange }: CouponsProps) {
  const intl = useIntl();
  const me = useStaff();
  const readOnly = me.role === 'VIEWER';
  return (
    <section aria-labelledby="promotion-coupons" className="bo-card">
      <h2 id="promotion-coupons">Coupon codes</h2>
      <p className="bo-muted">
        {coupons.totalCount === 0
          ? 'This promotion has no codes: it applies by itself to every cart that qualifies. Add a code to limit it to shoppers who enter one.'
          : `${intl.formatNumber(coupons.totalCount)} ${coupons.totalCount === 1 ? 'code' : 'codes'}; shoppers may type them in any case.`}
      </p>
      {!readOnly && (
        <div className="bo-grid-2">
          <AddCouponForm promotionId={promotion.id} onChange={onChange} />
          <GenerateForm promotionId={promotion.id} onChange={onChange} />
        </div>
      )}
      {coupons.items.length === 0 ? (
        <EmptyState>No coupon codes.</EmptyState>
      ) : (
        <div className="bo-table-wrap">
          <table className="bo-table">
            <caption className="visually-hidden">
              Coupon codes in alphabetical order, page {coupons.page} of {coupons.totalPages}
            </caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col" className="bo-num">
                  Used
                </th>
                {!readOnly && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {coupons.items.map((coupon) => (
                <tr key={coupon.code}>
                  <th scope="row">
                    <code>{coupon.code}</code>
                  </th>
                  <td className="bo-num">{usesText(intl, coupon.timesUsed, coupon.usageLimit)}</td>
                  {!readOnly && (
                    <td>
                      <CouponActions
                        coupon={coupon}
                        last={promotion.active && promotion.couponCount === 1}
                        onChange={onChange}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function AddCouponForm({ promotionId, onChange }: { promotionId: string; onChange: () => void }) {
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [code, setCode] = useState('');
  const [limit, setLimit] = useState('');
  const [errors, setErrors] = useState<{ code?: string; limit?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const usageLimit = limitOf(limit);
    const found = {
      code: code.trim() ? undefined : REQUIRED,
      limit: usageLimit === undefined ? LIMIT_ERROR : undefined,
    };
    setErrors(found);
    if (found.code || found.limit) {
      focusFirstInvalid(formRef);
      return;
    }
    setBusy(true);
    try {
      const added = (await request(AddCoupon, { input: { promotionId, code: code.trim(), usageLimit } })).addCoupon;
      toast.show(`${added.codes[0]} is added.`, { tone: 'success' });
      setCode('');
      setLimit('');
      onChange();
    } catch (caught) {
      const message = messageOf(caught);
      const field =
        caught instanceof ApiError
          ? fieldOfMessage(message, { 'Coupon code': 'code', 'Usage limit': 'limit' } as const)
          : null;
      setErrors(field ? { [field]: message } : { form: message });
      if (field) focusFirstInvalid(formRef);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="bo-subform" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="add-coupon">
      <h3 id="add-coupon">Add a code</h3>
      <Field
        label="Coupon code"
        hint="3 to 32 letters, digits, hyphens or underscores"
        name="code"
        autoCapitalize="characters"
        value={code}
        error={errors.code}
        required
        onChange={(event) => setCode(event.target.value)}
      />
      <Field
        label="Usage limit"
        hint={LIMIT_HINT}
        name="usageLimit"
        inputMode="numeric"
        value={limit}
        error={errors.limit}
        onChange={(event) => setLimit(event.target.value)}
      />
      {errors.form && (
        <p className="bo-inline-error" role="alert">
          {errors.form}
        </p>
      )}
      <Button type="submit" busy={busy}>
        Add code
      </Button>
    </form>
  );
}
