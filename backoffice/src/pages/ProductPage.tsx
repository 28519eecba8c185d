import { ArrowLeft } from 'lucide-react';
import { type MessageDescriptor, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { Icon } from '@vela/ui/Icon';
import { graphql } from '../__generated__';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { PageHeading } from '../common/PageHeading';
import { EmptyState, ErrorMessage, Loading } from '../common/ui';
import { ProductGallery } from './ProductGallery';
import { ProductVariants } from './ProductVariants';
import { ProductForm } from './products/ProductForm';
import { ProductLinksSection } from './products/ProductLinksSection';
import { TierPricesSection } from './products/TierPricesSection';
import { ProductStoreTexts } from './products/ProductStoreTexts';
import { productMessages as m } from './products/productMessages';

graphql(`
  fragment AdminProductFields on AdminProduct {
    sku
    type
    parentSku
    name
    urlKey
    description
    shortDescription
    metaTitle
    metaDescription
    price {
      value
      currency
    }
    specialPrice {
      value
      currency
    }
    minPrice {
      value
      currency
    }
    maxPrice {
      value
      currency
    }
    stockQty
    inStock
    enabled
    storefrontPath
    categories {
      id
      path
    }
    images {
      url
      label
    }
    configurableAttributes {
      code
      label
    }
    attributes {
      code
      label
      values
    }
    variants {
      sku
      options
      price {
        value
        currency
      }
      specialPrice {
        value
        currency
      }
      stockQty
      enabled
    }
  }
`);

const ProductQuery = graphql(`
  query AdminProduct($sku: String!) {
    product(sku: $sku) {
      ...AdminProductFields
    }
    productCategoryChoices {
      id
      path
    }
    configurableAttributeChoices {
      code
      label
      options
    }
  }
`);

const CategoryChoicesQuery = graphql(`
  query AdminProductCategoryChoices {
    productCategoryChoices {
      id
      path
    }
  }
`);

export function ProductPage() {
  const intl = useIntl();
  const { sku = '' } = useParams();
  const { data, error, loading, refetch, setData } = useQuery(ProductQuery, { sku });
  const product = data?.product;
  const me = useStaff();
  return (
    <>
      <BackLink />
      <PageHeading title={product?.name ?? sku}>{product?.name ?? sku}</PageHeading>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && <Loading label={intl.formatMessage(m.loading)} />}
      {data && !product && <EmptyState>{intl.formatMessage(m.missing as MessageDescriptor, { sku })}</EmptyState>}
      {data && product && (
        <>
          <ProductForm
            key={product.sku}
            product={product}
            choices={data.productCategoryChoices}
            attributeChoices={data.configurableAttributeChoices}
            onSaved={(next) => setData({ ...data, product: next })}
          />
          {product.type === 'CONFIGURABLE' && (
            <ProductVariants
              key={`${product.sku}-variants`}
              product={product}
              readOnly={me.role === 'VIEWER'}
              onSaved={(next) => setData({ ...data, product: next })}
            />
          )}
          <ProductStoreTexts key={`${product.sku}-store-texts`} sku={product.sku} />
          <ProductGallery
            key={`${product.sku}-images`}
            product={product}
            readOnly={me.role === 'VIEWER'}
            onSaved={(next) => setData({ ...data, product: next })}
          />
          <TierPricesSection key={`${product.sku}-tiers`} sku={product.sku} readOnly={me.role === 'VIEWER'} />
          <ProductLinksSection key={`${product.sku}-links`} sku={product.sku} readOnly={me.role === 'VIEWER'} />
        </>
      )}
    </>
  );
}

function BackLink() {
  const intl = useIntl();
  return (
    <p className="bo-back">
      <Link to="/products">
        <Icon icon={ArrowLeft} size={18} />
        {intl.formatMessage(m.allProducts)}
      </Link>
    </p>
  );
}

/** The create page: the same form, empty, for a simple product. */
export function NewProductForm() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { data, error, loading, refetch } = useQuery(CategoryChoicesQuery);
  return (
    <>
      <BackLink />
      <PageHeading title={intl.formatMessage(m.newTitle)}>{intl.formatMessage(m.newTitle)}</PageHeading>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && <Loading label={intl.formatMessage(m.loading)} />}
      {data && (
        <ProductForm
          product={null}
          choices={data.productCategoryChoices}
          onSaved={(next) => void navigate(`/products/${encodeURIComponent(next.sku)}`)}
        />
      )}
    </>
  );
}
