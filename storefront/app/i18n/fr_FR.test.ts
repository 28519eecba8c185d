import { type MessageFormatElement, TYPE, parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import enUS from './en_US.json';
import frFR from './fr_FR.json';

const english: Record<string, string> = enUS;
const french: Record<string, string> = frFR;

/**
 * The only ids whose French text may be the English one. Each is either placeholders and symbols
 * with no words, or words French writes the same way; a new identical message is an untranslated
 * one until it is added here with its reason.
 */
const SAME_IN_FRENCH: Record<string, string> = {
  'catalog.price.between': 'placeholders and a dash',
  'layout.footer.copyright': 'the © sign and placeholders',
  'product.valueWithNote': 'placeholders and brackets',
  'product.customOption.priceDelta': 'a plus sign and a placeholder',
  'product.bundle.selection': 'placeholders, a plus sign and brackets',
  'account.orders.date': '“Date” is French too',
  'account.downloads.date': '“Date” is French too',
  'account.orders.total': '“Total” is French too',
  'catalog.pagination.label': '“Pagination” is French too',
  'catalog.pagination.page': '“Page” is French too',
  'navigation.menuTitle': '“Menu” is French too',
  'navigation.featured.subcategories': '“collection(s)” is French too',
  'product.descriptionHeading': '“Description” is French too',
  'ui.toast.region': '“Notifications” is French too',
  // French shops call it a newsletter (the official « lettre d’information » is rare in shops).
  'account.nav.newsletter': '“Newsletter”, as French shops write it',
  'account.newsletter.title': '“Newsletter”, as French shops write it',
  'account.page.newsletter': '“Newsletter”, as French shops write it',
};

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

describe('the fr_FR catalogue', () => {
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
    const expected = shapeOf(parse(english[id]!));
    const actual = shapeOf(parse(message!));
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
        literals = shapeOf(parse(message)).literals;
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
