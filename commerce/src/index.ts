// The public entry of @vela/commerce: what the server, the CLI and the benchmarks may use. Everything
// else under src/ is internal and may change without notice.
export { createCommerce } from './commerce';
export type { Commerce, CommerceConfig } from './commerce';
export { renderDemoProductSvg, demoProductImagePath } from './demo/productImage';
