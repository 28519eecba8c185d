import { FormattedMessage } from 'react-intl';
import type { AdminCustomerFieldsFragment as Customer } from '../../__generated__/graphql';
import { EmptyState } from '../../common/ui';

/** The customer's saved addresses, with which ones are the defaults. */
export function CustomerAddresses({ addresses }: { addresses: Customer['addresses'] }) {
  return (
    <section aria-labelledby="customer-addresses" className="bo-card">
      <h2 id="customer-addresses">
        <FormattedMessage id="backoffice.customer.addresses" defaultMessage="Address book" />
      </h2>
      {addresses.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="backoffice.customer.noAddresses" defaultMessage="No saved addresses." />
        </EmptyState>
      ) : (
        <ul className="bo-list bo-grid-2">
          {addresses.map((address) => (
            <li key={address.id}>
              <address className="bo-address">
                {address.lines.map((line, index) => (
                  <span key={index} className="bo-block">
                    {line}
                  </span>
                ))}
              </address>
              {(address.defaultBilling || address.defaultShipping) && (
                <p className="bo-muted">
                  {address.defaultBilling && address.defaultShipping ? (
                    <FormattedMessage
                      id="backoffice.customer.defaultBoth"
                      defaultMessage="Default billing and shipping address"
                    />
                  ) : address.defaultBilling ? (
                    <FormattedMessage
                      id="backoffice.customer.defaultBilling"
                      defaultMessage="Default billing address"
                    />
                  ) : (
                    <FormattedMessage
                      id="backoffice.customer.defaultShipping"
                      defaultMessage="Default shipping address"
                    />
                  )}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
