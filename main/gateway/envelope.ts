import { OPERATIONS, fieldsOf, inputPart, isTypeName, type OperationName, type RequestOf, type TypeName } from './schema';
import { SOAP_ENCODING, type GatewayNamespaces } from './wsdl';
import { xmlAttr, xmlText } from './xml-text';

/** Prefix of the operation element; bound to `{ns}Request` on the element itself. */
export const REQUEST_PREFIX = 'q1';
/** Prefix of the types namespace, declared on the envelope (see client.ts). */
export const TYPES_PREFIX = 'types';

/** XML Schema text of a scalar the request check (codec.ts, zod) has already typed. */
function scalarText(value: unknown, type: string): string {
  if (type === 'boolean') return value === true ? 'true' : 'false';
  if (type === 'integer') return String(value);
  return xmlText(value as string);
}

/**
 * Child elements of one value of `type`: unqualified, in spec order, absent fields left out. The
 * request was checked once, against the same tables, before it gets here (client.ts
 * validateRequest refuses unknown fields and wrong types), so this only writes.
 */
function fieldsXml(value: Record<string, unknown>, type: TypeName, out: string[]): void {
  for (const def of fieldsOf(type)) {
    const v = value[def.name];
    if (v === undefined) continue;
    const items = def.repeated ? (v as unknown[]) : [v];
    for (const item of items) {
      if (isTypeName(def.type)) {
        out.push(`<${def.name}>`);
        fieldsXml(item as Record<string, unknown>, def.type, out);
        out.push(`</${def.name}>`);
      } else {
        out.push(`<${def.name}>`, scalarText(item, def.type), `</${def.name}>`);
      }
    }
  }
}

/**
 * The operation element of a request body, byte for byte as the reference describes it:
 * `<q1:Op xmlns:q1="{ns}Request" soap:encodingStyle="…">` around the single unqualified part that
 * carries `xsi:type="types:Transaction"` (or CheckTransaction), whose fields are unqualified and in
 * spec order without per-field xsi:type. Validation of the request is the caller's (zod), done once.
 */
export function operationXml<O extends OperationName>(op: O, request: RequestOf<O>, ns: GatewayNamespaces): string {
  const type = OPERATIONS[op].input;
  const part = inputPart(op);
  const out: string[] = [
    `<${REQUEST_PREFIX}:${op} xmlns:${REQUEST_PREFIX}="${xmlAttr(ns.request)}" soap:encodingStyle="${SOAP_ENCODING}">`,
    `<${part} xsi:type="${TYPES_PREFIX}:${type}">`,
  ];
  fieldsXml(request, type, out);
  out.push(`</${part}>`, `</${REQUEST_PREFIX}:${op}>`);
  return out.join('');
}
