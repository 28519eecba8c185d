import { type Coupon, LIMIT_ERROR, LIMIT_HINT, limitOf } from './couponValues';
import { type FormEvent, useState } from 'react';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Modal } from '@vela/ui/Modal';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { messageOf } from '../../common/errorText';

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
      setLimitError(LIMIT_ERROR);
      return;
    }
    setRunning('limit');
    setLimitError(null);
    try {
      await request(SetCouponUsageLimit, { code: coupon.code, usageLimit });
      setEditing(false);
      toast.show(`The usage limit of ${coupon.code} is saved.`, { tone: 'success' });
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
      toast.show(`${coupon.code} is removed.`, { tone: 'success' });
      onChange();
    } catch (caught) {
      setError(messageOf(caught));
      setRunning(null);
    }
  };

  const why =
    coupon.timesUsed > 0
      ? 'Used codes stay for the record.'
      : last
        ? 'The last code of an active promotion stays: switch the promotion off first.'
        : null;
  return (
    <div className="bo-coupon-actions">
      <Button variant="secondary" onClick={open} aria-label={`Usage limit of ${coupon.code}`}>
        Usage limit
      </Button>
      {why === null ? (
        <Button
          variant="ghost"
          busy={running === 'remove'}
          onClick={() => void remove()}
          aria-label={`Remove ${coupon.code}`}
        >
          Remove
        </Button>
      ) : (
        <span className="bo-muted">{why}</span>
      )}
      {error && (
        <p className="bo-inline-error" role="alert">
          {error}
        </p>
      )}
      <Modal open={editing} onClose={() => setEditing(false)} title={`Usage limit of ${coupon.code}`}>
        <form onSubmit={(e) => void saveLimit(e)} noValidate>
          <Field
            label="Usage limit"
            hint={`${LIMIT_HINT}. Used ${coupon.timesUsed} ${coupon.timesUsed === 1 ? 'time' : 'times'} so far.`}
            name="usageLimit"
            inputMode="numeric"
            value={limit}
            error={limitError ?? undefined}
            onChange={(event) => setLimit(event.target.value)}
          />
          <div className="bo-action-row">
            <Button type="submit" busy={running === 'limit'}>
              Save limit
            </Button>
            <Button variant="secondary" disabled={running !== null} onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      </Modal>
    </div>
  );
}
