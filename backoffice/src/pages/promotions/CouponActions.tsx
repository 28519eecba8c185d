import { type Coupon, limitOf } from './couponValues';
import { type FormEvent, useState } from 'react';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Modal } from '@vela/ui/Modal';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { messageOf } from '../../common/errorText';
import { useT } from '../../common/useT';
import { m } from './promotionMessages';

const RemoveCoupon = graphql(`
  mutation RemoveCoupon($code: String!) {
    removeCoupon(code: $code) {
      id
    }
  }
`);

const SetCouponUsageLimit = graphql(`
  mutation SetCouponUsageLimit($code: String!, $usageLimit: Int) {
    setCouponUsageLimit(code: $code, usageLimit: $usageLimit) {
      id
    }
  }
`);

/** Change the usage limit (in a dialog) or remove an unused code. */
export function CouponActions({ coupon, last, onChange }: { coupon: Coupon; last: boolean; onChange: () => void }) {
  const t = useT();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [limit, setLimit] = useState('');
  const [limitError, setLimitError] = useState<string | null>(null);
  const [running, setRunning] = useState<'limit' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const open = () => {
    setLimit(coupon.usageLimit != null ? String(coupon.usageLimit) : '');
    setLimitError(null);
    setEditing(true);
  };

  const saveLimit = async (event: FormEvent) => {
    event.preventDefault();
    if (running) return;
    const usageLimit = limitOf(limit);
    if (usageLimit === undefined) {
      setLimitError(t(m.limitInvalid));
      return;
    }
    setRunning('limit');
    setLimitError(null);
    try {
      await request(SetCouponUsageLimit, { code: coupon.code, usageLimit });
      setEditing(false);
      toast.show(t(m.limitSaved, { code: coupon.code }), { tone: 'success' });
      onChange();
    } catch (caught) {
      setLimitError(messageOf(caught));
    } finally {
      setRunning(null);
    }
  };

  const remove = async () => {
    if (running) return;
    setRunning('remove');
    setError(null);
    try {
      await request(RemoveCoupon, { code: coupon.code });
      toast.show(t(m.removed, { code: coupon.code }), { tone: 'success' });
      onChange();
    } catch (caught) {
      setError(messageOf(caught));
      setRunning(null);
    }
  };

  const why = coupon.timesUsed > 0 ? t(m.usedStaysCode) : last ? t(m.lastCodeStays) : null;
  return (
    <div className="bo-coupon-actions">
      <Button variant="secondary" onClick={open} aria-label={t(m.usageLimitOf, { code: coupon.code })}>
        {t(m.usageLimit)}
      </Button>
      {why === null ? (
        <Button
          variant="ghost"
          busy={running === 'remove'}
          onClick={() => void remove()}
          aria-label={t(m.removeCode, { code: coupon.code })}
        >
          {t(m.remove)}
        </Button>
      ) : (
        <span className="bo-muted">{why}</span>
      )}
      {error && (
        <p className="bo-inline-error" role="alert">
          {error}
        </p>
      )}
      <Modal open={editing} onClose={() => setEditing(false)} title={t(m.usageLimitOf, { code: coupon.code })}>
        <form onSubmit={(e) => void saveLimit(e)} noValidate>
          <Field
            label={t(m.usageLimit)}
            hint={t(m.usageLimitUsed, { uses: coupon.timesUsed })}
            name="usageLimit"
            inputMode="numeric"
            value={limit}
            error={limitError ?? undefined}
            onChange={(event) => setLimit(event.target.value)}
          />
          <div className="bo-action-row">
            <Button type="submit" busy={running === 'limit'}>
              {t(m.saveLimit)}
            </Button>
            <Button variant="secondary" disabled={running !== null} onClick={() => setEditing(false)}>
              {t(m.cancel)}
            </Button>
          </div>
        </form>
      </Modal>
    </div>
  );
}
