import { useIntl } from 'react-intl';
import { CategoryLinks } from '../../shared/CategoryLinks';

/** An empty cart's way on: the shop's top categories. */
export function EmptyCartCategories({ onNavigate }: { onNavigate?: () => void }) {
  const intl = useIntl();
  return (
    <CategoryLinks
      label={intl.formatMessage({ id: 'cart.empty.categories', defaultMessage: 'Categories to browse' })}
      heading={intl.formatMessage({ id: 'cart.empty.browse', defaultMessage: 'Or browse a category:' })}
      onNavigate={onNavigate}
    />
  );
}
