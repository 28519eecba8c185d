import { Button } from '@vela/ui/Button';
import { Icon } from '@vela/ui/Icon';
import { useToast } from '@vela/ui/Toast';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { StaffOrderFieldsFragment } from '../__generated__/graphql';
import { request } from '../api/client';
import { useStaff } from '../api/session';
import { PageHeading } from '../common/PageHeading';
import { useT } from '../common/useT';
import { type ChosenCustomer, StaffOrderCustomer } from './staffOrder/StaffOrderCustomer';
import { StaffOrderCheckout } from './staffOrder/StaffOrderCheckout';
import { StaffOrderLines } from './staffOrder/StaffOrderLines';
import { PlaceStaffOrder } from './staffOrder/staffOrderApi';
import { sm } from './staffOrder/staffOrderMessages';
import { StepError } from './staffOrder/StepError';
import { useOrderStep } from './staffOrder/useOrderStep';

// An order staff take for a customer (on the phone): the customer and store view, the products
// at that customer's prices, a coupon, the address, shipping and an offline payment, the totals
// as the server computes them, then placed as the customer's own order.
export function NewOrderPage() {
  const t = useT();
  const me = useStaff();
  const toast = useToast();
  const navigate = useNavigate();
  const placing = useOrderStep();
  const [order, setOrder] = useState<StaffOrderFieldsFragment | null>(null);
  const [customer, setCustomer] = useState<ChosenCustomer | null>(null);
  const title = t(sm.title);

  const place = (current: StaffOrderFieldsFragment) =>
    placing.run(async () => {
      const { number } = (await request(PlaceStaffOrder, { id: current.id })).placeStaffOrder;
      toast.show(t(sm.placed, { number }), { tone: 'success' });
      void navigate(`/orders/${encodeURIComponent(number)}`);
    });

  return (
    <>
      <p className="bo-back">
        <Link to="/orders">
          <Icon icon={ArrowLeft} size={18} />
          {t(sm.allOrders)}
        </Link>
      </p>
      <PageHeading title={title}>{title}</PageHeading>
      {me.role === 'VIEWER' ? (
        <p className="bo-muted">{t(sm.cannotCreate)}</p>
      ) : order === null || customer === null ? (
        <StaffOrderCustomer
          onStarted={(started, chosen) => {
            setOrder(started);
            setCustomer(chosen);
          }}
        />
      ) : (
        <>
          <p>{t(sm.forCustomer, { name: customer.name, email: customer.email })}</p>
          <StaffOrderLines order={order} onChange={setOrder} />
          <StaffOrderCheckout order={order} onChange={setOrder} />
          <StepError error={placing.error} />
          <Button
            busy={placing.busy}
            disabled={order.lines.length === 0 || !order.selectedShippingMethod || !order.selectedPaymentMethod}
            onClick={() => void place(order)}
          >
            {placing.busy ? t(sm.working) : t(sm.place)}
          </Button>
        </>
      )}
    </>
  );
}
