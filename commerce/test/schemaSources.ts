// Where the two schemas under comparison come from.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchema } from 'graphql';
import type { GraphQLSchema } from 'graphql';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const schemaDir = path.join(repoRoot, 'commerce/src/schema');
// Names and types only, made from the shared reference by scripts/reduce-magento-schema.mjs.
export const referencePath = path.join(repoRoot, 'commerce/test/reference/magento-2.4.7-oss.names.graphql');
// What the PWA Studio metapackage (magento/pwa) adds, which a Magento Open Source shop running Venia
// installs; made by scripts/reduce-magento-pwa-schema.mjs as extensions of the reference above.
export const pwaReferencePath = path.join(repoRoot, 'commerce/test/reference/magento-pwa.names.graphql');

/** Our SDL files in the order the server concatenates them. */
export function ourSdlFiles(): string[] {
  return readdirSync(schemaDir)
    .filter((f) => f.endsWith('.graphql'))
    .sort()
    .map((f) => path.join(schemaDir, f));
}

export function buildOurSchema(): GraphQLSchema {
  const sdl = ourSdlFiles()
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  return buildSchema(sdl, { assumeValidSDL: false });
}

// Stripe's module for Adobe Commerce, whose dialect the card payment speaks (issue 30).
export const stripeReferencePath = path.join(repoRoot, 'commerce/test/reference/stripe-module-payments.names.graphql');
// Magento's Braintree module (PayPal's module-braintree-graph-ql), whose dialect the Braintree payment speaks (issue 30).
export const braintreeReferencePath = path.join(
  repoRoot,
  'commerce/test/reference/braintree-module-payments.names.graphql',
);

/**
 * What Magento serves beyond both references, each named with where it comes from and why it is
 * here. Venia 14.5 pairs with Magento 2.4.8, whose schema could not be had here (session 21: the
 * magento/magento2 snapshot is 968 MB, over the 512 MB a fetch may bring; the code index holds many
 * versions of each module's etc/schema.graphqls but cannot pick the 2.4.8 tag's). A faithful 2.4.8
 * reference would be the 2.4.7 one (introspected from a running shop, so it carries the fields EAV
 * attributes generate) plus each module's SDL changes between the 2.4.7 and 2.4.8 tags. Until
 * then, what Venia asks of 2.4.8 is added by name (the types are Magento's setting types:
 * catalog/seo/*_canonical_tag are yes/no settings).
 */
export const REFERENCE_INCLUSIONS: ReadonlyArray<readonly [reason: string, sdl: string]> = [
  [
    // Not in any Magento schema: Magento serves a setting in storeConfig once a module names its
    // path in StoreConfigDataProvider's extraConfigData and extends StoreConfig, which a Magento
    // shop wanting the cart's free-delivery progress adds. The storefront asks for these two in a
    // query of their own and shows no progress when a shop does not answer them (issue 35, point 13).
    "Vela's free-delivery promise: Magento's carriers/freeshipping/active and carriers/freeshipping/free_shipping_subtotal settings, served in storeConfig",
    'extend type StoreConfig { free_shipping_active: Boolean free_shipping_subtotal: Float }',
  ],
  [
    "Venia 14.5's category and product pages read Magento's catalog/seo canonical-tag settings from storeConfig",
    'extend type StoreConfig { category_canonical_tag: Boolean product_canonical_tag: Boolean }',
  ],
  [
    "Magento 2.4.8's order line prices (OrderItemInterface.prices), of which the confirmation reads the row total; only the fields we serve",
    'type OrderItemPrices { price: Money! row_total: Money! total_item_discount: Money! } extend interface OrderItemInterface { prices: OrderItemPrices } extend type OrderItem { prices: OrderItemPrices } extend type DownloadableOrderItem { prices: OrderItemPrices } extend type BundleOrderItem { prices: OrderItemPrices }',
  ],
];

export function buildReferenceSchema(): GraphQLSchema {
  return buildSchema(
    [
      readFileSync(referencePath, 'utf8'),
      readFileSync(pwaReferencePath, 'utf8'),
      readFileSync(stripeReferencePath, 'utf8'),
      readFileSync(braintreeReferencePath, 'utf8'),
      ...REFERENCE_INCLUSIONS.map(([, sdl]) => sdl),
    ].join('\n'),
  );
}
