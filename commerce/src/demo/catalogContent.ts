import type {
  CmsBlockStoreTable,
  CmsBlockTable,
  CmsPageStoreTable,
  CmsPageTable,
  CurrencyRateTable,
  StoreViewConfigTable,
  StoreViewTable,
} from '../db/tables';
import {
  EUR_PER_USD,
  FRENCH_STORE_CODE,
  FRENCH_STORE_ID,
  FRENCH_STORE_PATH,
  frenchCategoryHref,
} from './frenchCatalog';
import { demoProductImagePath } from './productImage';
import { defaultStoreView, MAGENTO_STORE_CONFIG } from '../domains/store';

/** storeConfig values, as strings; the store service converts numbers where the schema wants them. */
export const DEMO_STORE_CONFIG: Record<string, string> = {
  ...MAGENTO_STORE_CONFIG,
  store_name: 'Vela',
  timezone: 'America/New_York',
  grid_per_page: '24',
  default_title: 'Vela',
  // Check / Money order: whom to pay and where to send the check (Magento's storeConfig names).
  check_money_order_make_check_payable_to: 'Vela Demo Shop',
  check_money_order_send_check_to: 'Vela Demo Shop\nAccounts Receivable\n1 Harbour Street\nPortland, OR 97204',
  // Bank transfer and cash on delivery: what to do (Magento's configuration paths).
  'payment/banktransfer/instructions':
    'Pay into: Vela Demo Shop, Harbour Bank\nAccount 000123456789, routing number 123000848\nReference: your order number',
  'payment/cashondelivery/instructions': 'Pay the courier in cash or by card when your parcel arrives.',
  title_suffix: ' | Vela',
  default_description: 'Vela: well-made clothing, shoes and homeware, delivered to your door.',
  default_keywords: 'clothing, shoes, accessories, homeware',
  header_logo_src: 'logo/vela.svg',
  logo_alt: 'Vela',
  logo_width: '120',
  logo_height: '32',
  welcome: 'Welcome to Vela!',
  copyright: 'Copyright © 2026 Vela. All rights reserved.',
  product_reviews_enabled: '1',
  allow_guests_to_write_product_reviews: '1',
};

const hero = demoProductImagePath('jacket', 'b5542d', 1);

export const DEMO_CMS_PAGES: CmsPageTable[] = [
  {
    id: 1,
    identifier: 'home',
    title: 'Home',
    content_heading: null,
    page_layout: '1column',
    is_active: 1,
    meta_title: 'Vela - clothing, shoes and homeware',
    meta_description: 'Well-made clothing, shoes and homeware from Vela.',
    meta_keywords: 'clothing, shoes, homeware',
    content: [
      '<section class="hero">',
      `<img src="${hero}" alt="A rust outdoor jacket" width="1000" height="1250" />`,
      '<div class="hero__text"><p class="hero__offer">Winter sale: up to 50% off</p>',
      '<h1>Made for the long run</h1>',
      '<p>Layers in honest fabrics, built to be worn for years, now at their best prices of the season.</p>',
      '<p class="hero__actions"><a class="button" href="/sale.html">Shop the sale</a> ',
      '<a class="button button--secondary" href="/women.html">New in women</a></p></div>',
      '</section>',
      '<ul class="values">',
      '<li class="values__delivery"><strong>Free delivery over {{config path="carriers/freeshipping/free_shipping_subtotal"}}</strong> Ships within two working days</li>',
      '<li class="values__returns"><strong>Free 30-day returns</strong> Anything unworn, full refund</li>',
      '<li class="values__repairs"><strong>Free repairs for a year</strong> Made to be mended, not replaced</li>',
      '<li class="values__secure"><strong>Secure checkout</strong> Your details travel encrypted</li>',
      '</ul>',
    ].join(''),
  },
  {
    id: 2,
    identifier: 'about-us',
    title: 'About Us',
    content_heading: 'About Vela',
    page_layout: '1column',
    is_active: 1,
    meta_title: 'About Vela',
    meta_description: 'Who we are and how we make things.',
    meta_keywords: null,
    content:
      '<p>Vela started in 2019 with one jacket and a simple idea: make fewer things, and make them well.</p><p>Today we work with twelve family-run workshops in Portugal, Italy and Japan. We visit each of them every year, pay fair prices and publish where every product is made.</p>',
  },
  {
    id: 3,
    identifier: 'customer-service',
    title: 'Customer Service',
    content_heading: 'Customer Service',
    page_layout: '1column',
    is_active: 1,
    meta_title: 'Customer Service',
    meta_description: 'Delivery, returns, repairs and how to reach us.',
    meta_keywords: null,
    content:
      '<h2>Delivery</h2><p>Free standard delivery on orders over {{config path="carriers/freeshipping/free_shipping_subtotal"}}. Orders ship within two working days.</p><h2>Returns</h2><p>Return anything unworn within 30 days for a full refund.</p><h2>Contact</h2><p>Email <a href="mailto:hello@vela.example">hello@vela.example</a>, Monday to Friday, 9am to 5pm.</p>',
  },
  {
    id: 4,
    identifier: 'privacy-policy-cookie-restriction-mode',
    title: 'Privacy and Cookie Policy',
    content_heading: 'Privacy and Cookie Policy',
    page_layout: '1column',
    is_active: 1,
    meta_title: 'Privacy and Cookie Policy',
    meta_description: 'How Vela handles your personal data and cookies.',
    meta_keywords: null,
    content:
      '<p>We collect only the data we need to process your orders and run this shop. We never sell personal data.</p><h2>Cookies</h2><p>We use essential cookies to keep your cart and session. We do not use advertising cookies.</p><h2>Your rights</h2><p>You can ask for a copy of your data, or for its deletion, at any time.</p>',
  },
  {
    id: 5,
    identifier: 'no-route',
    title: '404 Not Found',
    content_heading: 'Whoops, our bad...',
    page_layout: '1column',
    is_active: 1,
    meta_title: 'Page not found',
    meta_description: null,
    meta_keywords: null,
    content:
      '<p>The page you requested was not found. It may have moved, or the address may be mistyped.</p><ul><li><a href="/">Go to the home page</a></li><li><a href="/sale.html">See what is on sale</a></li></ul>',
  },
];

export const DEMO_CMS_BLOCKS: CmsBlockTable[] = [
  {
    id: 1,
    identifier: 'footer-links',
    title: 'Footer Links',
    is_active: 1,
    content:
      '<div class="footer-columns"><section><h2>Help</h2><ul><li><a href="/customer-service">Customer Service</a></li><li><a href="/sales/guest/form">Find Your Order</a></li><li><a href="/contact">Contact Us</a></li></ul></section><section><h2>About</h2><ul><li><a href="/about-us">About Us</a></li><li><a href="/privacy-policy-cookie-restriction-mode">Privacy and Cookie Policy</a></li></ul></section></div>',
  },
  {
    id: 2,
    identifier: 'home-promo',
    title: 'Home Promotion',
    is_active: 1,
    content:
      '<div class="promo"><h2>Up to 50% off</h2><p>Last chance on favourites from every department.</p><p><a class="button" href="/sale.html">Shop the sale</a></p></div>',
  },
  {
    id: 3,
    identifier: 'shipping-note',
    title: 'Shipping Note',
    is_active: 1,
    content:
      '<p>Free delivery over {{config path="carriers/freeshipping/free_shipping_subtotal"}} and free returns within 30 days.</p>',
  },
];

// The French store view (store 2): its settings, the exchange rate and its CMS texts.

export const DEMO_STORE_VIEWS: StoreViewTable[] = [
  defaultStoreView(DEMO_STORE_CONFIG, 'USD,EUR'),
  {
    id: FRENCH_STORE_ID,
    code: FRENCH_STORE_CODE,
    name: 'Vela France',
    locale: 'fr_FR',
    default_display_currency_code: 'EUR',
    allowed_currency_codes: 'EUR,USD',
    sort_order: 1,
    is_active: 1,
  },
];

/** Prices are stored in USD (the base currency); these convert them for display. */
export const DEMO_CURRENCY_RATES: CurrencyRateTable[] = [
  { currency_from: 'USD', currency_to: 'USD', rate: 1 },
  { currency_from: 'USD', currency_to: 'EUR', rate: EUR_PER_USD },
];

/** The French store's own storeConfig values; every other setting is DEMO_STORE_CONFIG's. */
const FRENCH_STORE_CONFIG: Record<string, string> = {
  id: String(FRENCH_STORE_ID),
  store_code: FRENCH_STORE_CODE,
  store_name: 'Vela France',
  locale: 'fr_FR',
  default_display_currency_code: 'EUR',
  base_link_url: FRENCH_STORE_PATH,
  secure_base_link_url: FRENCH_STORE_PATH,
  default_title: 'Vela France',
  title_suffix: ' | Vela France',
  default_description:
    'Vela : des vêtements, des chaussures et des articles pour la maison bien faits, livrés chez vous.',
  default_keywords: 'vêtements, chaussures, accessoires, maison',
  logo_alt: 'Vela France',
  welcome: 'Bienvenue chez Vela !',
  copyright: 'Copyright © 2026 Vela. Tous droits réservés.',
  is_default_store: 'false',
  // Carrier and payment titles, under Magento's configuration paths.
  'carriers/flatrate/title': 'Livraison standard',
  'carriers/flatrate/name': '3 à 5 jours ouvrés',
  'carriers/freeshipping/title': 'Livraison offerte',
  'carriers/freeshipping/name': 'Votre commande y a droit · 3 à 5 jours ouvrés',
  'carriers/tablerate/title': 'Livraison express',
  'carriers/tablerate/name': '1 à 2 jours ouvrés',
  'payment/checkmo/title': 'Chèque / mandat',
  'payment/banktransfer/title': 'Virement bancaire',
  'payment/cashondelivery/title': 'Paiement à la livraison',
  'payment/free/title': 'Aucun paiement nécessaire',
  'payment/banktransfer/instructions':
    'Virement à : Vela Demo Shop, Harbour Bank\nIBAN FR76 3000 6000 0112 3456 7890 189\nRéférence : votre numéro de commande',
  'payment/cashondelivery/instructions': 'Réglez le livreur en espèces ou par carte à la réception du colis.',
};

export const DEMO_STORE_VIEW_CONFIG: StoreViewConfigTable[] = Object.entries(FRENCH_STORE_CONFIG).map(
  ([key, value]) => ({ store_id: FRENCH_STORE_ID, key, value }),
);

/** A CMS page's address in the French store: '/fr/about-us'. */
const frPage = (identifier: string) => `${FRENCH_STORE_PATH}${identifier}`;
// Written from the free-shipping carrier's threshold in the shopper's currency (cms/cmsDirectives.ts).
const freeDelivery = '{{config path="carriers/freeshipping/free_shipping_subtotal"}}';

export const DEMO_CMS_PAGES_FR: CmsPageStoreTable[] = [
  {
    page_id: 1,
    store_id: FRENCH_STORE_ID,
    title: 'Accueil',
    content_heading: null,
    meta_title: 'Vela - vêtements, chaussures et maison',
    meta_description: 'Des vêtements, des chaussures et des articles pour la maison bien faits, par Vela.',
    meta_keywords: 'vêtements, chaussures, maison',
    content: [
      '<section class="hero">',
      `<img src="${hero}" alt="Une veste d'extérieur couleur rouille" width="1000" height="1250" />`,
      `<div class="hero__text"><p class="hero__offer">Soldes d'hiver : jusqu'à -50 %</p>`,
      '<h1>Fait pour durer</h1>',
      "<p>Des pièces en matières honnêtes, faites pour être portées des années, aujourd'hui à leurs meilleurs prix de la saison.</p>",
      `<p class="hero__actions"><a class="button" href="${frenchCategoryHref('sale')}">Découvrir les soldes</a> `,
      `<a class="button button--secondary" href="${frenchCategoryHref('women')}">Nouveautés femme</a></p></div>`,
      '</section>',
      '<ul class="values">',
      `<li class="values__delivery"><strong>Livraison offerte dès ${freeDelivery}</strong> Expédition sous deux jours ouvrés</li>`,
      '<li class="values__returns"><strong>Retours gratuits sous 30 jours</strong> Tout article non porté, intégralement remboursé</li>',
      '<li class="values__repairs"><strong>Réparations gratuites pendant un an</strong> Fait pour être réparé, pas remplacé</li>',
      '<li class="values__secure"><strong>Paiement sécurisé</strong> Vos données circulent chiffrées</li>',
      '</ul>',
    ].join(''),
  },
  {
    page_id: 2,
    store_id: FRENCH_STORE_ID,
    title: 'À propos',
    content_heading: 'À propos de Vela',
    meta_title: 'À propos de Vela',
    meta_description: 'Qui nous sommes et comment nous fabriquons.',
    meta_keywords: null,
    content:
      "<p>Vela est née en 2019 avec une seule veste et une idée simple : fabriquer moins, mais fabriquer bien.</p><p>Aujourd'hui, nous travaillons avec douze ateliers familiaux au Portugal, en Italie et au Japon. Nous leur rendons visite chaque année, les payons au juste prix et indiquons où chaque produit est fabriqué.</p>",
  },
  {
    page_id: 3,
    store_id: FRENCH_STORE_ID,
    title: 'Service client',
    content_heading: 'Service client',
    meta_title: 'Service client',
    meta_description: 'Livraison, retours, réparations et comment nous joindre.',
    meta_keywords: null,
    content: `<h2>Livraison</h2><p>Livraison standard offerte dès ${freeDelivery} d'achat. Les commandes sont expédiées sous deux jours ouvrés.</p><h2>Retours</h2><p>Retournez tout article non porté sous 30 jours pour un remboursement intégral.</p><h2>Contact</h2><p>Écrivez-nous à <a href="mailto:hello@vela.example">hello@vela.example</a>, du lundi au vendredi, de 9 h à 17 h.</p>`,
  },
  {
    page_id: 4,
    store_id: FRENCH_STORE_ID,
    title: 'Politique de confidentialité et de cookies',
    content_heading: 'Politique de confidentialité et de cookies',
    meta_title: 'Politique de confidentialité et de cookies',
    meta_description: 'Comment Vela traite vos données personnelles et utilise les cookies.',
    meta_keywords: null,
    content:
      "<p>Nous ne collectons que les données nécessaires au traitement de vos commandes et au fonctionnement de cette boutique. Nous ne vendons jamais de données personnelles.</p><h2>Cookies</h2><p>Nous utilisons des cookies essentiels pour conserver votre panier et votre session. Nous n'utilisons aucun cookie publicitaire.</p><h2>Vos droits</h2><p>Vous pouvez à tout moment demander une copie de vos données, ou leur suppression.</p>",
  },
  {
    page_id: 5,
    store_id: FRENCH_STORE_ID,
    title: '404 Page introuvable',
    content_heading: "Oups, c'est notre faute...",
    meta_title: 'Page introuvable',
    meta_description: null,
    meta_keywords: null,
    content: `<p>La page demandée est introuvable. Elle a peut-être été déplacée, ou l'adresse comporte une faute de frappe.</p><ul><li><a href="${FRENCH_STORE_PATH}">Aller à la page d'accueil</a></li><li><a href="${frenchCategoryHref('sale')}">Voir les articles en soldes</a></li></ul>`,
  },
];

export const DEMO_CMS_BLOCKS_FR: CmsBlockStoreTable[] = [
  {
    block_id: 1,
    store_id: FRENCH_STORE_ID,
    title: 'Liens du pied de page',
    content: `<div class="footer-columns"><section><h2>Aide</h2><ul><li><a href="${frPage('customer-service')}">Service client</a></li><li><a href="${frPage('sales/guest/form')}">Retrouver votre commande</a></li><li><a href="${frPage('contact')}">Nous contacter</a></li></ul></section><section><h2>À propos</h2><ul><li><a href="${frPage('about-us')}">À propos</a></li><li><a href="${frPage('privacy-policy-cookie-restriction-mode')}">Politique de confidentialité et de cookies</a></li></ul></section></div>`,
  },
  {
    block_id: 2,
    store_id: FRENCH_STORE_ID,
    title: "Promotion de la page d'accueil",
    content: `<div class="promo"><h2>Jusqu'à -50 %</h2><p>Dernière chance sur nos favoris, dans tous les rayons.</p><p><a class="button" href="${frenchCategoryHref('sale')}">Découvrir les soldes</a></p></div>`,
  },
  {
    block_id: 3,
    store_id: FRENCH_STORE_ID,
    title: 'Note de livraison',
    content: `<p>Livraison offerte dès ${freeDelivery} et retours gratuits sous 30 jours.</p>`,
  },
];
