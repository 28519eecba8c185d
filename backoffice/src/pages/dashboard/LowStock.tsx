import { FormattedMessage } from 'react-intl';
import type { DashboardQuery } from '../../__generated__/graphql';
import { type Column, DataTable } from '../../common/list/DataTable';
import { EmptyState } from '../../common/ui';

type Product = DashboardQuery['dashboard']['lowStock'][number];

const columns: Column<Product>[] = [
  {
    key: 'product',
    header: <FormattedMessage id="backoffice.dashboard.product" defaultMessage="Product" />,
    rowHeader: true,
    cell: (product) => product.name,
  },
  {
    key: 'sku',
    header: <FormattedMessage id="backoffice.dashboard.sku" defaultMessage="SKU" />,
    cell: (product) => product.sku,
  },
  {
    key: 'left',
    header: <FormattedMessage id="backoffice.dashboard.left" defaultMessage="Left" />,
    numeric: true,
    cell: (product) => product.quantity,
  },
];

/** Products with 5 or fewer left, fewest first. */
export function LowStock({ products }: { products: readonly Product[] }) {
  return (
    <section aria-labelledby="stock-heading" className="bo-card">
      <h2 id="stock-heading">
        <FormattedMessage id="backoffice.dashboard.lowStock" defaultMessage="Low stock" />
      </h2>
      {products.length === 0 ? (
        <EmptyState>
          <FormattedMessage
            id="backoffice.dashboard.lowStockNone"
            defaultMessage="No product is running low (5 or fewer left)."
          />
        </EmptyState>
      ) : (
        <DataTable
          caption={
            <FormattedMessage
              id="backoffice.dashboard.lowStockCaption"
              defaultMessage="Products with 5 or fewer left, fewest first"
            />
          }
          columns={columns}
          rows={products}
          rowKey={(product) => product.sku}
        />
      )}
    </section>
  );
}
