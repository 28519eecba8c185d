import { type MessageFormatElement, TYPE, parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import enUS from '../../src/i18n/en_US.json';
import frFR from '../../src/i18n/fr_FR.json';

const english: Record<string, string> = enUS;
const french: Record<string, string> = frFR;

/**
 * The only ids whose French text may be the English one. Each is either placeholders and symbols
 * with no words, or words French writes the same way; a new identical message is an untranslated
 * one until it is added here with its reason.
 */
const SAME_IN_FRENCH: Record<string, string> = {
  'backoffice.attributes.input.date': '“Date” is French too',
  'backoffice.attributes.optionLabel': '“Option {n}” is French too',
  'backoffice.attributes.optionsTitle': '“Options” is French too',
  'backoffice.attributes.position': '“Position” is French too',
  'backoffice.staffOrder.sku': 'SKU, as Magento’s French admin writes it',
  'backoffice.ruleConditions.conditionN': '“Condition {n}” is French too',
  'backoffice.ruleConditions.bySku': 'SKU, as Magento’s French admin writes it',
  'backoffice.ruleConditions.attributeCodeHint': 'attribute codes, not words',
  'backoffice.content.pages.count': '“page(s)” is French too',
  'backoffice.cardGateways.stripe': 'a company’s name',
  'backoffice.cardGateways.braintree': 'a company’s name',
  'backoffice.cardGateways.mode': '“Mode” is French too',
  'backoffice.promotions.count': '“promotion(s)” is French too',
  'backoffice.categories.inactive': '“Inactive” is French too (une catégorie inactive)',
  'backoffice.promotions.active': '“Active” is French too (une promotion active)',
  'backoffice.promotions.inactive': '“Inactive” is French too (une promotion inactive)',
  'backoffice.promotions.title': '“Promotions” is French too',
  'backoffice.promotions.dates': '“Dates” is French too',
  'backoffice.content.pages.what': '“Pages” is French too',
  'backoffice.dashboard.sku': 'SKU, as Magento’s French admin writes it',
  'ui.toast.region': '“Notifications” is French too',
  'backoffice.nav.promotions': '“Promotions” is French too',
  'backoffice.staff.actions': '“Actions” is French too',
  'backoffice.reports.column.sku': 'SKU, as Magento’s French admin writes it',
  'backoffice.reports.total': '“Total” is French too',
  'backoffice.audit.action': '“Action” is French too',
  'bo.synonyms.actions': '“Actions” is French too',
  'bo.searchTerms.actions': '“Actions” is French too',
  'backoffice.groups.actions': '“Actions” is French too',
  'backoffice.massActions.action': '“Action” is French too',
  'backoffice.storeTexts.description': '“Description (HTML)” is French too',
  'backoffice.storeTexts.inactive': '“(inactive)” is French too (une vue de magasin inactive)',
  'backoffice.stores.active': '“Active” is French too (une vue de magasin active)',
  'backoffice.stores.code': '“Code” is French too',
  'backoffice.stores.inactive': '“Inactive” is French too (une vue de magasin inactive)',
  'backoffice.orders.column.total': '“Total” is French too',
  'bo.variants.actions': '“Actions” is French too',
  'backoffice.payment.date': '“Date” is French too',
  'backoffice.fulfilment.pdf': '“PDF” is French too',
  'backoffice.fulfilment.documentLine': 'placeholders and ×, no words',
  'backoffice.payment.kindCapture': '“Capture” is French too (Magento’s transaction type)',
  'bo.variants.options': '“Options” is French too',
  'bo.variants.stock': '“Stock” is French too',
  'backoffice.products.stock': '“Stock” is French too',
  'backoffice.products.simple': '“Simple” is French too',
  'backoffice.products.configurable': '“Configurable” is French too',
  'backoffice.products.type': '“Type” is French too',
  'backoffice.products.colSku': 'SKU, as Magento’s French admin writes it',
  'bo.variants.sku': 'SKU, as Magento’s French admin writes it',
  'bo.product.sku': 'SKU, as Magento’s French admin writes it',
  'bo.configurable.sku': 'SKU, as Magento’s French admin writes it',
  'bo.product.description': '“Description (HTML)” is French too',
  'bo.gallery.images': '“Images” is French too',
  'bo.gallery.position': '“Image {n}” is French too',
  'backoffice.import.sku': 'SKU, as Magento’s French admin writes it',
  'backoffice.settings.destination': '“Destination {n}” is French too',
  'backoffice.order.actions': '“Actions” is French too',
  'backoffice.category.description': '“Description (HTML)” is French too',
  'backoffice.cms.pageTitle': '“Page” is French too',
  'backoffice.promotion.title': '“Promotion” is French too',
  'backoffice.promotion.dates': '“Dates” is French too',
  'backoffice.promotion.actions': '“Actions” is French too',
  'backoffice.promotion.code': '“Code” is French too',
  'backoffice.order.sku': 'SKU, as Magento’s French admin writes it',
};

/**
 * Messages whose `<…>` is text, not a rich-text tag. ICU reads `<key>` as an unclosed tag (react-intl
 * then reports an error and shows the raw text); written `'<key>'` it would be text. Remove an id
 * once its message quotes it.
 */
const TAG_AS_TEXT = new Set<string>([]);

/** French plural categories (CLDR: 0 and 1 are `one`; `many` is for millions) plus exact `=n` cases. */
const FRENCH_PLURAL_KEY = new RegExp(
  `^(?:=\\d+|${new Intl.PluralRules('fr-FR').resolvedOptions().pluralCategories.join('|')})$`,
);

interface Shape {
  /** `name:kind` of every argument (kind: argument, number, date, time, select, plural). */
  arguments: Set<string>;
  /** Every rich-text tag, `<b>…</b>` → `b`. */
  tags: Set<string>;
  /** Option keys of each select, and the exact `=n` keys of each plural: English special cases French must keep. */
  fixedKeys: Map<string, Set<string>>;
  /** Option keys of each plural. */
  pluralKeys: Map<string, Set<string>>;
  /** The text outside placeholders. */
  literals: string[];
}

function shapeOf(elements: MessageFormatElement[], shape: Shape = emptyShape()): Shape {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.literal:
        shape.literals.push(element.value);
        break;
      case TYPE.pound:
        break;
      case TYPE.tag:
        shape.tags.add(element.value);
        shapeOf(element.children, shape);
        break;
      default: {
        shape.arguments.add(`${element.value}:${TYPE[element.type]}`);
        if (element.type !== TYPE.select && element.type !== TYPE.plural) break;
        const keys = Object.keys(element.options);
        const fixed = element.type === TYPE.select ? keys : keys.filter((key) => key.startsWith('='));
        shape.fixedKeys.set(element.value, new Set([...(shape.fixedKeys.get(element.value) ?? []), ...fixed]));
        if (element.type === TYPE.plural) shape.pluralKeys.set(element.value, new Set(keys));
        for (const option of Object.values(element.options)) shapeOf(option.value, shape);
      }
    }
  }
  return shape;
}

function emptyShape(): Shape {
  return { arguments: new Set(), tags: new Set(), fixedKeys: new Map(), pluralKeys: new Map(), literals: [] };
}

const sorted = (values: Iterable<string>) => [...values].sort();

describe('the back office fr_FR catalogue', () => {
  it('has exactly the ids of en_US, in the same order', () => {
    const englishIds = Object.keys(english);
    const frenchIds = Object.keys(french);
    expect(
      englishIds.filter((id) => !(id in french)),
      'missing from fr_FR.json',
    ).toEqual([]);
    expect(
      frenchIds.filter((id) => !(id in english)),
      'in fr_FR.json but no longer in en_US.json',
    ).toEqual([]);
    expect(frenchIds).toEqual(englishIds);
  });

  it.each(Object.keys(english))('%s parses and has the arguments, tags and special cases of the English', (id) => {
    const message = french[id];
    expect(message, `${id} is missing`).toEqual(expect.any(String));
    const options = { ignoreTag: TAG_AS_TEXT.has(id) };
    const expected = shapeOf(parse(english[id]!, options));
    const actual = shapeOf(parse(message!, options));
    expect(sorted(actual.arguments), 'arguments (name:kind)').toEqual(sorted(expected.arguments));
    expect(sorted(actual.tags), 'rich-text tags').toEqual(sorted(expected.tags));
    for (const [argument, keys] of expected.fixedKeys)
      expect(sorted(actual.fixedKeys.get(argument) ?? []), `cases of {${argument}}`).toEqual(sorted(keys));
    for (const [argument, keys] of actual.pluralKeys) {
      expect(keys.has('other'), `{${argument}, plural} needs an other case`).toBe(true);
      for (const key of keys) expect(key, `plural case of {${argument}}`).toMatch(FRENCH_PLURAL_KEY);
    }
  });

  it('translates every message but the few that are the same in French', () => {
    const untranslated = Object.keys(english).filter((id) => french[id] === english[id] && !(id in SAME_IN_FRENCH));
    expect(untranslated, 'identical to en_US: translate them, or add them to SAME_IN_FRENCH with a reason').toEqual([]);
    const translatedAfterAll = Object.keys(SAME_IN_FRENCH).filter((id) => french[id] !== english[id]);
    expect(translatedAfterAll, 'no longer identical: remove them from SAME_IN_FRENCH').toEqual([]);
  });

  it('uses ICU-safe and consistent French typography', () => {
    const problems: string[] = [];
    for (const [id, message] of Object.entries(french)) {
      let literals: string[];
      try {
        literals = shapeOf(parse(message, { ignoreTag: TAG_AS_TEXT.has(id) })).literals;
      } catch {
        continue; // The test of that id reports it.
      }
      for (const text of literals) {
        // An ASCII apostrophe is ICU's quote character; French writes the typographic one.
        if (text.includes("'")) problems.push(`${id}: ' instead of ’`);
        // A no-break space (U+00A0) before : ; ! ? % and inside « », never a plain one.
        if (/(?:^|[^\u00a0])[:;!?%]/.test(text)) problems.push(`${id}: no no-break space before : ; ! ? or %`);
        if (/«(?!\u00a0)|(?:^|[^\u00a0])»/.test(text)) problems.push(`${id}: « » without no-break spaces`);
        if (/[“”"]/.test(text)) problems.push(`${id}: English quotes instead of « »`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('says a required field is required in the words every form uses', () => {
    expect(french['ui.field.required']).toBe('Ce champ est obligatoire');
  });
});
