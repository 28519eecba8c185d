import { Link, useNavigate } from 'react-router';
import { graphql } from '../__generated__';
import type { AttributeRowFragment as Row } from '../__generated__/graphql';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { PageHeading } from '../common/PageHeading';
import { type Column, DataTable } from '../common/list/DataTable';
import { ErrorMessage, Loading } from '../common/ui';
import { useT } from '../common/useT';
import { AttributeForm } from './attributes/AttributeForm';
import { inputLabel } from './attributes/attributeInputs';
import { attributeMessages as m } from './attributes/attributeMessages';

// Product attributes (Magento's Stores › Attributes › Product): everyone reads the list; the owner
// adds attributes here and opens one to change it, its options, or delete it.

graphql(`
  fragment AttributeRow on AdminProductAttribute {
    code
    label
    input
    filterable
    visibleOnFront
    productCount
  }
`);

const AttributesQuery = graphql(`
  query ProductAttributes {
    productAttributes {
      ...AttributeRow
    }
    storeViews {
      stores {
        code
        name
        isDefault
      }
    }
  }
`);

export function AttributesPage() {
  const t = useT();
  const me = useStaff();
  const navigate = useNavigate();
  const owner = me.role === 'OWNER';
  const { data, error, loading, refetch } = useQuery(AttributesQuery, {});
  const title = t(m.title);
  const yesNo = (value: boolean) => t(value ? m.yes : m.no);
  const columns: Column<Row>[] = [
    {
      key: 'code',
      header: t(m.code),
      rowHeader: true,
      cell: (row) => (
        <Link to={`/attributes/${row.code}`} aria-label={t(m.open, { name: row.label })}>
          {row.code}
        </Link>
      ),
    },
    { key: 'label', header: t(m.label), cell: (row) => row.label },
    { key: 'input', header: t(m.input), cell: (row) => t(inputLabel(row.input)) },
    { key: 'filterable', header: t(m.filterableColumn), cell: (row) => yesNo(row.filterable) },
    { key: 'visible', header: t(m.visibleColumn), cell: (row) => yesNo(row.visibleOnFront) },
    { key: 'products', header: t(m.productsColumn), numeric: true, cell: (row) => row.productCount },
  ];
  return (
    <>
      <PageHeading title={title}>{title}</PageHeading>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && <Loading label={t(m.loading)} />}
      {!owner && <p className="bo-notice">{t(m.readOnly)}</p>}
      {data && (
        <section className="bo-card" aria-label={title}>
          <DataTable<Row> caption={title} rows={data.productAttributes} rowKey={(row) => row.code} columns={columns} />
        </section>
      )}
      {owner && data && (
        <section className="bo-card" aria-labelledby="attribute-add">
          <h2 id="attribute-add">{t(m.addTitle)}</h2>
          <AttributeForm
            stores={data.storeViews.stores.filter((s) => !s.isDefault)}
            readOnly={false}
            onSaved={(saved) => void navigate(`/attributes/${saved.code}`, { state: { added: saved.label } })}
          />
        </section>
      )}
    </>
  );
}
