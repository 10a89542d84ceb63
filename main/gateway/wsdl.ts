import { OPERATIONS, OPERATION_NAMES, gatewayTypes, inputPart, outputPart, typeBase, type FieldDef, type TypeName } from './schema';
import { xmlAttr } from './xml-text';

export const SOAP_ENCODING = 'http://schemas.xmlsoap.org/soap/encoding/';
export const SOAP_ENVELOPE = 'http://schemas.xmlsoap.org/soap/envelope/';
export const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
export const XSD = 'http://www.w3.org/2001/XMLSchema';

/** The namespaces one deployment uses, all derived from the WSDL target namespace (it ends with a slash). */
export interface GatewayNamespaces {
  target: string;
  request: string;
  response: string;
  /** Where the complex types live, as in the real service. */
  types: string;
}

export function namespacesOf(target: string): GatewayNamespaces {
  return { target, request: `${target}Request`, response: `${target}Response`, types: `${target}encodedTypes` };
}

/** The namespace must be an absolute URI ending with a slash: every other name is built by appending to it. */
export function checkNamespace(ns: string): string | undefined {
  if (!/^[a-z][a-z0-9+.-]*:\S+\/$/i.test(ns)) return 'the gateway namespace must be an absolute URI ending with "/"';
  return undefined;
}

/** The service address path ends in the interface version segment (spec: Versioning). */
export function checkAddress(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'the gateway address is not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'the gateway address must be http:// or https://';
  if (!/\/v14\/?$/.test(url.pathname)) return 'the gateway address path must end in /v14 (transaction interface version 14)';
  return undefined;
}

const scalarXsd: Record<string, string> = { string: 'xsd:string', boolean: 'xsd:boolean', integer: 'xsd:int' };

function elementXml(f: FieldDef): string {
  const type = scalarXsd[f.type] ?? `types:${f.type}`;
  const max = f.repeated ? String(f.maxOccurs) : '1';
  return `<xsd:element minOccurs="${f.required ? 1 : 0}" maxOccurs="${max}" name="${f.name}" type="${type}"/>`;
}

function complexTypeXml(name: TypeName): string {
  const base = typeBase[name];
  const own = base ? gatewayTypes[name].slice(gatewayTypes[base].length) : gatewayTypes[name];
  const sequence = `<xsd:sequence>${own.map((f) => `\n          ${elementXml(f)}`).join('')}\n        </xsd:sequence>`;
  const body = base
    ? `<xsd:complexContent>\n      <xsd:extension base="types:${base}">\n        ${sequence}\n      </xsd:extension>\n    </xsd:complexContent>`
    : sequence.replace(/\n {8}/g, '\n    ');
  return `    <xsd:complexType name="${name}">\n      ${body}\n    </xsd:complexType>`;
}

/**
 * The WSDL of the v14 service, written from the spec: one port `ServiceSoap`, four rpc/encoded
 * operations, request and response body namespaces `{ns}Request` / `{ns}Response`, SOAPAction
 * `{ns}` + operation, types in `{ns}encodedTypes`.
 */
/** The address a WSDL names when there is none to give (training mode, the client's parse cache). */
export const PLACEHOLDER_ADDRESS = 'http://127.0.0.1/transaction/v14';

export function buildWsdl(options: { namespace: string; address: string }): string {
  const nsProblem = checkNamespace(options.namespace) ?? checkAddress(options.address);
  if (nsProblem) throw new Error(nsProblem);
  const ns = namespacesOf(options.namespace);
  const typeNames = Object.keys(gatewayTypes) as TypeName[];
  const body = (namespace: string): string =>
    `<soap:body use="encoded" namespace="${xmlAttr(namespace)}" encodingStyle="${SOAP_ENCODING}"/>`;
  const messages = OPERATION_NAMES.map((op) => {
    const { input, output } = OPERATIONS[op];
    return [
      `  <wsdl:message name="${op}SoapIn">\n    <wsdl:part name="${inputPart(op)}" type="types:${input}"/>\n  </wsdl:message>`,
      `  <wsdl:message name="${op}SoapOut">\n    <wsdl:part name="${outputPart(op)}" type="types:${output}"/>\n  </wsdl:message>`,
    ].join('\n');
  });
  const portOps = OPERATION_NAMES.map(
    (op) =>
      `    <wsdl:operation name="${op}">\n      <wsdl:input message="tns:${op}SoapIn"/>\n      <wsdl:output message="tns:${op}SoapOut"/>\n    </wsdl:operation>`,
  );
  const bindingOps = OPERATION_NAMES.map(
    (op) =>
      `    <wsdl:operation name="${op}">\n      <soap:operation soapAction="${xmlAttr(ns.target + op)}" style="rpc"/>\n` +
      `      <wsdl:input>\n        ${body(ns.request)}\n      </wsdl:input>\n` +
      `      <wsdl:output>\n        ${body(ns.response)}\n      </wsdl:output>\n    </wsdl:operation>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:soapenc="${SOAP_ENCODING}" xmlns:xsd="${XSD}" xmlns:tns="${xmlAttr(ns.target)}" xmlns:types="${xmlAttr(ns.types)}" targetNamespace="${xmlAttr(ns.target)}">
  <wsdl:types>
    <xsd:schema targetNamespace="${xmlAttr(ns.types)}">
    <xsd:import namespace="${SOAP_ENCODING}"/>
    <xsd:import namespace="http://schemas.xmlsoap.org/wsdl/"/>
${typeNames.map(complexTypeXml).join('\n')}
    </xsd:schema>
  </wsdl:types>
${messages.join('\n')}
  <wsdl:portType name="ServiceSoap">
${portOps.join('\n')}
  </wsdl:portType>
  <wsdl:binding name="ServiceSoap" type="tns:ServiceSoap">
    <soap:binding transport="http://schemas.xmlsoap.org/soap/http" style="rpc"/>
${bindingOps.join('\n')}
  </wsdl:binding>
  <wsdl:service name="Service">
    <wsdl:port name="ServiceSoap" binding="tns:ServiceSoap">
      <soap:address location="${xmlAttr(options.address)}"/>
    </wsdl:port>
  </wsdl:service>
</wsdl:definitions>
`;
}
