import { useQuery } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { describeError } from '../../data/errors';
import { Image } from '@vela/ui/Image';
import { CategoryLinks } from '../../shared/CategoryLinks';
import { countryName } from '../../shared/countryName';
import { PostalAddress } from '../../shared/PostalAddress';
import { AccountOverviewQuery, OVERVIEW_ORDERS, OVERVIEW_WISHLIST } from './accountQueries';
import { AccountLoadError, AccountSkeleton } from './AccountStatus';
import { MoneyText } from './MoneyText';
import { orderDate } from './orderDate';
import { OrderStatus } from './OrderStatus';
import styles from './AccountOverview.module.css';

export const OVERVIEW_VARIABLES = { orders: OVERVIEW_ORDERS, wishlistItems: OVERVIEW_WISHLIST };

type Customer = NonNullable<NonNullable<ReturnType<typeof useOverview>['data']>['customer']>;
type Address = NonNullable<NonNullable<Customer['addresses']>[number]>;

function useOverview() {
  return useQuery(AccountOverviewQuery, { variables: OVERVIEW_VARIABLES, fetchPolicy: 'cache-first' });
}

/** A titled panel of the overview, named by its heading for screen readers. */
function Panel({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: ReactNode;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <div className={styles.panelHead}>
        <h2 id={id} className={styles.panelTitle}>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** The account's front page: latest orders, default addresses, the wish list and the profile, each with its way to edit. */
export function AccountOverview() {
  const { data, error } = useOverview();
  const customer = data?.customer;
  if (!customer) return error ? <AccountLoadError message={describeError(error).message} /> : <AccountSkeleton />;
  return (
    <>
      <h1>
        <FormattedMessage id="account.overview.title" defaultMessage="My account" />
      </h1>
      <p className={styles.greeting}>
        <FormattedMessage
          id="account.info.greeting"
          defaultMessage="Hello, {name}!"
          values={{ name: customer.firstname ?? '' }}
        />
      </p>
      <div className={styles.grid}>
        <RecentOrders customer={customer} />
        <DefaultAddresses customer={customer} />
        <WishlistPreview customer={customer} />
        <Profile customer={customer} />
      </div>
    </>
  );
}

function RecentOrders({ customer }: { customer: Customer }) {
  const intl = useIntl();
  const orders = (customer.orders?.items ?? []).flatMap((order) => (order ? [order] : []));
  const total = customer.orders?.total_count ?? orders.length;
  return (
    <Panel
      id="overview-orders"
      title={<FormattedMessage id="account.overview.orders" defaultMessage="Recent orders" />}
      action={
        total > 0 && (
          <Link to="/account/orders" className={styles.action}>
            <FormattedMessage
              id="account.overview.allOrders"
              defaultMessage="View all {count, plural, one {# order} other {# orders}}"
              values={{ count: total }}
            />
          </Link>
        )
      }
    >
      {orders.length === 0 ? (
        <>
          <p>
            <FormattedMessage id="account.overview.noOrders" defaultMessage="You have not placed an order yet." />
          </p>
          <CategoryLinks
            label={intl.formatMessage({ id: 'account.orders.categories', defaultMessage: 'Categories to shop' })}
            heading={intl.formatMessage({ id: 'account.orders.startShopping', defaultMessage: 'Start shopping:' })}
          />
        </>
      ) : (
        <ul className={styles.orders}>
          {orders.map((order) => (
            <li key={order.id} className={styles.order}>
              <Link to={`/account/orders/${encodeURIComponent(order.number)}`} className={styles.orderNumber}>
                <FormattedMessage
                  id="account.orders.link"
                  defaultMessage="#{number}"
                  values={{ number: order.number }}
                />
              </Link>
              <span className={styles.muted}>
                <FormattedDate value={orderDate(order.order_date)} dateStyle="medium" />
              </span>
              <OrderStatus state={order.state} status={order.status} />
              <MoneyText money={order.total?.grand_total} className={styles.amount} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function AddressCard({ title, address }: { title: ReactNode; address: Address | undefined }) {
  const intl = useIntl();
  return (
    <div className={styles.address}>
      <h3 className={styles.subTitle}>{title}</h3>
      {address ? (
        <PostalAddress
          address={{
            ...address,
            region: address.region?.region,
            regionCode: address.region?.region_code,
            countryCode: address.country_code,
            country: countryName(address.country_code, intl.locale),
          }}
          telephone={address.telephone}
        />
      ) : (
        <p className={styles.muted}>
          <FormattedMessage id="account.overview.noDefault" defaultMessage="None chosen yet." />
        </p>
      )}
    </div>
  );
}

function DefaultAddresses({ customer }: { customer: Customer }) {
  const addresses = (customer.addresses ?? []).flatMap((address) => (address ? [address] : []));
  return (
    <Panel
      id="overview-addresses"
      title={<FormattedMessage id="account.overview.addresses" defaultMessage="Default addresses" />}
      action={
        <Link to="/account/addresses" className={styles.action}>
          {addresses.length > 0 ? (
            <FormattedMessage id="account.overview.editAddresses" defaultMessage="Manage addresses" />
          ) : (
            <FormattedMessage id="account.overview.addAddress" defaultMessage="Add an address" />
          )}
        </Link>
      }
    >
      <div className={styles.addresses}>
        <AddressCard
          title={<FormattedMessage id="account.addresses.defaultShipping" defaultMessage="Default shipping address" />}
          address={addresses.find((a) => a.default_shipping)}
        />
        <AddressCard
          title={<FormattedMessage id="account.addresses.defaultBilling" defaultMessage="Default billing address" />}
          address={addresses.find((a) => a.default_billing)}
        />
      </div>
    </Panel>
  );
}

function WishlistPreview({ customer }: { customer: Customer }) {
  const wishlist = customer.wishlists[0];
  const count = wishlist?.items_count ?? 0;
  const products = (wishlist?.items_v2?.items ?? []).flatMap((item) => (item?.product ? [item.product] : []));
  return (
    <Panel
      id="overview-wishlist"
      title={<FormattedMessage id="account.overview.wishlist" defaultMessage="Wish list" />}
      action={
        <Link to="/wishlist" className={styles.action}>
          <FormattedMessage id="account.overview.viewWishlist" defaultMessage="View wish list" />
        </Link>
      }
    >
      <p>
        <FormattedMessage
          id="account.overview.wishlistCount"
          defaultMessage="{count, plural, =0 {Nothing kept yet: tap the heart on a product to keep it here.} one {# product kept} other {# products kept}}"
          values={{ count }}
        />
      </p>
      {products.length > 0 && (
        <ul className={styles.wishlist}>
          {products.map((product) => (
            <li key={product.uid}>
              <Link to={product.url_key ? `/${product.url_key}${product.url_suffix ?? '.html'}` : '/wishlist'}>
                {product.small_image?.url && (
                  <Image src={product.small_image.url} alt="" width={96} height={120} widths={[96, 192]} />
                )}
                <span className={styles.productName}>{product.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function Profile({ customer }: { customer: Customer }) {
  return (
    <Panel
      id="overview-profile"
      title={<FormattedMessage id="account.overview.profile" defaultMessage="Account information" />}
      action={
        <Link to="/account/information" className={styles.action}>
          <FormattedMessage id="account.overview.editProfile" defaultMessage="Edit name, e-mail or password" />
        </Link>
      }
    >
      <p className={styles.profile}>
        <span>{[customer.firstname, customer.lastname].filter(Boolean).join(' ')}</span>
        <span className={styles.email}>{customer.email}</span>
      </p>
    </Panel>
  );
}
