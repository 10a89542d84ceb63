import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { simOperations, simTypes, type SimField, type SimRecord, type SimValue } from './contract';

/**
 * Reads a request envelope the way a strict gateway would, on fast-xml-parser (the client reads
 * with `soap`/sax: the two share no parsing code). Anything outside the contract is refused with a
 * Client fault: wrong envelope or body namespaces, a SOAPAction that does not name the operation,
 * a part that is not `{Op}Source`, unknown or qualified fields, fields out of order, missing
 * required fields, too many line items, values that are not of the field's type.
 */

const SOAP_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const XSD = 'http://www.w3.org/2001/XMLSchema';

export class SimFault extends Error {
  override name = 'SimFault';
  constructor(
    readonly faultCode: 'Client' | 'Server' | 'MustUnderstand' | 'VersionMismatch',
    message: string,
    readonly errorNumber?: number,
  ) {
    super(message);
  }
}

export interface SimRequest {
  operation: string;
  /** The input type (Transaction or CheckTransaction). */
  type: string;
  fields: SimRecord;
}

type Node = Record<string, unknown> & { ':@'?: Record<string, string> };
interface El {
  /** Qualified name as written. */
  qname: string;
  local: string;
  ns: string;
  attrs: Record<string, string>;
  children: El[];
  text: string;
  /** Namespace scope in force inside the element. */
  scope: Map<string, string>;
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Entities are decoded below in one pass: decoding &amp; first and &#..; after would double-decode.
  processEntities: false,
  htmlEntities: false,
  cdataPropName: '#cdata',
  commentPropName: '#comment',
  ignoreDeclaration: true,
  ignorePiTags: true,
});

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g, (m, e: string) => {
    if (e.startsWith('#x')) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(parseInt(e.slice(1), 10));
    return NAMED[e] ?? m;
  });
}

function resolve(qname: string, scope: Map<string, string>, isAttr: boolean): { ns: string; local: string } {
  const i = qname.indexOf(':');
  if (i < 0) return { ns: isAttr ? '' : (scope.get('') ?? ''), local: qname };
  const prefix = qname.slice(0, i);
  const ns = scope.get(prefix);
  if (ns === undefined) throw new SimFault('Client', `undeclared namespace prefix "${prefix}"`);
  return { ns, local: qname.slice(i + 1) };
}

function toElement(node: Node, parentScope: Map<string, string>): El | undefined {
  const qname = Object.keys(node).find((k) => k !== ':@');
  if (!qname || qname === '#comment') return undefined;
  if (qname === '#text' || qname === '#cdata') throw new Error('text node');
  const attrs: Record<string, string> = {};
  for (const [k, v] of Object.entries(node[':@'] ?? {})) attrs[k] = decode(String(v));
  let scope = parentScope;
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'xmlns' || k.startsWith('xmlns:')) {
      if (scope === parentScope) scope = new Map(parentScope);
      scope.set(k === 'xmlns' ? '' : k.slice(6), v);
    }
  }
  const { ns, local } = resolve(qname, scope, false);
  const el: El = { qname, local, ns, attrs, children: [], text: '', scope };
  for (const child of (node[qname] as Node[] | undefined) ?? []) {
    if ('#text' in child) el.text += decode(String(child['#text']));
    else if ('#cdata' in child) el.text += ((child['#cdata'] as Node[])[0]?.['#text'] as string | undefined) ?? '';
    else {
      const c = toElement(child, scope);
      if (c) el.children.push(c);
    }
  }
  return el;
}

function attr(el: El, ns: string, local: string): string | undefined {
  for (const [k, v] of Object.entries(el.attrs)) {
    if (k === 'xmlns' || k.startsWith('xmlns:')) continue;
    const r = resolve(k, el.scope, true);
    if (r.ns === ns && r.local === local) return v;
  }
  return undefined;
}

/** The xsi:type of an element as {namespace, local name}, if it has one. */
function xsiType(el: El): { ns: string; local: string } | undefined {
  const t = attr(el, XSI, 'type');
  return t === undefined ? undefined : resolve(t.trim(), el.scope, false);
}

interface Context {
  typesNs: string;
  /** Elements of the Body carrying an id, for href="#id" references (multiRef requests). */
  refs: Map<string, El>;
}

function deref(el: El, ctx: Context, path: string): El {
  const href = el.attrs.href;
  if (href === undefined) return el;
  const target = href.startsWith('#') ? ctx.refs.get(href.slice(1)) : undefined;
  if (!target) throw new SimFault('Client', `${path}: unresolved reference ${href}`);
  return { ...target, qname: el.qname, local: el.local, ns: el.ns };
}

const XSD_SCALARS: Record<SimField['kind'], string[]> = {
  string: ['string'],
  bool: ['boolean'],
  int: ['int', 'integer', 'long', 'short'],
  complex: [],
};

function readScalar(el: El, field: SimField, path: string): string {
  if (el.children.length > 0) throw new SimFault('Client', `${path} must be a simple value`);
  const t = xsiType(el);
  if (t && !(t.ns === XSD && XSD_SCALARS[field.kind].includes(t.local))) {
    throw new SimFault('Client', `${path} has xsi:type ${t.local}; expected xsd:${XSD_SCALARS[field.kind][0] ?? ''}`);
  }
  const text = el.text;
  if (field.kind === 'bool') {
    const v = text.trim();
    if (v === 'true' || v === '1') return 'true';
    if (v === 'false' || v === '0') return 'false';
    throw new SimFault('Client', `${path} must be true or false`);
  }
  if (field.kind === 'int') {
    if (!/^\s*[+-]?\d{1,10}\s*$/.test(text)) throw new SimFault('Client', `${path} must be an integer`);
    return String(Number(text.trim()));
  }
  return text;
}

function readRecord(el: El, typeName: string, ctx: Context, path: string): SimRecord {
  const fields = simTypes[typeName];
  if (!fields) throw new SimFault('Server', `no type ${typeName}`);
  if (el.text.trim() !== '') throw new SimFault('Client', `${path} has text where fields belong`);
  const t = xsiType(el);
  if (t && !(t.ns === ctx.typesNs && t.local === typeName)) {
    throw new SimFault('Client', `${path} has xsi:type {${t.ns}}${t.local}; expected {${ctx.typesNs}}${typeName}`);
  }
  const out: SimRecord = {};
  const counts = new Map<string, number>();
  let position = 0;
  for (const raw of el.children) {
    const at = `${path}.${raw.local}`;
    if (raw.ns !== '') throw new SimFault('Client', `${at} must be unqualified (it is in namespace ${raw.ns})`);
    const index = fields.findIndex((f) => f.name === raw.local);
    if (index < 0) throw new SimFault('Client', `${at} is not a field of ${typeName}`);
    if (index < position) throw new SimFault('Client', `${at} is out of order: ${typeName} fields must follow the contract's order`);
    const field = fields[index] as SimField;
    const count = (counts.get(field.name) ?? 0) + 1;
    if (count > field.max) {
      throw new SimFault('Client', field.max > 1 ? `${at} occurs more than ${field.max} times` : `${at} occurs more than once`);
    }
    counts.set(field.name, count);
    position = index;
    if (attr(raw, XSI, 'nil') === 'true' || attr(raw, XSI, 'nil') === '1') continue;
    const child = deref(raw, ctx, at);
    const value: SimValue = field.kind === 'complex' ? readRecord(child, field.complex ?? '', ctx, at) : readScalar(child, field, at);
    if (field.max > 1) {
      const list = (out[field.name] as SimRecord[] | undefined) ?? [];
      list.push(value as SimRecord);
      out[field.name] = list;
    } else {
      out[field.name] = value;
    }
  }
  for (const f of fields) {
    if (f.required && out[f.name] === undefined) throw new SimFault('Client', `${path}.${f.name} is required`);
  }
  return out;
}

export interface ReadOptions {
  /** The WSDL target namespace, ending with a slash. */
  namespace: string;
  /** The SOAPAction header as received (undefined when absent). */
  soapAction: string | undefined;
}

/** Parses and checks one request envelope. Throws SimFault for anything the contract does not allow. */
export function readRequest(xml: string, options: ReadOptions): SimRequest {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new SimFault('Client', 'a SOAP message must not contain a DTD');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new SimFault('Client', `the request is not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  const nodes = parser.parse(xml) as Node[];
  const roots = nodes.map((n) => toElement(n, new Map([['xml', 'http://www.w3.org/XML/1998/namespace']]))).filter((e): e is El => !!e);
  const envelope = roots[0];
  if (roots.length !== 1 || !envelope) throw new SimFault('Client', 'the request must have one Envelope element');
  if (envelope.local !== 'Envelope') throw new SimFault('Client', 'the root element must be a SOAP Envelope');
  if (envelope.ns !== SOAP_ENV) throw new SimFault('VersionMismatch', `the Envelope must be in ${SOAP_ENV} (SOAP 1.1)`);
  const header = envelope.children.find((c) => c.local === 'Header' && c.ns === SOAP_ENV);
  for (const h of header?.children ?? []) {
    const mu = attr(h, SOAP_ENV, 'mustUnderstand');
    if (mu === '1' || mu === 'true') throw new SimFault('MustUnderstand', `header ${h.local} is not understood`);
  }
  const body = envelope.children.find((c) => c.local === 'Body' && c.ns === SOAP_ENV);
  if (!body) throw new SimFault('Client', 'the Envelope has no soap:Body');
  const [op, ...rest] = body.children;
  if (!op) throw new SimFault('Client', 'the soap:Body is empty');
  const ctx: Context = { typesNs: `${options.namespace}encodedTypes`, refs: new Map() };
  for (const r of rest) {
    if (r.attrs.id === undefined) throw new SimFault('Client', `unexpected element ${r.local} in the soap:Body`);
    ctx.refs.set(r.attrs.id, r);
  }
  const operation = simOperations[op.local];
  if (!operation) throw new SimFault('Client', `unknown operation ${op.local}`);
  const requestNs = `${options.namespace}Request`;
  if (op.ns !== requestNs) throw new SimFault('Client', `the operation element must be in namespace ${requestNs}, not "${op.ns}"`);
  const action = options.soapAction?.trim().replace(/^"(.*)"$/, '$1');
  if (action === undefined || action === '') throw new SimFault('Client', 'the SOAPAction header is missing');
  if (action !== `${options.namespace}${op.local}`) {
    throw new SimFault('Client', `SOAPAction "${action}" does not name operation ${op.local} (expected ${options.namespace}${op.local})`);
  }
  const partName = `${op.local}Source`;
  if (op.children.length !== 1 || op.children[0]?.local !== partName) throw new SimFault('Client', `${op.local} must carry exactly one part, ${partName}`);
  const part = op.children[0];
  if (part.ns !== '') throw new SimFault('Client', `${partName} must be unqualified`);
  const fields = readRecord(deref(part, ctx, partName), operation.input, ctx, partName);
  return { operation: op.local, type: operation.input, fields };
}
