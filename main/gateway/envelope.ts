import { OPERATIONS, fieldsOf, inputPart, isTypeName, type OperationName, type RequestOf, type TypeName } from './schema';
import { SOAP_ENCODING, type GatewayNamespaces } from './wsdl';
import { xmlAttr, xmlText } from './xml-text';

/** Prefix of the operation element; bound to `{ns}Request` on the element itself. */
export const REQUEST_PREFIX = 'q1';
/** Prefix of the types namespace, declared on the envelope (see client.ts). */
export const TYPES_PREFIX = 'types';

function scalarText(value: unknown, type: string, path: string): string {
  if (type === 'boolean') {
    if (typeof value !== 'boolean') throw new TypeError(`${path} must be a boolean`);
    return value ? 'true' : 'false';
  }
  if (type === 'integer') {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new TypeError(`${path} must be an integer`);
    return String(value);
  }
  if (typeof value !== 'string') throw new TypeError(`${path} must be a string`);
  return xmlText(value);
}

/** Child elements of one value of `type`: unqualified, in spec order, absent fields left out. */
function fieldsXml(value: Record<string, unknown>, type: TypeName, path: string, out: string[]): void {
  const defs = fieldsOf(type);
  for (const key of Object.keys(value)) {
    if (value[key] !== undefined && !defs.some((d) => d.name === key)) throw new TypeError(`${path}.${key} is not a field of ${type}`);
  }
  for (const def of defs) {
    const v = value[def.name];
    if (v === undefined) continue;
    const items = def.repeated ? (v as unknown[]) : [v];
    for (const item of items) {
      const at = `${path}.${def.name}`;
      if (isTypeName(def.type)) {
        out.push(`<${def.name}>`);
        fieldsXml(item as Record<string, unknown>, def.type, at, out);
        out.push(`</${def.name}>`);
      } else {
        out.push(`<${def.name}>`, scalarText(item, def.type, at), `</${def.name}>`);
      }
    }
  }
}

/**
 * The operation element of a request body, byte for byte as the reference describes it:
 * `<q1:Op xmlns:q1="{ns}Request" soap:encodingStyle="…">` around the single unqualified part that
 * carries `xsi:type="types:Transaction"` (or CheckTransaction), whose fields are unqualified and in
 * spec order without per-field xsi:type. Validation of the request is the caller's (zod).
 */
export function operationXml<O extends OperationName>(op: O, request: RequestOf<O>, ns: GatewayNamespaces): string {
  const type = OPERATIONS[op].input;
  const part = inputPart(op);
  const out: string[] = [
    `<${REQUEST_PREFIX}:${op} xmlns:${REQUEST_PREFIX}="${xmlAttr(ns.request)}" soap:encodingStyle="${SOAP_ENCODING}">`,
    `<${part} xsi:type="${TYPES_PREFIX}:${type}">`,
  ];
  fieldsXml(request, type, part, out);
  out.push(`</${part}>`, `</${REQUEST_PREFIX}:${op}>`);
  return out.join('');
}
