import { AnswerError, readPart, type ReadContext } from './answer-fields';
import { attrOf, parseXml, resolveQName, XmlError, type XmlElement } from './answer-xml';
import { isOperationName, OPERATIONS, type OperationName, type ResultOf } from './schema';
import { SOAP_ENVELOPE, type GatewayNamespaces } from './wsdl';

/**
 * Reads the gateway's answer to any of the four operations: the SOAP 1.1 envelope (namespaces
 * resolved, prefixes free), a Fault, or the `{op}Response` element in `{ns}Response` with its
 * `{op}Result` part, inline or as a multiRef (`href="#id"` to an element elsewhere in the Body),
 * typed by answer-fields.ts. Pure: text in, one reading out; no input makes it throw. Whatever
 * cannot be read with certainty is `malformed`, which the client turns into the outcome `unknown`.
 */

export type AnswerReading =
  | { [O in OperationName]: { kind: 'result'; operation: O; result: ResultOf<O> } }[OperationName]
  | { kind: 'fault'; faultCode: string; faultString: string; errorNumber?: string; errorDescription?: string; soapClient?: true }
  | { kind: 'malformed'; message: string };

const SOAP12_ENVELOPE = 'http://www.w3.org/2003/05/soap-envelope';
const NON_WHITESPACE = /[^ \t\r\n]/;
const RESPONSE_SUFFIX = 'Response';

// Readings are branded so that the client accepts nothing else from the `soap` package's hands.
const genuine = new WeakSet<object>();

export function isAnswerReading(value: unknown): value is AnswerReading {
  return typeof value === 'object' && value !== null && genuine.has(value);
}

function only(el: XmlElement, local: string, where: string): XmlElement | undefined {
  let found: XmlElement | undefined;
  for (const c of el.children) {
    if (c.ns !== '' || c.local !== local) continue;
    if (found) throw new AnswerError(`${where} holds ${local} more than once`);
    found = c;
  }
  return found;
}

function readFault(fault: XmlElement): AnswerReading {
  const codeElement = only(fault, 'faultcode', 'the Fault');
  const faultCode = codeElement?.text.trim() ?? '';
  const faultString = only(fault, 'faultstring', 'the Fault')?.text.trim() ?? '';
  // SOAP's own Client code (or a subcode of it) by its namespace, whatever the prefix: `app:Client`
  // of another namespace, or an unqualified `Client`, is not SOAP saying the envelope was refused.
  const code = codeElement ? resolveQName(codeElement, faultCode) : undefined;
  const soapClient = code?.ns === SOAP_ENVELOPE && /^Client(\.|$)/.test(code.local);
  // Application errors (reference: `<detail><error number="N" description="..."/></detail>`).
  const error = only(fault, 'detail', 'the Fault')?.children.find((c) => c.local === 'error');
  const errorNumber = error ? attrOf(error, '', 'number') : undefined;
  const errorDescription = error ? attrOf(error, '', 'description') : undefined;
  return {
    kind: 'fault',
    faultCode,
    faultString,
    ...(soapClient ? { soapClient: true as const } : {}),
    ...(errorNumber !== undefined ? { errorNumber: errorNumber.trim() } : {}),
    ...(errorDescription !== undefined ? { errorDescription } : {}),
  };
}

/** multiRef resolution: `href="#x"` names the element of the Body whose `id` is x. */
function contextOf(body: XmlElement, ns: GatewayNamespaces): ReadContext {
  let ids: Map<string, XmlElement> | undefined;
  const index = (): Map<string, XmlElement> => {
    const map = new Map<string, XmlElement>();
    const walk = (el: XmlElement): void => {
      const id = attrOf(el, '', 'id');
      if (id !== undefined) {
        if (map.has(id)) throw new AnswerError('two elements of the Body carry the same id');
        map.set(id, el);
      }
      el.children.forEach(walk);
    };
    walk(body);
    return map;
  };
  return {
    typesNs: ns.types,
    deref(el, path) {
      const href = attrOf(el, '', 'href');
      if (href === undefined) return el;
      if (el.children.length > 0 || NON_WHITESPACE.test(el.text)) throw new AnswerError(`${path} has both a reference and content`);
      if (!href.startsWith('#')) throw new AnswerError(`${path} refers to something outside the answer`);
      ids ??= index();
      const target = ids.get(href.slice(1));
      if (!target) throw new AnswerError(`${path} refers to an element the answer does not have`);
      if (attrOf(target, '', 'href') !== undefined) throw new AnswerError(`${path} refers to another reference`);
      return target;
    },
  };
}

function readEnvelope(root: XmlElement, ns: GatewayNamespaces): AnswerReading {
  if (root.ns !== SOAP_ENVELOPE || root.local !== 'Envelope') {
    throw new AnswerError(root.ns === SOAP12_ENVELOPE ? 'the answer is a SOAP 1.2 envelope, not SOAP 1.1' : 'the answer is not a SOAP 1.1 Envelope');
  }
  let body: XmlElement | undefined;
  for (const c of root.children) {
    if (c.ns !== SOAP_ENVELOPE) continue;
    if (c.local === 'Header') {
      if (body) throw new AnswerError('the Envelope has a Header after its Body');
      // SOAP 1.1 §4.2.3: a header the receiver must understand and does not makes the message unusable.
      for (const h of c.children) {
        const mu = attrOf(h, SOAP_ENVELOPE, 'mustUnderstand')?.trim();
        if (mu === '1' || mu === 'true') throw new AnswerError('the answer carries a header the terminal must understand and does not');
      }
    } else if (c.local === 'Body') {
      if (body) throw new AnswerError('the Envelope has two Bodies');
      body = c;
    }
  }
  if (!body) throw new AnswerError('the Envelope has no Body');

  const fault = body.children.find((c) => c.ns === SOAP_ENVELOPE && c.local === 'Fault');
  if (fault) {
    // A Fault beside a result would leave the retry advice to chance.
    if (body.children.length > 1) throw new AnswerError('the Body holds a Fault and other content');
    return readFault(fault);
  }
  const responses = body.children.filter((c) => c.ns === ns.response);
  if (responses.length === 0) throw new AnswerError(`the Body holds no response element in the namespace ${ns.response}`);
  if (responses.length > 1) throw new AnswerError('the Body holds more than one response element');
  const response = responses[0] as XmlElement;
  const op = response.local.endsWith(RESPONSE_SUFFIX) ? response.local.slice(0, -RESPONSE_SUFFIX.length) : '';
  if (!isOperationName(op)) throw new AnswerError('the response element names no operation of the contract');
  const partName = `${op}Result`;
  const part = only(response, partName, `${op}Response`);
  if (!part) throw new AnswerError(`the ${op}Response holds no ${partName}`);
  const result = readPart(part, OPERATIONS[op].output, partName, contextOf(body, ns));
  return { kind: 'result', operation: op, result } as AnswerReading;
}

/** The reading of one answer body. */
export function readAnswer(xml: string, ns: GatewayNamespaces): AnswerReading {
  let reading: AnswerReading;
  try {
    reading = readEnvelope(parseXml(xml), ns);
  } catch (e) {
    if (e instanceof XmlError) reading = { kind: 'malformed', message: `the answer is not well-formed XML: ${e.message}` };
    else if (e instanceof AnswerError) reading = { kind: 'malformed', message: e.message };
    else throw e;
  }
  genuine.add(reading);
  return reading;
}

/** The reading of an answer to `op`: an answer to another operation cannot be used. */
export function readAnswerTo(op: OperationName, xml: string, ns: GatewayNamespaces): AnswerReading {
  return checkOperation(op, readAnswer(xml, ns));
}

export function checkOperation(op: OperationName, reading: AnswerReading): AnswerReading {
  if (reading.kind !== 'result' || reading.operation === op) return reading;
  const other: AnswerReading = { kind: 'malformed', message: `the answer is for ${reading.operation}, not ${op}` };
  genuine.add(other);
  return other;
}
