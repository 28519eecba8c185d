// The one sanitiser of the shop's rich text: CMS pages and blocks, product descriptions and
// short descriptions, category descriptions. Staff type HTML in the back office or bring it in a
// catalog import; shoppers' browsers render it inside the storefront's own page (server-rendered
// in place), so it must never run script, load a frame or plugin, redirect (<meta>), restyle the
// page (<style>) or close an element of the page around it. The storefront's CmsPage and CmsBlock
// `content` are answered through it, every write of rich text stores what it returns (migration
// 0016_safe_rich_text cleaned what was stored before), and the back office's preview shows what
// it returns: one set of rules for all.
//
// Nothing of the input is copied through: it is read into tokens and written out again from an
// allow-list of elements and attributes, every text escaped, every element closed explicitly in
// the order it was opened. Where the HTML parser would close an element by itself (a <div>
// inside a <p>, a second <li>, a row outside its table) the sanitiser closes it first, so the
// browser's tree is the one written here and an end tag never reaches past the content.

const VOID = new Set(['br', 'hr', 'img', 'col', 'wbr']);

const ELEMENTS = new Set([
  ...VOID,
  'a',
  'abbr',
  'address',
  'article',
  'aside',
  'b',
  'blockquote',
  'caption',
  'cite',
  'code',
  'colgroup',
  'dd',
  'del',
  'details',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'i',
  'ins',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  's',
  'section',
  'small',
  'span',
  'strong',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'time',
  'tr',
  'u',
  'ul',
]);

/** Elements dropped together with everything inside them (script, styles, embedded documents). */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'frameset',
  'object',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'xmp',
  'svg',
  'math',
  'select',
]);

/** Elements whose content the tokenizer reads as plain text up to their end tag. */
const RAW_TEXT = new Set(['script', 'style', 'iframe', 'noscript', 'noembed', 'noframes', 'textarea', 'title', 'xmp']);

const GLOBAL_ATTRIBUTES = new Set(['class', 'title', 'lang', 'dir']);
const ATTRIBUTES: Record<string, Set<string>> = {
  a: new Set(['href', 'target', 'rel']),
  img: new Set(['src', 'alt', 'width', 'height', 'loading']),
  ol: new Set(['start', 'reversed']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan', 'scope']),
  col: new Set(['span']),
  colgroup: new Set(['span']),
  time: new Set(['datetime']),
  q: new Set(['cite']),
  blockquote: new Set(['cite']),
  details: new Set(['open']),
};
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite']);
const NUMBER_ATTRIBUTES = new Set(['width', 'height', 'start', 'colspan', 'rowspan', 'span']);
const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
const IMAGE_SCHEMES = new Set(['http', 'https']);
const ENUMERATED: Record<string, Set<string>> = {
  target: new Set(['_blank', '_self']),
  loading: new Set(['lazy', 'eager']),
  dir: new Set(['ltr', 'rtl', 'auto']),
  scope: new Set(['row', 'col', 'rowgroup', 'colgroup']),
};

/** Where an element may stand: table parts only inside their own parent, nothing else inside them. */
const TABLE_PARENT: Record<string, readonly string[]> = {
  caption: ['table'],
  colgroup: ['table'],
  thead: ['table'],
  tbody: ['table'],
  tfoot: ['table'],
  tr: ['table', 'thead', 'tbody', 'tfoot'],
  td: ['tr'],
  th: ['tr'],
  col: ['colgroup'],
};
const TABLE_CONTAINERS = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'colgroup']);

/** Start tags before which the HTML parser closes an open <p> (HTML § "in body"). */
const CLOSES_P = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'details',
  'div',
  'dl',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'dd',
  'dt',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'ul',
]);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Elements that bound the parser's "button scope" among the ones allowed here. */
const SCOPE_BOUNDARY = new Set(['table', 'td', 'th', 'caption']);
/** The parser's "special" elements among the allowed ones, less address, div and p. */
const LIST_ITEM_STOP = new Set([
  'article',
  'aside',
  'blockquote',
  'caption',
  'col',
  'colgroup',
  'dd',
  'details',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'li',
  'ol',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);

/** Deeper nesting is flattened: the parser's own limit is near this, and scope checks stay cheap. */
const MAX_DEPTH = 100;
/** How many kinds of removal are reported; the rest are removed all the same. */
const MAX_REPORTED = 20;

export interface SanitisedHtml {
  html: string;
  /** What was taken out, once each, e.g. "<script>", "onerror attribute", "javascript: link". */
  removed: string[];
}

interface StartTag {
  kind: 'start';
  name: string;
  attributes: Array<[string, string]>;
  selfClosing: boolean;
}
type Token = { kind: 'text'; text: string } | StartTag | { kind: 'end'; name: string };

const NAME_END = /[\s/>]/;

/** Reads HTML into text, start tags and end tags; comments, doctypes and processing instructions vanish. */
function* tokens(input: string): Generator<Token> {
  let i = 0;
  const n = input.length;
  // End tags of raw text are found case-insensitively; lowered once, not per element, and only
  // A-Z, so every index still points at the same character of the input.
  const lowered = input.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  while (i < n) {
    const lt = input.indexOf('<', i);
    if (lt === -1) {
      yield { kind: 'text', text: input.slice(i) };
      return;
    }
    if (lt > i) yield { kind: 'text', text: input.slice(i, lt) };
    i = lt;
    const next = input[i + 1] ?? '';
    if (input.startsWith('<!--', i)) {
      const end = input.indexOf('-->', i + 4);
      i = end === -1 ? n : end + 3;
      continue;
    }
    if (next === '!' || next === '?' || (next === '/' && !/[a-zA-Z]/.test(input[i + 2] ?? ''))) {
      if (next === '/' && input[i + 2] === undefined) {
        yield { kind: 'text', text: '</' };
        return;
      }
      const end = input.indexOf('>', i + 1);
      i = end === -1 ? n : end + 1;
      continue;
    }
    const closing = next === '/';
    const nameStart = i + (closing ? 2 : 1);
    if (!/[a-zA-Z]/.test(input[nameStart] ?? '')) {
      yield { kind: 'text', text: '<' };
      i += 1;
      continue;
    }
    let j = nameStart;
    while (j < n && !NAME_END.test(input[j]!)) j++;
    const name = input.slice(nameStart, j).toLowerCase();
    const attributes: Array<[string, string]> = [];
    let selfClosing = false;
    let ended = false;
    while (j < n) {
      const c = input[j]!;
      if (c === '>') {
        j++;
        ended = true;
        break;
      }
      if (/\s/.test(c)) {
        j++;
        continue;
      }
      if (c === '/') {
        selfClosing = input[j + 1] === '>';
        j++;
        continue;
      }
      selfClosing = false;
      let k = j + 1; // an attribute name may start with '='
      while (k < n && !/[\s/>=]/.test(input[k]!)) k++;
      const attribute = input.slice(j, k).toLowerCase();
      j = k;
      while (j < n && /\s/.test(input[j]!)) j++;
      let value = '';
      if (input[j] === '=') {
        j++;
        while (j < n && /\s/.test(input[j]!)) j++;
        const quote = input[j];
        if (quote === '"' || quote === "'") {
          const close = input.indexOf(quote, j + 1);
          value = input.slice(j + 1, close === -1 ? n : close);
          j = close === -1 ? n : close + 1;
        } else {
          let k2 = j;
          while (k2 < n && !/[\s>]/.test(input[k2]!)) k2++;
          value = input.slice(j, k2);
          j = k2;
        }
      }
      // The first of two attributes of one name wins, as in the browser.
      if (!attributes.some(([a]) => a === attribute)) attributes.push([attribute, value]);
    }
    // A tag cut off by the end of the input is no tag at all.
    if (!ended) return;
    i = j;
    if (closing) {
      yield { kind: 'end', name };
      continue;
    }
    yield { kind: 'start', name, attributes, selfClosing };
    if (RAW_TEXT.has(name)) {
      const close = lowered.indexOf(`</${name}`, i);
      if (close === -1) return;
      yield { kind: 'text', text: input.slice(i, close) };
      i = close;
    }
    if (name === 'plaintext') return;
  }
}

const CHARACTER_REFERENCE = /^&(?:[a-zA-Z][a-zA-Z0-9]{0,31}|#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6});/;

/** Escapes text for HTML, keeping character references (&eacute;, &#233;) as written. */
function escape(text: string, inAttribute: boolean): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '&') out += CHARACTER_REFERENCE.test(text.slice(i, i + 40)) ? '&' : '&amp;';
    else if (c === '<') out += '&lt;';
    else if (c === '>') out += '&gt;';
    else if (c === '"' && inAttribute) out += '&quot;';
    else if (c === '\u0000') out += '';
    else out += c;
  }
  return out;
}

const NAMED_FOR_URLS: Record<string, string> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  quest: '?',
  num: '#',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  period: '.',
};

/** What the browser will see of a URL attribute, as far as its scheme goes. */
function decodeForScheme(value: string): string {
  return value
    .replace(/&#([0-9]{1,7});?/g, (_, d: string) => String.fromCodePoint(Math.min(Number(d), 0x10ffff)))
    .replace(/&#[xX]([0-9a-fA-F]{1,6});?/g, (_, h: string) => String.fromCodePoint(Math.min(parseInt(h, 16), 0x10ffff)))
    .replace(/&([a-zA-Z]+);/g, (whole, name: string) => NAMED_FOR_URLS[name.toLowerCase()] ?? whole);
}

/** A link or image address that cannot run script: relative, or with one of the allowed schemes. */
function safeUrl(value: string, schemes: ReadonlySet<string>): boolean {
  // Browsers drop tabs and line breaks anywhere in a URL and control characters and spaces at its ends.
  const url = decodeForScheme(value)
    .replace(/[\t\n\r]/g, '')
    .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  const head = url.split(/[/?#]/, 1)[0]!;
  // A reference this code does not decode could hide a colon: refuse rather than guess.
  if (head.includes('&')) return false;
  const colon = head.indexOf(':');
  if (colon === -1) return true;
  return schemes.has(head.slice(0, colon).toLowerCase());
}

function attributeAllowed(element: string, name: string, value: string): boolean {
  if (!GLOBAL_ATTRIBUTES.has(name) && !ATTRIBUTES[element]?.has(name)) return false;
  if (URL_ATTRIBUTES.has(name)) return safeUrl(value, element === 'img' ? IMAGE_SCHEMES : LINK_SCHEMES);
  if (NUMBER_ATTRIBUTES.has(name)) return /^\d{1,6}$/.test(value.trim());
  const allowed = ENUMERATED[name];
  if (allowed) return allowed.has(value.trim().toLowerCase());
  return true;
}

function describeAttribute(element: string, name: string): string {
  return URL_ATTRIBUTES.has(name) && (GLOBAL_ATTRIBUTES.has(name) || ATTRIBUTES[element]?.has(name))
    ? `unsafe address in ${name}`
    : `${name} attribute`;
}

/** Returns `html` as the storefront may show it, and what was removed to get there. */
export function sanitiseHtml(html: string): SanitisedHtml {
  const out: string[] = [];
  const reported = new Set<string>();
  const removed = {
    add(what: string) {
      if (reported.size < MAX_REPORTED) reported.add(what.length > 60 ? `${what.slice(0, 59)}…` : what);
    },
  };
  const open: string[] = [];
  /** Inside an element dropped with its content: its name and depth of same-named nesting. */
  let dropping: { name: string; depth: number } | null = null;
  const current = () => open[open.length - 1];

  const close = (count: number) => {
    for (let k = 0; k < count; k++) out.push(`</${open.pop()!}>`);
  };
  const closeThrough = (index: number) => close(open.length - index);
  const inScope = (name: string, boundaries: ReadonlySet<string>): number => {
    for (let k = open.length - 1; k >= 0; k--) {
      if (open[k] === name) return k;
      if (boundaries.has(open[k]!)) return -1;
    }
    return -1;
  };
  const closeP = () => {
    const at = inScope('p', SCOPE_BOUNDARY);
    if (at !== -1) closeThrough(at);
  };
  const closeListItem = (names: readonly string[]) => {
    for (let k = open.length - 1; k >= 0; k--) {
      if (names.includes(open[k]!)) {
        closeThrough(k);
        return;
      }
      if (LIST_ITEM_STOP.has(open[k]!)) return;
    }
  };

  for (const token of tokens(html)) {
    if (dropping) {
      if (token.kind === 'start' && token.name === dropping.name && !RAW_TEXT.has(token.name)) dropping.depth++;
      if (token.kind === 'end' && token.name === dropping.name && --dropping.depth === 0) dropping = null;
      continue;
    }
    if (token.kind === 'text') {
      const parent = current();
      if (parent && TABLE_CONTAINERS.has(parent)) {
        // Text between table rows would be moved out of the table by the parser; only spacing stays.
        if (token.text.trim() !== '') removed.add('text outside table cells');
        const spacing = token.text.replace(/[^\s]/g, '');
        if (spacing) out.push(spacing);
        continue;
      }
      out.push(escape(token.text, false));
      continue;
    }
    const { name } = token;
    if (token.kind === 'end') {
      const at = open.lastIndexOf(name);
      if (at !== -1) closeThrough(at);
      continue;
    }
    if (DROPPED_WITH_CONTENT.has(name)) {
      removed.add(`<${name}>`);
      // The parser ignores "/>" on HTML elements, but honours it on <svg/> and <math/>.
      if (!token.selfClosing || !['svg', 'math'].includes(name)) dropping = { name, depth: 1 };
      continue;
    }
    if (!ELEMENTS.has(name)) {
      // Their content stays, as text and allowed elements.
      if (!['html', 'head', 'body'].includes(name)) removed.add(`<${name}>`);
      continue;
    }
    const parent = current();
    const tableParent = TABLE_PARENT[name];
    if (tableParent ? !parent || !tableParent.includes(parent) : parent && TABLE_CONTAINERS.has(parent)) {
      removed.add(`<${name}> out of place in a table`);
      continue;
    }
    if (!VOID.has(name) && open.length >= MAX_DEPTH) {
      removed.add(`elements nested over ${MAX_DEPTH} deep`);
      continue;
    }
    if (name === 'a' && open.includes('a')) {
      removed.add('a link inside a link');
      continue;
    }
    if (name === 'li') closeListItem(['li']);
    if (name === 'dd' || name === 'dt') closeListItem(['dd', 'dt']);
    if (CLOSES_P.has(name)) closeP();
    if (HEADINGS.has(name) && HEADINGS.has(current() ?? '')) close(1);
    let tag = `<${name}`;
    for (const [attribute, value] of token.attributes) {
      if (attributeAllowed(name, attribute, value)) tag += ` ${attribute}="${escape(value, true)}"`;
      else removed.add(describeAttribute(name, attribute));
    }
    if (VOID.has(name)) {
      out.push(`${tag}${token.selfClosing ? ' />' : '>'}`);
      continue;
    }
    out.push(`${tag}>`);
    open.push(name);
  }
  close(open.length);
  return { html: out.join(''), removed: [...reported] };
}
