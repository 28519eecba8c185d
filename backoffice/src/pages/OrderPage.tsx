import { ArrowLeft } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { Icon } from '@vela/ui/Icon';
import { graphql } from '../__generated__';
import { useQuery } from '../api/useQuery';
import { formatDateTime } from '../common/format';
import { PageHeading } from '../common/PageHeading';
import { EmptyState, ErrorMessage, Loading, StatusBadge } from '../common/ui';
import { useT } from '../common/useT';
import { OrderActions } from './orders/OrderActions';
import { type Order, useActions } from './orders/useOrderActions';
import { OrderComments } from './orders/OrderComments';
import { OrderItems } from './orders/OrderItems';
import { OrderRecords } from './orders/OrderRecords';
import { PaymentSection } from './orders/PaymentSection';
import { m } from './orders/orderMessages';

graphql(`
  fragment AdminOrderFields on AdminOrder {
    number
    status
    allowedActions
    createdAt
    storeCode
    email
    customerName
    customerEmail
    items {
      line
      sku
      name
      options
      quantityOrdered
      quantityInvoiced
      quantityShipped
      quantityRefunded
      price {
        value
        currency
      }
      rowTotal {
        value
        currency
      }
    }
    subtotal {
      value
      currency
    }
    discount {
      value
      currency
    }
    shipping {
      value
      currency
    }
    tax {
      value
      currency
    }
    grandTotal {
      value
      currency
    }
    totalPaid {
      value
      currency
    }
    totalRefunded {
      value
      currency
    }
    couponCode
    shippingMethod
    paymentMethod
    shippingAddress
    billingAddress
    invoices {
      number
      createdAt
      lines {
        line
        sku
        quantity
      }
      grandTotal {
        value
        currency
      }
    }
    shipments {
      number
      lines {
        line
        sku
        quantity
      }
      carrier
      carrierTitle
      trackingNumber
      createdAt
    }
    refunds {
      number
      returnedToStock
      createdAt
      grandTotal {
        value
        currency
      }
    }
    paymentTransactions {
      kind
      status
      amount {
        value
        currency
      }
      gatewayId
      failure
      createdAt
    }
    comments {
      message
      author
      visibleToCustomer
      createdAt
    }
  }
`);

const OrderQuery = graphql(`
  query Order($number: String!) {
    order(number: $number) {
      ...AdminOrderFields
    }
  }
`);

export function OrderPage() {
  const t = useT();
  const { number = '' } = useParams();
  const { data, error, loading, refetch, setData } = useQuery(OrderQuery, { number });
  const order = data?.order;
  return (
    <>
      <p className="bo-back">
        <Link to="/orders">
          <Icon icon={ArrowLeft} size={18} />
          {t(m.all)}
        </Link>
      </p>
      <PageHeading title={t(m.title, { number })}>
        {t(m.title, { number })} {order && <StatusBadge status={order.status} />}
      </PageHeading>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && <Loading label={t(m.loading)} />}
      {data && !order && <EmptyState>{t(m.missing, { number })}</EmptyState>}
      {order && <OrderDetails order={order} onChange={(next) => setData({ order: next })} />}
    </>
  );
}

function OrderDetails({ order, onChange }: { order: Order; onChange: (order: Order) => void }) {
  const intl = useIntl();
  const actions = useActions(order, onChange);
  return (
    <div className="bo-order">
      <p className="bo-muted">
        <FormattedMessage
          {...m.placed}
          values={{
            date: formatDateTime(intl, order.createdAt),
            store: order.storeCode,
            customer: order.customerName,
            email: order.email,
            guest: order.customerEmail ? 'no' : 'yes',
            mail: (text) => <a href={`mailto:${order.email}`}>{text}</a>,
          }}
        />
      </p>
      <OrderActions order={order} actions={actions} />
      <OrderItems order={order} />
      <OrderRecords order={order} />
      <PaymentSection order={order} actions={actions} />
      <OrderComments order={order} actions={actions} />
    </div>
  );
}
