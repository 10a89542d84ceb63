/**
 * A small strict reader of XML 1.0 with namespaces, for the gateway's answers: text in, an element
 * tree out, or an XmlError. It refuses what a conformant parser refuses (a document cut off,
 * mismatched tags, an undeclared prefix or entity, a repeated attribute, characters XML cannot
 * carry) and also a DTD, which SOAP forbids, so no entity is ever expanded. Written by hand because
 * the general parsers are lenient exactly where an answer about money must not be: a document cut
 * off in the middle still "parses" in several of them. Error messages give positions, never content.
 */

export class XmlError extends Error {
  override name = 'XmlError';
}

export interface XmlAttr {
  readonly ns: string;
  readonly local: string;
  readonly value: string;
}

/** In-scope prefixes ('' is the default namespace). Copied only where an element declares one. */
export type NsScope = ReadonlyMap<string, string>;

export interface XmlElement {
  /** Namespace URI, '' when unqualified. */
  readonly ns: string;
  readonly local: string;
  /** Attributes other than namespace declarations, with their namespaces resolved. */
  readonly attrs: readonly XmlAttr[];
  readonly children: XmlElement[];
  /** Character data directly inside: references decoded, CDATA included, line ends normalised. */
  text: string;
  /** For QName values such as xsi:type. */
  readonly scope: NsScope;
}

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
const ROOT_SCOPE: NsScope = new Map([['xml', XML_NS], ['', '']]);
const MAX_DEPTH = 64;

// eslint-disable-next-line no-control-regex
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const ASCII_NCNAME = /^[A-Za-z_][\w.-]*$/;
const NCNAME = /^[\p{L}_][\p{L}\p{N}\p{M}_.\-\u00B7\u203F\u2040]*$/u;
const REFERENCE = /&(?:#x([0-9a-fA-F]{1,6});|#([0-9]{1,7});|(lt|gt|amp|quot|apos);)?/g;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const NEEDS_NORMALISING = /[\t\n\r&]/;

function isXmlCodePoint(cp: number): boolean {
  return cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

function decode(raw: string, at: number): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(REFERENCE, (_m, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
    if (name !== undefined) return PREDEFINED[name] ?? '';
    if (hex === undefined && dec === undefined) throw new XmlError(`an "&" starts no known entity or character reference (near character ${at})`);
    const cp = hex !== undefined ? parseInt(hex, 16) : Number(dec);
    if (!isXmlCodePoint(cp)) throw new XmlError(`a character reference names a character XML cannot carry (near character ${at})`);
    return String.fromCodePoint(cp);
  });
}

function textOf(raw: string, at: number): string {
  if (raw.includes(']]>')) throw new XmlError(`"]]>" in character data (near character ${at})`);
  return decode(raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw, at);
}

function attrValue(raw: string, at: number): string {
  if (raw.includes('<')) throw new XmlError(`a "<" in an attribute value (near character ${at})`);
  if (!NEEDS_NORMALISING.test(raw)) return raw;
  // Attribute-value normalisation: literal white space becomes a space; references keep theirs.
  return decode(raw.replace(/\r\n?/g, '\n').replace(/[\t\n]/g, ' '), at);
}

function isNcName(name: string): boolean {
  return ASCII_NCNAME.test(name) || NCNAME.test(name);
}

// The same few names come in every answer: each is checked once.
const qnames = new Map<string, readonly [prefix: string, local: string]>();

function splitQName(qname: string, at: number): readonly [prefix: string, local: string] {
  const known = qnames.get(qname);
  if (known) return known;
  const colon = qname.indexOf(':');
  const split = colon < 0 ? (['', qname] as const) : ([qname.slice(0, colon), qname.slice(colon + 1)] as const);
  if ((colon >= 0 && !isNcName(split[0])) || !isNcName(split[1])) throw new XmlError(`a malformed name (near character ${at})`);
  if (qnames.size >= 4096) qnames.clear();
  qnames.set(qname, split);
  return split;
}

/** Resolves a QName written in a value (xsi:type="p:T") in the scope of `el`; undefined if it is not one. */
export function resolveQName(el: XmlElement, value: string): { ns: string; local: string } | undefined {
  const colon = value.indexOf(':');
  const prefix = colon < 0 ? '' : value.slice(0, colon);
  const local = colon < 0 ? value : value.slice(colon + 1);
  const ns = el.scope.get(prefix);
  if (ns === undefined || (prefix !== '' && !isNcName(prefix)) || !isNcName(local)) return undefined;
  return { ns, local };
}

function attrIn(attrs: readonly XmlAttr[], ns: string, local: string): string | undefined {
  for (const a of attrs) if (a.local === local && a.ns === ns) return a.value;
  return undefined;
}

export function attrOf(el: XmlElement, ns: string, local: string): string | undefined {
  return attrIn(el.attrs, ns, local);
}

interface Open {
  el: XmlElement;
  qname: string;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** End of a name starting at `pos`: the first white space, "/", ">", "=" or end of text. */
function nameEnd(xml: string, pos: number): number {
  let i = pos;
  for (; i < xml.length; i++) {
    const c = xml.charCodeAt(i);
    if (isSpace(c) || c === 0x2f || c === 0x3e || c === 0x3d) break;
  }
  return i;
}

function unfinished(at: number): XmlError {
  return new XmlError(`a malformed or unfinished start tag (near character ${at})`);
}

function openElement(xml: string, at: number, parent: Open | undefined): { open: Open; end: number; empty: boolean } {
  let pos = nameEnd(xml, at + 1);
  const qname = xml.slice(at + 1, pos);
  const names: string[] = [];
  const values: string[] = [];
  let empty = false;
  for (;;) {
    const before = pos;
    while (pos < xml.length && isSpace(xml.charCodeAt(pos))) pos++;
    const c = xml.charCodeAt(pos);
    if (c === 0x3e /* > */) break;
    if (c === 0x2f /* / */) {
      if (xml.charCodeAt(pos + 1) !== 0x3e) throw unfinished(at);
      empty = true;
      pos++;
      break;
    }
    if (pos >= xml.length) throw unfinished(at);
    if (pos === before) throw new XmlError(`attributes without white space between them (near character ${at})`);
    const end = nameEnd(xml, pos);
    const name = xml.slice(pos, end);
    pos = end;
    while (isSpace(xml.charCodeAt(pos))) pos++;
    if (xml.charCodeAt(pos) !== 0x3d /* = */) throw unfinished(at);
    pos++;
    while (isSpace(xml.charCodeAt(pos))) pos++;
    const quote = xml[pos];
    if (quote !== '"' && quote !== "'") throw unfinished(at);
    const close = xml.indexOf(quote, pos + 1);
    if (close < 0) throw unfinished(at);
    if (names.includes(name)) throw new XmlError(`a repeated attribute (near character ${at})`);
    names.push(name);
    values.push(attrValue(xml.slice(pos + 1, close), at));
    pos = close + 1;
  }
  const parentScope = parent?.el.scope ?? ROOT_SCOPE;
  let scope: Map<string, string> | undefined;
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue;
    const value = values[i] as string;
    const prefix = name === 'xmlns' ? '' : splitQName(name, at)[1];
    if ((prefix !== '' && value === '') || prefix === 'xmlns' || value === XMLNS_NS || (prefix === 'xml') !== (value === XML_NS)) {
      throw new XmlError(`a namespace declaration XML does not allow (near character ${at})`);
    }
    scope ??= new Map(parentScope);
    scope.set(prefix, value);
  }
  const inScope: NsScope = scope ?? parentScope;
  const attrs: XmlAttr[] = [];
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    const [prefix, local] = splitQName(name, at);
    const ns = prefix === '' ? '' : inScope.get(prefix);
    if (ns === undefined || (prefix !== '' && ns === '')) throw new XmlError(`an attribute with an undeclared prefix (near character ${at})`);
    if (prefix !== '' && attrIn(attrs, ns, local) !== undefined) throw new XmlError(`a repeated attribute (near character ${at})`);
    attrs.push({ ns, local, value: values[i] as string });
  }
  const [prefix, local] = splitQName(qname, at);
  const ns = inScope.get(prefix);
  if (ns === undefined || (prefix !== '' && ns === '')) throw new XmlError(`an element with an undeclared prefix (near character ${at})`);
  return { open: { qname, el: { ns, local, attrs, children: [], text: '', scope: inScope } }, end: pos + 1, empty };
}

/** Parses one whole document; throws XmlError when it is not well-formed XML with namespaces. */
export function parseXml(xml: string): XmlElement {
  if (NOT_XML_CHAR.test(xml)) throw new XmlError('characters XML cannot carry');
  const start = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  const stack: Open[] = [];
  let root: XmlElement | undefined;
  let pos = start;
  while (pos < xml.length) {
    const lt = xml.indexOf('<', pos);
    const top = stack[stack.length - 1];
    if (lt !== pos) {
      const raw = xml.slice(pos, lt < 0 ? xml.length : lt);
      if (top) top.el.text += textOf(raw, pos);
      else if (/[^ \t\r\n]/.test(raw)) throw new XmlError(`text outside the root element (near character ${pos})`);
    }
    if (lt < 0) break;
    const next = xml.charCodeAt(lt + 1);
    if (next === 0x3f /* ? */) {
      const end = xml.indexOf('?>', lt + 2);
      if (end < 0) throw new XmlError(`an unfinished processing instruction (near character ${lt})`);
      const target = /^[^\s?]*/.exec(xml.slice(lt + 2, end))?.[0] ?? '';
      if (target.toLowerCase() === 'xml') {
        if (lt !== start || target !== 'xml') throw new XmlError(`an XML declaration that is not at the start (near character ${lt})`);
        const encoding = /\sencoding\s*=\s*["']([^"']*)["']/.exec(xml.slice(lt, end))?.[1];
        if (encoding !== undefined && !/^(utf-?8|us-ascii)$/i.test(encoding)) throw new XmlError('the answer declares an encoding other than UTF-8');
      }
      pos = end + 2;
    } else if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt + 4);
      if (end < 0 || xml.slice(lt + 4, end).includes('--')) throw new XmlError(`a malformed or unfinished comment (near character ${lt})`);
      pos = end + 3;
    } else if (xml.startsWith('<![CDATA[', lt)) {
      const end = xml.indexOf(']]>', lt + 9);
      if (!top || end < 0) throw new XmlError(`a CDATA section outside the root element or unfinished (near character ${lt})`);
      top.el.text += xml.slice(lt + 9, end).replace(/\r\n?/g, '\n');
      pos = end + 3;
    } else if (next === 0x21 /* ! */) {
      throw new XmlError(/^<!DOCTYPE/i.test(xml.slice(lt, lt + 9)) ? 'a DTD, which SOAP forbids' : `a malformed markup declaration (near character ${lt})`);
    } else if (next === 0x2f /* / */) {
      const end = xml.indexOf('>', lt + 2);
      if (end < 0) throw new XmlError(`an unfinished end tag (near character ${lt})`);
      if (!top || xml.slice(lt + 2, end).replace(/[ \t\r\n]+$/, '') !== top.qname) throw new XmlError(`an end tag that does not match its start tag (near character ${lt})`);
      stack.pop();
      pos = end + 1;
    } else {
      if (!top && root) throw new XmlError(`a second root element (near character ${lt})`);
      const { open, end, empty } = openElement(xml, lt, top);
      if (top) top.el.children.push(open.el);
      else root = open.el;
      if (!empty) {
        if (stack.length >= MAX_DEPTH) throw new XmlError(`elements nested deeper than ${MAX_DEPTH} levels`);
        stack.push(open);
      }
      pos = end;
    }
  }
  if (stack.length > 0) throw new XmlError(`the document ends with ${stack.length} element(s) still open: it was cut off`);
  if (!root) throw new XmlError('no root element');
  return root;
}
