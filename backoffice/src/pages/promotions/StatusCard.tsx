import { type Promotion } from './promotionDraft';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Modal } from '@vela/ui/Modal';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { useStaff } from '../../api/session';
import { messageOf } from '../../common/errorText';
import { datesText, discountText, usesText } from '../promotionText';

const SetPromotionActive = graphql(`
  mutation SetPromotionActive($id: ID!, $active: Boolean!) {
    setPromotionActive(id: $id, active: $active) {
      ...AdminPromotionFields
    }
  }
`);

const DeletePromotion = graphql(`
  mutation DeletePromotion($id: ID!) {
    deletePromotion(id: $id)
  }
`);

/** State, uses and the actions on the whole rule: switch on or off, delete an unused one. */
export function StatusCard({ promotion, onChange }: { promotion: Promotion; onChange: (next: Promotion) => void }) {
  const intl = useIntl();
  const me = useStaff();
  const toast = useToast();
  const navigate = useNavigate();
  const [running, setRunning] = useState<'active' | 'delete' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const used = promotion.timesUsed > 0 || promotion.couponUses > 0;

  const toggle = async () => {
    if (running) return;
    setRunning('active');
    setError(null);
    try {
      const next = (await request(SetPromotionActive, { id: promotion.id, active: !promotion.active }))
        .setPromotionActive;
      onChange(next);
      toast.show(next.active ? 'The promotion is active.' : 'The promotion is switched off.', { tone: 'success' });
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setRunning(null);
    }
  };

  const remove = async () => {
    if (running) return;
    setRunning('delete');
    setError(null);
    try {
      await request(DeletePromotion, { id: promotion.id });
      toast.show(`“${promotion.name}” is deleted.`, { tone: 'success' });
      void navigate('/promotions');
    } catch (caught) {
      setError(messageOf(caught));
      setRunning(null);
    }
  };

  return (
    <section aria-labelledby="promotion-status" className="bo-card">
      <h2 id="promotion-status">Status and use</h2>
      <dl className="bo-promotion-facts">
        <dt>State</dt>
        <dd>{promotion.active ? 'Active: shoppers get it when the cart qualifies' : 'Inactive: nobody gets it'}</dd>
        <dt>Discount</dt>
        <dd>{discountText(intl, promotion)}</dd>
        <dt>Dates</dt>
        <dd>{datesText(intl, promotion.fromDate, promotion.toDate)}</dd>
        <dt>Orders that used it</dt>
        <dd>{usesText(intl, promotion.timesUsed, promotion.usesLimit)}</dd>
        <dt>Coupon codes</dt>
        <dd>
          {promotion.couponCount === 0
            ? 'None: the discount applies by itself to every cart that qualifies'
            : `${intl.formatNumber(promotion.couponCount)}, used ${intl.formatNumber(promotion.couponUses)} ${promotion.couponUses === 1 ? 'time' : 'times'} in all`}
        </dd>
      </dl>
      {me.role === 'VIEWER' ? (
        <p className="bo-notice">Your role can read promotions but not change them.</p>
      ) : (
        <div className="bo-action-row">
          <Button
            variant={promotion.active ? 'secondary' : 'primary'}
            busy={running === 'active'}
            onClick={() => void toggle()}
          >
            {promotion.active ? 'Switch off' : 'Switch on'}
          </Button>
          {!used && (
            <Button variant="ghost" disabled={running !== null} onClick={() => setConfirming(true)}>
              Delete promotion
            </Button>
          )}
        </div>
      )}
      {used && me.role !== 'VIEWER' && (
        <p className="bo-muted">Orders used this promotion, so it stays for the record: switch it off instead.</p>
      )}
      {error && !confirming && (
        <p className="bo-inline-error" role="alert">
          {error}
        </p>
      )}
      <Modal open={confirming} onClose={() => setConfirming(false)} title={`Delete “${promotion.name}”?`}>
        <p>The promotion and its coupon codes are removed. Carts that carry one of its codes lose the discount.</p>
        {error && (
          <p className="bo-inline-error" role="alert">
            {error}
          </p>
        )}
        <div className="bo-action-row">
          <Button busy={running === 'delete'} onClick={() => void remove()}>
            Yes, delete it
          </Button>
          <Button variant="secondary" disabled={running !== null} onClick={() => setConfirming(false)}>
            Keep it
          </Button>
        </div>
      </Modal>
    </section>
  );
}
