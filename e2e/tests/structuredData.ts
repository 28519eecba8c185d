// The schema.org rules our JSON-LD must keep, as search engines read them: the properties each
// type needs, prices as numbers, every URL absolute. Returns what is wrong, empty when valid.

type Node = Record<string, unknown>;

const isAbsolute = (value: unknown): boolean => {
  if (typeof value !== 'string') return false;
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
};
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const AVAILABILITY =
  /^https:\/\/schema\.org\/(InStock|OutOfStock|PreOrder|BackOrder|LimitedAvailability|SoldOut|Discontinued)$/;

function checkOffer(offer: unknown, where: string, problems: string[]): void {
  if (typeof offer !== 'object' || offer === null) return void problems.push(`${where}: offers missing`);
  const o = offer as Node;
  if (o['@type'] === 'AggregateOffer') {
    if (typeof o.lowPrice !== 'number') problems.push(`${where}: lowPrice is not a number`);
    if (typeof o.highPrice !== 'number') problems.push(`${where}: highPrice is not a number`);
  } else {
    if (o['@type'] !== 'Offer') problems.push(`${where}: offers is ${String(o['@type'])}, not Offer`);
    if (typeof o.price !== 'number' || !Number.isFinite(o.price) || o.price < 0)
      problems.push(`${where}: price ${JSON.stringify(o.price)} is not a number`);
  }
  if (typeof o.priceCurrency !== 'string' || !/^[A-Z]{3}$/.test(o.priceCurrency))
    problems.push(`${where}: priceCurrency ${JSON.stringify(o.priceCurrency)} is not ISO 4217`);
  if (typeof o.availability !== 'string' || !AVAILABILITY.test(o.availability))
    problems.push(`${where}: availability ${JSON.stringify(o.availability)}`);
  if (o.url !== undefined && !isAbsolute(o.url)) problems.push(`${where}: offer url not absolute`);
}

function checkImages(images: unknown, where: string, problems: string[]): void {
  const list = Array.isArray(images) ? images : [images];
  if (list.length === 0 || list.some((url) => !isAbsolute(url)))
    problems.push(`${where}: image missing or not absolute`);
}

function checkProduct(node: Node, where: string, problems: string[], inGroup = false): void {
  if (!isText(node.name)) problems.push(`${where}: name missing`);
  if (!isText(node.sku)) problems.push(`${where}: sku missing`);
  if (!inGroup && !isAbsolute(node.url)) problems.push(`${where}: url not absolute`);
  checkImages(node.image, where, problems);
  checkOffer(node.offers, where, problems);
}

export function structuredDataProblems(node: Node, topLevel = true): string[] {
  const problems: string[] = [];
  const type = node['@type'];
  const where = String(type);
  if (topLevel && node['@context'] !== 'https://schema.org')
    problems.push(`${where}: @context is not https://schema.org`);
  switch (type) {
    case 'Product':
      checkProduct(node, where, problems);
      break;
    case 'ProductGroup': {
      if (!isText(node.name)) problems.push(`${where}: name missing`);
      if (!isText(node.productGroupID)) problems.push(`${where}: productGroupID missing`);
      if (!isAbsolute(node.url)) problems.push(`${where}: url not absolute`);
      checkImages(node.image, where, problems);
      if (!Array.isArray(node.variesBy) || node.variesBy.length === 0) problems.push(`${where}: variesBy missing`);
      const variants = node.hasVariant;
      if (!Array.isArray(variants) || variants.length === 0) problems.push(`${where}: hasVariant empty`);
      else variants.forEach((variant, i) => checkProduct(variant as Node, `${where}.hasVariant[${i}]`, problems, true));
      break;
    }
    case 'BreadcrumbList': {
      const items = node.itemListElement;
      if (!Array.isArray(items) || items.length < 2) problems.push(`${where}: fewer than two items`);
      else
        items.forEach((item: Node, i) => {
          if (item['@type'] !== 'ListItem') problems.push(`${where}[${i}]: not a ListItem`);
          if (item.position !== i + 1) problems.push(`${where}[${i}]: position ${String(item.position)}`);
          if (!isText(item.name)) problems.push(`${where}[${i}]: name missing`);
          if (!isAbsolute(item.item)) problems.push(`${where}[${i}]: item not absolute`);
        });
      break;
    }
    case 'Organization':
      if (!isText(node.name)) problems.push(`${where}: name missing`);
      if (!isAbsolute(node.url)) problems.push(`${where}: url not absolute`);
      if (node.logo !== undefined && !isAbsolute(node.logo)) problems.push(`${where}: logo not absolute`);
      break;
    case 'WebSite': {
      if (!isAbsolute(node.url)) problems.push(`${where}: url not absolute`);
      const action = node.potentialAction as Node | undefined;
      const target = (action?.target as Node | undefined)?.urlTemplate;
      if (action?.['@type'] !== 'SearchAction') problems.push(`${where}: no SearchAction`);
      else if (
        typeof target !== 'string' ||
        !isAbsolute(target.replace('{search_term_string}', 'x')) ||
        !target.includes('{search_term_string}')
      )
        problems.push(`${where}: SearchAction target ${JSON.stringify(target)}`);
      else if (action['query-input'] !== 'required name=search_term_string') problems.push(`${where}: query-input`);
      break;
    }
    default:
      problems.push(`unexpected type ${JSON.stringify(type)}`);
  }
  return problems;
}
