import { type Coupon, limitOf } from './promotions/couponValues';
import { GenerateForm } from './promotions/GenerateCouponsForm';
import { CouponActions } from './promotions/CouponActions';
import { type FormEvent, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Field } from '@vela/ui/Field';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import { request } from '../api/client';
import { useStaff } from '../api/session';
import { EmptyState } from '../common/ui';
import { FormFooter, useFormSave } from '../common/form';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { type Column, DataTable } from '../common/list/DataTable';
import { useT } from '../common/useT';
import { fieldOfMessage, usesText } from './promotionText';
import { m } from './promotions/promotionMessages';
import { UsageLimitField } from './promotions/UsageLimitField';

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
  const t = useT();
  const me = useStaff();
  const readOnly = me.role === 'VIEWER';
  const columns: Column<Coupon>[] = [
    { key: 'code', header: t(m.code), rowHeader: true, cell: (coupon) => <code>{coupon.code}</code> },
    {
      key: 'used',
      header: t(m.used),
      numeric: true,
      cell: (coupon) => usesText(intl, coupon.timesUsed, coupon.usageLimit),
    },
    ...(readOnly
      ? []
      : [
          {
            key: 'actions',
            header: t(m.actions),
            cell: (coupon: Coupon) => (
              <CouponActions
                coupon={coupon}
                last={promotion.active && promotion.couponCount === 1}
                onChange={onChange}
              />
            ),
          },
        ]),
  ];
  return (
    <section aria-labelledby="promotion-coupons" className="bo-card">
      <h2 id="promotion-coupons">{t(m.couponCodes)}</h2>
      <p className="bo-muted">
        {coupons.totalCount === 0 ? t(m.noCodes) : t(m.codeCount, { count: coupons.totalCount })}
      </p>
      {!readOnly && (
        <div className="bo-grid-2">
          <AddCouponForm promotionId={promotion.id} onChange={onChange} />
          <GenerateForm promotionId={promotion.id} onChange={onChange} />
        </div>
      )}
      {coupons.items.length === 0 ? (
        <EmptyState>{t(m.noCoupons)}</EmptyState>
      ) : (
        <DataTable
          caption={t(m.couponsCaption, { page: coupons.page, totalPages: coupons.totalPages })}
          columns={columns}
          rows={coupons.items}
          rowKey={(coupon) => coupon.code}
        />
      )}
    </section>
  );
}

function AddCouponForm({ promotionId, onChange }: { promotionId: string; onChange: () => void }) {
  const t = useT();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [code, setCode] = useState('');
  const [limit, setLimit] = useState('');
  // The toast names the code the server kept (it writes codes in capitals).
  const { errors, formError, saving, save } = useFormSave(formRef, null, {
    fieldOf: (error) => fieldOfMessage(error.message, { 'Coupon code': 'code', 'Usage limit': 'limit' } as const),
    repeatAbove: false,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const usageLimit = limitOf(limit);
    const found = {
      code: code.trim() ? undefined : t(fieldMessages.required),
      limit: usageLimit === undefined ? t(m.limitInvalid) : undefined,
    };
    void save(found, async () => {
      const added = (await request(AddCoupon, { input: { promotionId, code: code.trim(), usageLimit } })).addCoupon;
      toast.show(t(m.added, { code: added.codes[0] }), { tone: 'success' });
      setCode('');
      setLimit('');
      onChange();
    });
  };

  return (
    <form ref={formRef} className="bo-subform" onSubmit={submit} noValidate aria-labelledby="add-coupon">
      <h3 id="add-coupon">{t(m.addCode)}</h3>
      <Field
        label={t(m.couponCode)}
        hint={t(m.codeHint)}
        name="code"
        autoCapitalize="characters"
        value={code}
        error={errors.code}
        required
        onChange={(event) => setCode(event.target.value)}
      />
      <UsageLimitField value={limit} error={errors.limit} onChange={setLimit} />
      <FormFooter error={formError} saving={saving} label={t(m.addCodeButton)} className="bo-coupon-footer" />
    </form>
  );
}
