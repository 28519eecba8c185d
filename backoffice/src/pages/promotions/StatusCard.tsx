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
import { useT } from '../../common/useT';
import { datesText, discountText, usesText } from '../promotionText';
import { m } from './promotionMessages';

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
  const t = useT();
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
      toast.show(t(next.active ? m.switchedOn : m.switchedOff), { tone: 'success' });
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
      toast.show(t(m.deleted, { name: promotion.name }), { tone: 'success' });
      void navigate('/promotions');
    } catch (caught) {
      setError(messageOf(caught));
      setRunning(null);
    }
  };

  return (
    <section aria-labelledby="promotion-status" className="bo-card">
      <h2 id="promotion-status">{t(m.statusTitle)}</h2>
      <dl className="bo-promotion-facts">
        <dt>{t(m.state)}</dt>
        <dd>{t(promotion.active ? m.stateActive : m.stateInactive)}</dd>
        <dt>{t(m.discount)}</dt>
        <dd>{discountText(intl, promotion)}</dd>
        <dt>{t(m.dates)}</dt>
        <dd>{datesText(intl, promotion.fromDate, promotion.toDate)}</dd>
        <dt>{t(m.ordersUsed)}</dt>
        <dd>{usesText(intl, promotion.timesUsed, promotion.usesLimit)}</dd>
        <dt>{t(m.couponCodes)}</dt>
        <dd>
          {promotion.couponCount === 0
            ? t(m.noCodesFact)
            : t(m.codesFact, { count: promotion.couponCount, uses: promotion.couponUses })}
        </dd>
      </dl>
      {me.role === 'VIEWER' ? (
        <p className="bo-notice">{t(m.readOnly)}</p>
      ) : (
        <div className="bo-action-row">
          <Button
            variant={promotion.active ? 'secondary' : 'primary'}
            busy={running === 'active'}
            onClick={() => void toggle()}
          >
            {t(promotion.active ? m.switchOff : m.switchOn)}
          </Button>
          {!used && (
            <Button variant="ghost" disabled={running !== null} onClick={() => setConfirming(true)}>
              {t(m.delete)}
            </Button>
          )}
        </div>
      )}
      {used && me.role !== 'VIEWER' && <p className="bo-muted">{t(m.usedStays)}</p>}
      {error && !confirming && (
        <p className="bo-inline-error" role="alert">
          {error}
        </p>
      )}
      <Modal open={confirming} onClose={() => setConfirming(false)} title={t(m.deleteTitle, { name: promotion.name })}>
        <p>{t(m.deleteText)}</p>
        {error && (
          <p className="bo-inline-error" role="alert">
            {error}
          </p>
        )}
        <div className="bo-action-row">
          <Button busy={running === 'delete'} onClick={() => void remove()}>
            {t(m.deleteConfirm)}
          </Button>
          <Button variant="secondary" disabled={running !== null} onClick={() => setConfirming(false)}>
            {t(m.deleteKeep)}
          </Button>
        </div>
      </Modal>
    </section>
  );
}
