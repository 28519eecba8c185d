import { useQuery } from '@apollo/client/react';
import { Suspense, lazy, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CatalogProductCardFieldsFragment } from '../../__generated__/graphql';
import { describeError } from '../../data/errors';
import { usePreparedQuery } from '../../data/preparedQuery';
import { Breadcrumbs } from '@vela/ui/Breadcrumbs';
import { ProductAttributes } from './ProductAttributes';
import { ProductGallery } from './ProductGallery';
import { ProductOptions, type OptionView } from './ProductOptions';
import { CustomOptionsForm } from './CustomOptionsForm';
import { useCustomOptions } from './useCustomOptions';
import { BundleOptionsForm } from './BundleOptionsForm';
import { useBundleOptions } from './useBundleOptions';
import { DownloadableLinksForm } from './DownloadableLinksForm';
import { downloadableView, priceWithLinks } from './downloadableLinks';
import { GroupedItemsTable, groupedMembers } from './GroupedItemsTable';
import { ProductPrice } from './ProductPrice';
import { TierPrices } from './TierPrices';
import { ProductReviews } from './ProductReviews';
import { ReviewSummary } from './ReviewStars';
import { QuantityStepper } from '@vela/ui/QuantityStepper';
import { StockStatus } from './StockStatus';
import type { ProductPageData } from './loadProductPage';
import { attributeRows } from './productAttributes';
import { productBreadcrumbs } from './productBreadcrumbs';
import { ProductPageQuery, pickProduct, type ProductPageProduct } from './productPageQuery';
import { useSelectionParams } from './useSelectionParams';
import {
  chooseValue,
  clampQuantity,
  maxQuantity,
  normaliseOptions,
  productDisplay,
  valueStates,
  type NormalisedOption,
} from './variantSelection';
import { useHydrated } from '../../shared/useHydrated';
import styles from './ProductPage.module.css';

// The phone's buy bar only matters once the page is interactive: its own chunk, loaded then.
const StickyBuyBar = lazy(() => import('./StickyBuyBar'));

/** What an add-to-cart control needs; Magento's addProductsToCart takes the parent SKU and the chosen option uids. */
export interface AddToCartContext {
  sku: string;
  /** SKU of the chosen variant; null until every option is chosen. */
  variantSku: string | null;
  quantity: number;
  /** uids of the chosen option values (a configurable's and custom options'), for `selected_options`. */
  selectedOptions: string[];
  /** Texts and dates entered for custom options, for `entered_options`. */
  enteredOptions: Array<{ uid: string; value: string }>;
  /** Every option chosen and the result in stock. */
  ready: boolean;
  /** A grouped product's members to add, each its own line (instead of `sku`). */
  lines?: Array<{ sku: string; quantity: number }>;
}

interface ProductPageProps extends ProductPageData {
  /** The cart feature's add-to-cart control; routes compose it in, since features never import each other. */
  renderAddToCart?: (context: AddToCartContext) => ReactNode;
  /** Shown under the purchase controls: the shop's delivery and returns terms. */
  purchaseNote?: ReactNode;
  /** "You may also like": the catalog's product cards of the related and up-sell products (composed by the route). */
  renderLinkedProducts?: (products: CatalogProductCardFieldsFragment[]) => ReactNode;
  /** Other features' tools for this product under the purchase controls (compare), composed by the route. */
  renderShopperTools?: (product: ProductIdentity) => ReactNode;
  /** Other features' content at the end of the page (recently viewed), composed by the route. */
  renderAfterProduct?: (product: ProductIdentity) => ReactNode;
}

/** Who the product is, for tools other features put on the page. */
export interface ProductIdentity {
  uid: string;
  sku: string;
  name: string;
}

export function ProductPage({
  urlKey,
  renderAddToCart,
  purchaseNote,
  renderLinkedProducts,
  renderShopperTools,
  renderAfterProduct,
}: ProductPageProps) {
  const intl = useIntl();
  usePreparedQuery(ProductPageQuery, { urlKey });
  const { data, error } = useQuery(ProductPageQuery, { variables: { urlKey }, fetchPolicy: 'cache-first' });
  const product = pickProduct(data, urlKey);

  if (product) {
    const identity: ProductIdentity = { uid: product.uid, sku: product.sku ?? '', name: product.name ?? '' };
    return (
      <>
        <ProductDetails
          product={product}
          renderAddToCart={renderAddToCart}
          purchaseNote={purchaseNote}
          shopperTools={renderShopperTools?.(identity)}
        />
        {renderLinkedProducts && <div className="container">{renderLinkedProducts(linkedProducts(product))}</div>}
        {renderAfterProduct?.(identity)}
      </>
    );
  }
  if (error) {
    return (
      <div className="container">
        <p role="alert" className={styles.error}>
          {describeError(error).message}
        </p>
      </div>
    );
  }
  return (
    <div className="container" aria-busy="true">
      <div className={styles.loading} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        {intl.formatMessage({ id: 'product.loading', defaultMessage: 'Loading product…' })}
      </div>
    </div>
  );
}

/** Related products, then up-sells, each product once, at most a row and a half of them. */
const MAX_LINKED = 8;
function linkedProducts(product: ProductPageProduct): CatalogProductCardFieldsFragment[] {
  const seen = new Set<string>();
  return [...(product.related_products ?? []), ...(product.upsell_products ?? [])]
    .filter((linked): linked is CatalogProductCardFieldsFragment => {
      if (!linked?.uid || seen.has(linked.uid)) return false;
      seen.add(linked.uid);
      return true;
    })
    .slice(0, MAX_LINKED);
}

function optionViews(product: ProductPageProduct): OptionView[] {
  if (product.__typename !== 'ConfigurableProduct') return [];
  return [...(product.configurable_options ?? [])]
    .filter((option) => option?.attribute_code)
    .sort((a, b) => (a?.position ?? 0) - (b?.position ?? 0))
    .map((option) => ({
      code: option?.attribute_code ?? '',
      label: option?.label ?? '',
      values: (option?.values ?? []).flatMap((value) =>
        value?.uid
          ? [
              {
                uid: value.uid,
                label: value.label ?? '',
                swatchColor:
                  value.swatch_data?.__typename === 'ColorSwatchData' ? (value.swatch_data.value ?? null) : null,
              },
            ]
          : [],
      ),
    }));
}

function ProductDetails({
  product,
  renderAddToCart,
  purchaseNote,
  shopperTools,
}: {
  product: ProductPageProduct;
  renderAddToCart: ProductPageProps['renderAddToCart'];
  purchaseNote: ReactNode;
  shopperTools?: ReactNode;
}) {
  const intl = useIntl();
  const headingId = useId();
  const descriptionId = useId();
  const attributesId = useId();

  const views = useMemo(() => optionViews(product), [product]);
  const options: NormalisedOption[] = useMemo(
    () => normaliseOptions(views.map((view) => ({ attribute_code: view.code, values: view.values }))),
    [views],
  );
  const variants = product.__typename === 'ConfigurableProduct' ? product.variants : null;

  const [selection, setSelection] = useSelectionParams(options);
  const display = productDisplay(product, options, variants, selection);
  const states = valueStates(options, variants, selection);
  // Values that no variant has in any combination can never be chosen.
  const impossible = useMemo(() => {
    const none = valueStates(options, variants, {});
    return new Set(
      Object.values(none).flatMap((byUid) =>
        Object.entries(byUid)
          .filter(([, state]) => state === 'unavailable')
          .map(([uid]) => uid),
      ),
    );
  }, [options, variants]);

  const bundle = useBundleOptions(product, display.price);
  const members = useMemo(() => groupedMembers(product), [product]);
  const [memberQuantities, setMemberQuantities] = useState<Record<string, number>>({});
  const lines = members
    .filter((m) => m.inStock)
    .map((m) => ({ sku: m.sku, quantity: memberQuantities[m.sku] ?? m.qty }))
    .filter((l) => l.quantity > 0);
  const downloadable = useMemo(() => downloadableView(product), [product]);
  const [chosenLinks, setChosenLinks] = useState<string[]>([]);
  const linksMissing = downloadable?.separately === true && chosenLinks.length === 0;
  const { customOptions, answers, answer, custom, unanswered, shownPrice } = useCustomOptions(
    product,
    priceWithLinks(downloadable, chosenLinks, bundle.bundlePriceShown),
  );
  const [quantity, setQuantity] = useState(1);
  const max = maxQuantity(display.onlyLeft);
  const effectiveQuantity = clampQuantity(quantity, max);

  const name = product.name ?? '';
  const crumbs = productBreadcrumbs(
    name,
    product.categories,
    intl.formatMessage({ id: 'product.home', defaultMessage: 'Home' }),
  );
  const rows = attributeRows(
    product.custom_attributesV2?.items,
    options.map((option) => option.code),
  );
  const description = product.description?.html?.trim();
  const shortDescription = product.short_description?.html?.trim();
  const missing = [
    ...views.filter((view) => !selection[view.code]).map((view) => view.label),
    ...bundle.bundleUnanswered,
    ...(linksMissing
      ? [downloadable.title || intl.formatMessage({ id: 'product.downloadable.links', defaultMessage: 'Links' })]
      : []),
    ...unanswered,
  ];
  const optionsRef = useRef<HTMLDivElement>(null);
  const purchaseRef = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();

  return (
    <div className="container">
      <Breadcrumbs items={crumbs} />
      <article className={styles.product} aria-labelledby={headingId}>
        <div className={styles.media}>
          <ProductGallery
            key={display.images.map((image) => image.url).join('|')}
            images={display.images}
            productName={name}
          />
        </div>
        <div className={styles.details}>
          <h1 id={headingId} className={styles.name}>
            {name}
          </h1>
          <ReviewSummary percent={product.rating_summary ?? 0} count={product.review_count ?? 0} />
          {/* Announces the new price, stock and SKU when an option change switches the variant. */}
          <div className={styles.summary} aria-live="polite">
            <ProductPrice price={shownPrice} isFrom={display.priceIsFrom && bundle.bundleOptions.length === 0} />
            <TierPrices sku={display.sku ?? product.sku ?? ''} />
            <StockStatus status={display.stockStatus} onlyLeft={display.onlyLeft} />
            {(display.sku ?? product.sku) && (
              <p className={styles.sku}>
                <FormattedMessage
                  id="product.sku"
                  defaultMessage="SKU: {sku}"
                  values={{ sku: display.sku ?? product.sku }}
                />
              </p>
            )}
          </div>
          {shortDescription && <div className={styles.short} dangerouslySetInnerHTML={{ __html: shortDescription }} />}
          {views.length > 0 && (
            <div ref={optionsRef}>
              <ProductOptions
                options={views}
                selection={selection}
                states={states}
                impossible={impossible}
                onChoose={(code, uid) => setSelection(chooseValue(options, variants, selection, code, uid))}
              />
            </div>
          )}
          {bundle.bundleOptions.length > 0 && (
            <BundleOptionsForm
              options={bundle.bundleOptions}
              choices={bundle.bundleChoices}
              currency={display.price.final_price.currency ?? 'USD'}
              onChoose={bundle.chooseBundle}
              onQuantity={bundle.setBundleQuantity}
            />
          )}
          {downloadable && (
            <DownloadableLinksForm
              view={downloadable}
              chosen={chosenLinks}
              onChange={setChosenLinks}
              currency={display.price.final_price.currency ?? 'USD'}
            />
          )}
          {members.length > 0 && (
            <GroupedItemsTable
              members={members}
              quantities={memberQuantities}
              onQuantity={(sku, qty) => setMemberQuantities((current) => ({ ...current, [sku]: qty }))}
            />
          )}
          {customOptions.length > 0 && (
            <CustomOptionsForm
              options={customOptions}
              answers={answers}
              currency={display.price.final_price.currency ?? 'USD'}
              onChange={answer}
            />
          )}
          {/* Everything it takes to buy, in one place: quantity, add to cart, keep for later, delivery. */}
          <div className={styles.purchase} ref={purchaseRef}>
            <QuantityStepper
              value={effectiveQuantity}
              max={max}
              onChange={setQuantity}
              live
              label={intl.formatMessage({ id: 'product.quantity', defaultMessage: 'Quantity' })}
              decreaseLabel={intl.formatMessage({
                id: 'product.quantityDecrease',
                defaultMessage: 'Decrease quantity',
              })}
              increaseLabel={intl.formatMessage({
                id: 'product.quantityIncrease',
                defaultMessage: 'Increase quantity',
              })}
            />
            <div className={styles.addToCart} data-slot="add-to-cart">
              {renderAddToCart?.({
                sku: product.sku ?? '',
                variantSku: display.sku,
                quantity: effectiveQuantity,
                selectedOptions: [
                  ...options.flatMap((option) => (selection[option.code] ? [selection[option.code] ?? ''] : [])),
                  ...bundle.bundleSelected,
                  ...(downloadable?.separately ? chosenLinks : []),
                  ...custom.selected,
                ],
                enteredOptions: custom.entered,
                ready:
                  display.complete &&
                  unanswered.length === 0 &&
                  bundle.bundleUnanswered.length === 0 &&
                  !linksMissing &&
                  (members.length === 0 || lines.length > 0),
                ...(members.length > 0 ? { lines } : {}),
              })}
              {missing.length > 0 && (
                <p className={styles.hint}>
                  <FormattedMessage
                    id="product.chooseOptions"
                    defaultMessage="Choose {options} to add this product to your cart."
                    values={{ options: intl.formatList(missing, { type: 'conjunction' }) }}
                  />
                </p>
              )}
              {/* The cart is changed through the API from the page's script; there is no form post for it. */}
              <noscript>
                <p className={styles.hint}>
                  <FormattedMessage
                    id="product.addNeedsJavaScript"
                    defaultMessage="Adding to the cart needs JavaScript: turn it on in your browser to buy this product."
                  />
                </p>
              </noscript>
            </div>
            {purchaseNote}
            {shopperTools}
          </div>
        </div>
        {description && (
          <section className={styles.description} aria-labelledby={descriptionId}>
            <h2 id={descriptionId} className={styles.sectionHeading}>
              <FormattedMessage id="product.descriptionHeading" defaultMessage="Description" />
            </h2>
            {/* Merchant-authored HTML from the catalog, rendered as Magento's own storefront does. */}
            <div className={styles.content} dangerouslySetInnerHTML={{ __html: description }} />
          </section>
        )}
        {rows.length > 0 && (
          <div className={styles.attributes}>
            <ProductAttributes rows={rows} headingId={attributesId} />
          </div>
        )}
      </article>
      <ProductReviews product={product} />
      {hydrated && (
        <Suspense fallback={null}>
          <StickyBuyBar
            purchase={purchaseRef}
            options={optionsRef}
            missingIndex={views.findIndex((view) => !selection[view.code])}
            name={name}
            price={display.price.final_price}
            isFrom={display.priceIsFrom}
          />
        </Suspense>
      )}
    </div>
  );
}
