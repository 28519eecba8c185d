import { useSearchParams } from 'react-router';
import { NewConfigurableForm } from './NewConfigurableForm';
import { NewProductForm } from './ProductPage';

/**
 * A new product: the product form, empty, for a simple one; `?type=configurable` for one with
 * variants. Saved, it opens the product's own page.
 */
export function NewProductPage() {
  const [params] = useSearchParams();
  return params.get('type') === 'configurable' ? <NewConfigurableForm /> : <NewProductForm />;
}
