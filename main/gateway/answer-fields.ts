import { attrOf, resolveQName, type XmlElement } from './answer-xml';
import { gatewayTypes, isTypeName, typeBase, type TypeName } from './schema';
import { SOAP_ENCODING, XSD, XSI } from './wsdl';

/**
 * Typing of result fields, from the same tables (schema.ts) as the request writer. Strict where
 * a value decides what happens to money: booleans and integers accept their XML Schema lexical
 * forms only, a field that is not repeated in the tables may occur once, a declared xsi:type must
 * be the contract's. Tolerant where the gateway merely echoes: fields outside the contract are
 * ignored, and a missing required echoed string reads as empty (the outcome fields must be there).
 * Messages name the field and the reason, never the value (it may be card data).
 */

export class AnswerError extends Error {
  override name = 'AnswerError';
}

/** What reading a value needs from the answer around it. */
export interface ReadContext {
  /** The namespace of the contract's complex types ({ns}encodedTypes). */
  readonly typesNs: string;
  /** The element a multiRef `href` points to, or the element itself. */
  deref(el: XmlElement, path: string): XmlElement;
}

type Kind = 'string' | 'boolean' | 'integer' | 'struct';

interface FieldPlan {
  readonly name: string;
  readonly kind: Kind;
  readonly type: TypeName | undefined;
  readonly repeated: boolean;
  readonly maxOccurs: number;
  /** A missing (or nil) field: left out, read as empty (an echoed string or structure), or unusable. */
  readonly missing: 'absent' | 'empty' | 'refuse';
  readonly index: number;
}

interface TypePlan {
  readonly fields: readonly FieldPlan[];
  readonly byName: ReadonlyMap<string, FieldPlan>;
}

function planOf(type: TypeName): TypePlan {
  const base = typeBase[type];
  const echoed = base ? gatewayTypes[base].length : gatewayTypes[type].length;
  const fields = gatewayTypes[type].map((def, index): FieldPlan => {
    const kind: Kind = def.type === 'string' || def.type === 'boolean' || def.type === 'integer' ? def.type : 'struct';
    if (kind === 'struct' && !isTypeName(def.type)) throw new Error(`unknown field type ${def.type}`);
    const missing = !def.required ? 'absent' : index < echoed && (kind === 'string' || kind === 'struct') ? 'empty' : 'refuse';
    return { name: def.name, kind, type: kind === 'struct' ? (def.type as TypeName) : undefined, repeated: def.repeated, maxOccurs: def.maxOccurs, missing, index };
  });
  return { fields, byName: new Map(fields.map((f) => [f.name, f])) };
}

// Built once: reading an answer only looks fields up.
const PLANS = Object.fromEntries((Object.keys(gatewayTypes) as TypeName[]).map((t) => [t, planOf(t)])) as Record<TypeName, TypePlan>;

const NIL: unique symbol = Symbol('nil');
const NON_WHITESPACE = /[^ \t\r\n]/;
const EDGE_WHITESPACE = /^[ \t\r\n]+|[ \t\r\n]+$/g;
const EMPTY: XmlElement = { ns: '', local: '', attrs: [], children: [], text: '', scope: new Map() };
const INT = /^[+-]?[0-9]+$/;

/** XML Schema `collapse` for the one-token types (boolean, int): only XML white space counts. */
function collapse(value: string): string {
  return value.replace(EDGE_WHITESPACE, '');
}

function isNil(node: XmlElement, path: string): boolean {
  const nil = attrOf(node, XSI, 'nil');
  if (nil === undefined) return false;
  const v = collapse(nil);
  if (v === 'false' || v === '0') return false;
  if (v !== 'true' && v !== '1') throw new AnswerError(`${path} carries an xsi:nil that is not true, false, 1 or 0`);
  if (node.children.length > 0 || NON_WHITESPACE.test(node.text)) throw new AnswerError(`${path} is nil yet has content`);
  return true;
}

function checkDeclaredType(node: XmlElement, f: FieldPlan, path: string, typesNs: string): void {
  const declared = attrOf(node, XSI, 'type');
  if (declared === undefined) return;
  const q = resolveQName(node, collapse(declared));
  if (!q) throw new AnswerError(`${path} has an xsi:type with an undeclared prefix`);
  if (f.kind === 'struct') {
    if (q.ns !== typesNs || q.local !== f.type) throw new AnswerError(`${path} is declared as another type than ${f.type}`);
    return;
  }
  if (q.ns !== XSD && q.ns !== SOAP_ENCODING) throw new AnswerError(`${path} is declared as a structure, not an XML Schema ${f.kind}`);
  // A string field keeps its text whatever simple type it is declared with; a flag or a number may not.
  if (f.kind === 'boolean' && q.local !== 'boolean') throw new AnswerError(`${path} is declared as another type than xsd:boolean`);
  if (f.kind === 'integer' && q.local !== 'int') throw new AnswerError(`${path} is declared as another type than xsd:int`);
}

function textOnly(node: XmlElement, path: string): string {
  if (node.children.length > 0) throw new AnswerError(`${path} holds elements where text is expected`);
  return node.text;
}

function readBoolean(text: string, path: string): boolean {
  const v = collapse(text);
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw new AnswerError(`${path} is ${v === '' ? 'empty, not' : 'not'} an xsd:boolean (only true, false, 1 or 0 are)`);
}

function readInteger(text: string, path: string): number {
  const v = collapse(text);
  if (!INT.test(v)) throw new AnswerError(`${path} is not an xsd:int`);
  const digits = v.replace(/^[+-]?0*/, '');
  const n = digits.length > 10 ? NaN : Number(v);
  if (!(n >= -2147483648 && n <= 2147483647)) throw new AnswerError(`${path} is outside the xsd:int range`);
  return n === 0 ? 0 : n;
}

function readValue(el: XmlElement, f: FieldPlan, path: string, ctx: ReadContext): unknown {
  const node = ctx.deref(el, path);
  if (node !== el) checkDeclaredType(el, f, path, ctx.typesNs);
  if (isNil(node, path)) return NIL;
  checkDeclaredType(node, f, path, ctx.typesNs);
  switch (f.kind) {
    case 'struct':
      return readStruct(node, f.type as TypeName, path, ctx);
    case 'boolean':
      return readBoolean(textOnly(node, path), path);
    case 'integer':
      return readInteger(textOnly(node, path), path);
    default:
      return textOnly(node, path);
  }
}

function whenMissing(f: FieldPlan, path: string, ctx: ReadContext): unknown {
  if (f.missing === 'refuse') throw new AnswerError(`${path} is missing`);
  if (f.missing === 'absent') return NIL;
  if (f.repeated) return [];
  return f.kind === 'struct' ? readStruct(EMPTY, f.type as TypeName, path, ctx) : '';
}

/** The fields of one value of `type` (an element already dereferenced), typed. Throws AnswerError. */
export function readStruct(el: XmlElement, type: TypeName, path: string, ctx: ReadContext): Record<string, unknown> {
  const plan = PLANS[type];
  if (NON_WHITESPACE.test(el.text)) throw new AnswerError(`${path} holds text where the fields of ${type} are expected`);
  const found: Array<XmlElement[] | undefined> = new Array<XmlElement[] | undefined>(plan.fields.length);
  for (const child of el.children) {
    // The contract's fields are unqualified; anything else is outside it and ignored.
    const f = child.ns === '' ? plan.byName.get(child.local) : undefined;
    if (!f) continue;
    const seen = found[f.index];
    if (!seen) found[f.index] = [child];
    else if (f.repeated) seen.push(child);
    else throw new AnswerError(`${path}.${f.name} occurs more than once, but the contract allows it once`);
  }
  const out: Record<string, unknown> = {};
  for (const f of plan.fields) {
    const els = found[f.index];
    if (!els && f.missing === 'absent') continue;
    const at = `${path}.${f.name}`;
    let value: unknown = NIL;
    if (els && f.repeated) {
      if (els.length > f.maxOccurs) throw new AnswerError(`${at} occurs more than ${f.maxOccurs} times`);
      const items: unknown[] = [];
      for (let i = 0; i < els.length; i++) {
        const item = readValue(els[i] as XmlElement, f, `${at}[${i}]`, ctx);
        if (item !== NIL) items.push(item);
      }
      if (items.length > 0) value = items;
    } else if (els?.[0]) {
      value = readValue(els[0], f, at, ctx);
    }
    if (value === NIL) value = whenMissing(f, at, ctx);
    if (value !== NIL) out[f.name] = value;
  }
  return out;
}

/** The output part of an answer: a required structure of `type` (nil, text or a wrong xsi:type refused). */
export function readPart(el: XmlElement, type: TypeName, path: string, ctx: ReadContext): Record<string, unknown> {
  const part: FieldPlan = { name: path, kind: 'struct', type, repeated: false, maxOccurs: 1, missing: 'refuse', index: 0 };
  const value = readValue(el, part, path, ctx);
  if (value === NIL) throw new AnswerError(`${path} is nil`);
  return value as Record<string, unknown>;
}
