import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { DeleteSection } from '../../common/DeleteSection';
import { useT } from '../../common/useT';
import { type Category } from './categoryDraft';
import { m } from './categoryMessages';

const DeleteCategory = graphql(`
  mutation DeleteCategory($id: ID!) {
    deleteCategory(id: $id)
  }
`);

/** Delete, after a confirmation; the server refuses a category that is not empty, and says why. */
export function CategoryDeleteSection({ category }: { category: Category }) {
  const t = useT();
  const empty = category.childCount === 0 && category.productCount === 0;
  return (
    <DeleteSection
      name={category.name}
      explanation={t(empty ? m.deletable : m.notEmpty)}
      buttonLabel={t(m.delete)}
      confirmation={t(m.deleteConfirm)}
      disabled={!empty}
      onDelete={() => request(DeleteCategory, { id: category.id })}
      listPath="/categories"
    />
  );
}
