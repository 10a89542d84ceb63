import { createGatewayClient, type GatewayClient, type SoapHttpClient } from '../../../main/gateway/client';
import { NS } from './fixtures';

/** An httpClient for soap that records the request and answers a canned body: no network. */
export interface Captured {
  url: string;
  body: string;
  headers: Record<string, unknown>;
}

export function cannedHttp(answer: { status?: number; body: string } | Error, captured: Captured[] = []): SoapHttpClient {
  return {
    request(url, data, callback, headers, exoptions) {
      captured.push({ url, body: data, headers: { ...headers } });
      const exchange = exoptions?.exchange;
      setImmediate(() => {
        if (answer instanceof Error) return callback(answer);
        const status = answer.status ?? 200;
        if (exchange) {
          exchange.sent = true;
          exchange.status = status;
          exchange.statusText = status === 200 ? 'OK' : 'Error';
        }
        callback(null, { status, statusText: '', headers: {}, data: answer.body }, answer.body);
      });
      return undefined;
    },
  };
}

export const URL_V14 = 'https://gateway.test/transaction/v14';

export function fakeClient(answer: { status?: number; body: string } | Error, captured: Captured[] = []): Promise<GatewayClient> {
  return createGatewayClient({
    url: URL_V14,
    namespace: NS,
    gatewayId: 'GW1',
    password: 'pw',
    connectTimeoutMs: 1000,
    timeoutMs: 1000,
    httpClient: cannedHttp(answer, captured),
    now: () => new Date('2026-06-01T12:00:00Z'),
  });
}

const ENV_OPEN =
  '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" ' +
  `xmlns:types="${NS}encodedTypes">`;

/** A result answer as the real service writes it (multiRef) with the given result fields. */
export function multiRefAnswer(op: string, resultType: string, fieldsXml: string): string {
  return (
    `${ENV_OPEN}<soap:Body soap:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/">` +
    `<q1:${op}Response xmlns:q1="${NS}Response"><${op}Result href="#id1"/></q1:${op}Response>` +
    `<types:${resultType} id="id1" xsi:type="types:${resultType}">${fieldsXml}</types:${resultType}></soap:Body></soap:Envelope>`
  );
}

export function inlineAnswer(op: string, resultType: string, fieldsXml: string): string {
  return `${ENV_OPEN}<soap:Body><q1:${op}Response xmlns:q1="${NS}Response"><${op}Result xsi:type="types:${resultType}">${fieldsXml}</${op}Result></q1:${op}Response></soap:Body></soap:Envelope>`;
}

export function typed(name: string, value: string, type = 'xsd:string'): string {
  return `<${name} xsi:type="${type}">${value}</${name}>`;
}

export function resultFields(o: { approved: boolean; error?: boolean; gateway?: string; message?: string; bank?: string; bankMessage?: string }): string {
  return (
    typed('GatewayID', 'GW1') +
    typed('Password', '') +
    typed('Transaction_Type', '00') +
    typed('DollarAmount', '10.00') +
    typed('Transaction_Error', String(o.error ?? false), 'xsd:boolean') +
    typed('Transaction_Approved', String(o.approved), 'xsd:boolean') +
    typed('Gateway_Resp_Code', o.gateway ?? '00') +
    typed('Gateway_Message', o.message ?? 'Transaction Normal') +
    (o.bank ? typed('Bank_Resp_Code', o.bank) + typed('Bank_Message', o.bankMessage ?? '') : '')
  );
}
