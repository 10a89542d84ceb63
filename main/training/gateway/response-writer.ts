import { simTypes, type SimRecord, type SimValue } from './contract';

/**
 * Writes answers the way the real service does (reference: wire shape): by default in multiRef
 * form, the result a sibling of the response element with `id`/`href`, every field carrying
 * `xsi:type`, booleans `true`/`false`; or inline, the result inside the response element. Nested
 * structures of a multiRef answer are multiRefs too, except the Level3 ship-to and line items,
 * which stay inline inside their multiRef (both shapes occur, so the client meets both).
 */

export type ResponseStyle = 'multiref' | 'inline';

const ENVELOPE_OPEN = (ns: string): string =>
  '<?xml version="1.0" encoding="utf-8"?>' +
  '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:soapenc="http://schemas.xmlsoap.org/soap/encoding/"' +
  ` xmlns:tns="${esc(ns)}" xmlns:types="${esc(ns)}encodedTypes" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"` +
  ' xmlns:xsd="http://www.w3.org/2001/XMLSchema">';

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\r/g, '&#xD;');
}

const XSD_OF = { string: 'xsd:string', bool: 'xsd:boolean', int: 'xsd:int' } as const;

class Writer {
  private nextId = 1;
  readonly refs: string[] = [];

  constructor(private readonly style: ResponseStyle) {}

  id(): string {
    return `id${this.nextId++}`;
  }

  /** The fields of `value` (of type `typeName`) in contract order. */
  fields(value: SimRecord, typeName: string, inlineNested: boolean): string {
    const out: string[] = [];
    for (const field of simTypes[typeName] ?? []) {
      const v: SimValue | undefined = value[field.name];
      if (v === undefined) continue;
      if (field.kind !== 'complex') {
        out.push(`<${field.name} xsi:type="${XSD_OF[field.kind]}">${esc(typeof v === 'string' ? v : '')}</${field.name}>`);
        continue;
      }
      const type = field.complex ?? '';
      for (const item of Array.isArray(v) ? v : [v as SimRecord]) {
        if (this.style === 'multiref' && !inlineNested) {
          const id = this.id();
          out.push(`<${field.name} href="#${id}"/>`);
          this.refs.push(`<types:${type} id="${id}" xsi:type="types:${type}">${this.fields(item, type, true)}</types:${type}>`);
        } else {
          out.push(`<${field.name} xsi:type="types:${type}">${this.fields(item, type, inlineNested)}</${field.name}>`);
        }
      }
    }
    return out.join('');
  }
}

export function resultEnvelope(options: { namespace: string; operation: string; resultType: string; result: SimRecord; style: ResponseStyle }): string {
  const { namespace, operation, resultType, result, style } = options;
  const w = new Writer(style);
  const part = `${operation}Result`;
  let body: string;
  if (style === 'multiref') {
    const id = w.id();
    const fields = w.fields(result, resultType, false);
    body =
      `<q1:${operation}Response xmlns:q1="${esc(namespace)}Response"><${part} href="#${id}"/></q1:${operation}Response>` +
      `<types:${resultType} id="${id}" xsi:type="types:${resultType}">${fields}</types:${resultType}>${w.refs.join('')}`;
  } else {
    body = `<q1:${operation}Response xmlns:q1="${esc(namespace)}Response"><${part} xsi:type="types:${resultType}">${w.fields(result, resultType, true)}</${part}></q1:${operation}Response>`;
  }
  return `${ENVELOPE_OPEN(namespace)}<soap:Body soap:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/">${body}</soap:Body></soap:Envelope>`;
}

export function faultEnvelope(namespace: string, fault: { code: string; message: string; errorNumber?: number }): string {
  const detail =
    fault.errorNumber === undefined ? '' : `<detail><error number="${fault.errorNumber}" description="${esc(fault.message)}"/></detail>`;
  return (
    `${ENVELOPE_OPEN(namespace)}<soap:Body><soap:Fault><faultcode>soap:${esc(fault.code)}</faultcode>` +
    `<faultstring>${esc(fault.message)}</faultstring>${detail}</soap:Fault></soap:Body></soap:Envelope>`
  );
}
