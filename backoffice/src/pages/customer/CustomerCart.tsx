import { FormattedMessage, useIntl } from 'react-intl';
import type { AdminCustomerFieldsFragment as Customer } from '../../__generated__/graphql';
import { formatDateTime, formatMoney } from '../../common/format';
import { DataTable } from '../../common/list/DataTable';
import { EmptyState } from '../../common/ui';

// The cart the customer is filling now, priced as the shop prices it (tier prices included): read
// only, so staff can answer "what is in my basket?" on the phone.

type Line = NonNullable<Customer['activeCart']>['lines'][number];

export function CustomerCart({ cart }: { cart: Customer['activeCart'] }) {
  const intl = useIntl();
  return (
    <section aria-labelledby="customer-cart" className="bo-card">
      <h2 id="customer-cart">
        <FormattedMessage id="backoffice.customer.cart" defaultMessage="Active cart" />
      </h2>
      {!cart || cart.lines.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="backoffice.customer.cartEmpty" defaultMessage="The customer's cart is empty." />
        </EmptyState>
      ) : (
        <>
          <DataTable<Line>
            caption={
              <FormattedMessage
                id="backoffice.customer.cartCaption"
                defaultMessage="In the cart, last changed {at}"
                values={{ at: formatDateTime(intl, cart.updatedAt) }}
              />
            }
            captionVisible
            columns={[
              {
                key: 'product',
                header: <FormattedMessage id="backoffice.customer.cartProduct" defaultMessage="Product" />,
                cell: (line) => (
                  <>
                    {line.name} <span className="bo-muted">{line.sku}</span>
                  </>
                ),
              },
              {
                key: 'quantity',
                header: <FormattedMessage id="backoffice.customer.cartQuantity" defaultMessage="Quantity" />,
                numeric: true,
                cell: (line) => intl.formatNumber(line.quantity),
              },
              {
                key: 'price',
                header: <FormattedMessage id="backoffice.customer.cartPrice" defaultMessage="Price each" />,
                numeric: true,
                cell: (line) => formatMoney(intl, line.unitPrice),
              },
              {
                key: 'total',
                header: <FormattedMessage id="backoffice.customer.cartRowTotal" defaultMessage="Row total" />,
                numeric: true,
                cell: (line) => formatMoney(intl, line.rowTotal),
              },
            ]}
            rows={cart.lines}
            rowKey={(line) => line.sku}
          />
          <p>
            <FormattedMessage
              id="backoffice.customer.cartSubtotal"
              defaultMessage="Subtotal: {amount}"
              values={{ amount: formatMoney(intl, cart.subtotal) }}
            />
          </p>
        </>
      )}
    </section>
  );
}
