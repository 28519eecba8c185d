import type { CmsBlockTable, CmsPageTable } from '../db/tables';
import { demoProductImagePath } from './productImage';

const base64 = (value: string) => Buffer.from(value).toString('base64');

/** storeConfig values, as strings; the store service converts numbers where the schema wants them. */
export const DEMO_STORE_CONFIG: Record<string, string> = {
  id: '1',
  store_code: 'default',
  store_name: 'Vela',
  store_group_code: 'main_website_store',
  store_group_name: 'Main Website Store',
  website_code: 'base',
  website_name: 'Main Website',
  locale: 'en_US',
  base_currency_code: 'USD',
  default_display_currency_code: 'USD',
  timezone: 'America/New_York',
  weight_unit: 'lbs',
  base_url: '/',
  secure_base_url: '/',
  base_link_url: '/',
  secure_base_link_url: '/',
  base_media_url: '/media/',
  secure_base_media_url: '/media/',
  cms_home_page: 'home',
  cms_no_route: 'no-route',
  product_url_suffix: '.html',
  category_url_suffix: '.html',
  grid_per_page: '24',
  grid_per_page_values: '12,24,36',
  list_per_page: '10',
  list_per_page_values: '5,10,15,20,25',
  list_mode: 'grid-list',
  catalog_default_sort_by: 'position',
  default_title: 'Vela',
  title_prefix: '',
  title_suffix: ' | Vela',
  title_separator: '-',
  default_description: 'Vela: well-made clothing, shoes and homeware, delivered to your door.',
  default_keywords: 'clothing, shoes, accessories, homeware',
  header_logo_src: 'logo/vela.svg',
  logo_alt: 'Vela',
  logo_width: '120',
  logo_height: '32',
  welcome: 'Welcome to Vela!',
  copyright: 'Copyright © 2026 Vela. All rights reserved.',
  root_category_id: '2',
  root_category_uid: base64('2'),
  show_cms_breadcrumbs: '1',
  product_reviews_enabled: '0',
  magento_wishlist_general_is_enabled: '1',
  is_default_store: 'true',
  is_default_store_group: 'true',
};

const hero = demoProductImagePath('jacket', 'b5542d', 1);

export const DEMO_CMS_PAGES: CmsPageTable[] = [
  {
    id: 1, identifier: 'home', title: 'Home', content_heading: null, page_layout: '1column', is_active: 1,
    meta_title: 'Vela - clothing, shoes and homeware', meta_description: 'Well-made clothing, shoes and homeware from Vela.', meta_keywords: 'clothing, shoes, homeware',
    content: [
      '<section class="hero">',
      `<img src="${hero}" alt="A rust outdoor jacket" width="1000" height="1250" />`,
      '<div class="hero__text"><h1>Made for the long run</h1>',
      '<p>New season layers in honest fabrics, built to be worn for years.</p>',
      '<p><a class="button" href="/women.html">Shop women</a> <a class="button" href="/men.html">Shop men</a></p></div>',
      '</section>',
      '<section class="intro"><h2>Fewer, better things</h2>',
      '<p>Vela works with small workshops to make clothing, shoes and homeware we would want to own ourselves. ',
      'Every product is tested for everyday wear, packed without plastic and backed by free repairs for a year.</p></section>',
    ].join(''),
  },
  {
    id: 2, identifier: 'about-us', title: 'About Us', content_heading: 'About Vela', page_layout: '1column', is_active: 1,
    meta_title: 'About Vela', meta_description: 'Who we are and how we make things.', meta_keywords: null,
    content: '<p>Vela started in 2019 with one jacket and a simple idea: make fewer things, and make them well.</p><p>Today we work with twelve family-run workshops in Portugal, Italy and Japan. We visit each of them every year, pay fair prices and publish where every product is made.</p>',
  },
  {
    id: 3, identifier: 'customer-service', title: 'Customer Service', content_heading: 'Customer Service', page_layout: '1column', is_active: 1,
    meta_title: 'Customer Service', meta_description: 'Delivery, returns, repairs and how to reach us.', meta_keywords: null,
    content: '<h2>Delivery</h2><p>Free standard delivery on orders over $75. Orders ship within two working days.</p><h2>Returns</h2><p>Return anything unworn within 30 days for a full refund.</p><h2>Contact</h2><p>Email <a href="mailto:hello@vela.example">hello@vela.example</a>, Monday to Friday, 9am to 5pm.</p>',
  },
  {
    id: 4, identifier: 'privacy-policy-cookie-restriction-mode', title: 'Privacy and Cookie Policy', content_heading: 'Privacy and Cookie Policy', page_layout: '1column', is_active: 1,
    meta_title: 'Privacy and Cookie Policy', meta_description: 'How Vela handles your personal data and cookies.', meta_keywords: null,
    content: '<p>We collect only the data we need to process your orders and run this shop. We never sell personal data.</p><h2>Cookies</h2><p>We use essential cookies to keep your cart and session. We do not use advertising cookies.</p><h2>Your rights</h2><p>You can ask for a copy of your data, or for its deletion, at any time.</p>',
  },
  {
    id: 5, identifier: 'no-route', title: '404 Not Found', content_heading: 'Whoops, our bad...', page_layout: '1column', is_active: 1,
    meta_title: 'Page not found', meta_description: null, meta_keywords: null,
    content: '<p>The page you requested was not found. It may have moved, or the address may be mistyped.</p><ul><li><a href="/">Go to the home page</a></li><li><a href="/sale.html">See what is on sale</a></li></ul>',
  },
];

export const DEMO_CMS_BLOCKS: CmsBlockTable[] = [
  {
    id: 1, identifier: 'footer-links', title: 'Footer Links', is_active: 1,
    content: '<ul class="footer-links"><li><a href="/about-us">About Us</a></li><li><a href="/customer-service">Customer Service</a></li><li><a href="/privacy-policy-cookie-restriction-mode">Privacy and Cookie Policy</a></li><li><a href="/contact">Contact Us</a></li></ul>',
  },
  {
    id: 2, identifier: 'home-promo', title: 'Home Promotion', is_active: 1,
    content: '<div class="promo"><h2>Up to 50% off</h2><p>Last chance on favourites from every department.</p><p><a class="button" href="/sale.html">Shop the sale</a></p></div>',
  },
  {
    id: 3, identifier: 'shipping-note', title: 'Shipping Note', is_active: 1,
    content: '<p>Free delivery over $75 and free returns within 30 days.</p>',
  },
];
