import { NewProductForm } from './ProductPage';

/** A new simple product: the product form, empty; saved, it opens the product's own page. */
export function NewProductPage() {
  return <NewProductForm />;
}
