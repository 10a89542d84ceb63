import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posctl, requireBuild } from '../../support/processes';
import { tempDirForSuite } from '../../support/tmp';
import { createGatewayClient, type GatewayClient } from '../../../main/gateway/client';
import { exitCodeOf } from '../../../main/gateway/outcome';
import { OPERATION_NAMES, OPERATIONS, type OperationName } from '../../../main/gateway/schema';
import { NS, VISA } from '../../unit/gateway/fixtures';

/**
 * A hostile gateway on 127.0.0.1 answers the real client with results it cannot read with
 * certainty. Each answer is a well-formed SOAP multiRef answer except for the one fault it is
 * named after; the request's Reference_No picks the case. The CTR of every answer carries a full
 * card number, as a careless gateway might.
 */
const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const field = (name: string, value: string, type = 'xsd:string'): string => `<${name} xsi:type="${type}">${esc(value)}</${name}>`;
const flag = (name: string, value: string): string => field(name, value, 'xsd:boolean');

interface Case {
  approved?: string;
  error?: string;
  code?: string;
  bankCode?: string;
  bankMessage?: string;
  /** Replaces the whole outcome block (duplicates). */
  raw?: string;
}

const CASES: Record<string, Case> = {
  'approved-yes': { approved: 'yes' },
  'approved-maybe': { approved: 'maybe' },
  'approved-empty': { approved: '' },
  'approved-TRUE': { approved: 'TRUE' },
  'false-then-true': { raw: flag('Transaction_Error', 'false') + flag('Transaction_Approved', 'false') + flag('Transaction_Approved', 'true') + field('Gateway_Resp_Code', '00') + field('Gateway_Message', 'Transaction Normal') },
  'duplicated-code': { raw: flag('Transaction_Error', 'false') + flag('Transaction_Approved', 'false') + field('Gateway_Resp_Code', '00') + field('Gateway_Resp_Code', '00') + field('Gateway_Message', 'Transaction Normal') },
  'approved-with-error': { approved: 'true', error: 'true' },
  'approved-with-code-22': { approved: 'true', code: '22' },
  'well-formed-approval': { approved: 'true', bankMessage: `Approved ${VISA}` },
  'well-formed-decline': { approved: 'false', bankCode: '530', bankMessage: `Do Not Honor ${VISA}` },
};
const MALFORMED = Object.keys(CASES).filter((c) => !c.startsWith('well-formed'));

function answer(op: OperationName, c: Case): string {
  const type = OPERATIONS[op].output;
  const outcome =
    c.raw ??
    flag('Transaction_Error', c.error ?? 'false') + flag('Transaction_Approved', c.approved ?? 'true') + field('Gateway_Resp_Code', c.code ?? '00') + field('Gateway_Message', 'Transaction Normal');
  const fields =
    field('GatewayID', 'GW1') + field('Password', '') + field('Transaction_Type', '00') + field('DollarAmount', '10.00') + outcome +
    field('Bank_Resp_Code', c.bankCode ?? '100') + field('Bank_Message', c.bankMessage ?? `Approved ${VISA}`) +
    field('CTR', `CARD NUMBER : ${VISA}\r\nCARD NO ${VISA.replace(/(\d{4})(?=\d)/g, '$1.')}\r\n%B${VISA}^DOE/JOHN^3912101000?\r\n;${VISA}=39121010000?\r\nCVV2: 123\r\nDo not trust this line`);
  return (
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    `xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:types="${NS}encodedTypes"><soap:Body soap:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/">` +
    `<q1:${op}Response xmlns:q1="${NS}Response"><${op}Result href="#id1"/></q1:${op}Response>` +
    `<types:${type} id="id1" xsi:type="types:${type}">${fields}</types:${type}></soap:Body></soap:Envelope>`
  );
}

let server: Server;
let client: GatewayClient;
let endpoint = '';
const data = tempDirForSuite('pos-hostile-');

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const op = String(req.headers.soapaction ?? '').replace(/"/g, '').slice(NS.length);
      const c = CASES[/<Reference_No>([^<]*)<\/Reference_No>/.exec(body)?.[1] ?? ''];
      if (!c || !OPERATION_NAMES.includes(op as OperationName)) {
        res.writeHead(400).end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' }).end(answer(op as OperationName, c));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  endpoint = `http://127.0.0.1:${port}/transaction/v14`;
  client = await createGatewayClient({ url: `http://127.0.0.1:${port}/transaction/v14`, namespace: NS, gatewayId: 'GW1', password: 'pw', connectTimeoutMs: 2000, timeoutMs: 5000 });
});
afterAll(async () => {
  data.remove();
  client?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

function request(op: OperationName, reference: string): Record<string, unknown> {
  switch (op) {
    case 'SendAndCommit':
      return { Transaction_Type: '00', DollarAmount: '10.00', Card_Number: VISA, Expiry_Date: '1239', CardHoldersName: 'J D', Reference_No: reference };
    case 'SendAndCommitCheck':
      return { Transaction_Type: '00', DollarAmount: '25.00', CheckType: 'P', CheckNumber: '1', BankAccountNumber: '15378535', BankRoutingNumber: '244183602', CustomerName: 'Jane Roe', Reference_No: reference };
    case 'TransactionInfo':
      return { Transaction_Type: 'CR', Transaction_Tag: '77', Reference_No: reference };
    default:
      return { Transaction_Type: 'CR', DollarAmount: '0.00', Transaction_Tag: '77', Reference_No: reference };
  }
}

describe('createGatewayClient against a hostile gateway', () => {
  it.each(OPERATION_NAMES.flatMap((op) => MALFORMED.map((c) => [op, c] as const)))('%s: answers %s with an unknown outcome to look up first', async (op, name) => {
    const outcome = await client.send(op, request(op, name) as never);
    expect(outcome).toMatchObject({ kind: 'unknown', reason: 'malformed-response', retry: 'lookup-first' });
    expect(exitCodeOf(outcome)).toBe(2);
    if (outcome.kind === 'unknown') expect(outcome.message).not.toContain(VISA.slice(0, 8));
  });

  it.each(OPERATION_NAMES)('%s: keeps a well-formed approval approved and a well-formed decline declined, card data in the receipt or not', async (op) => {
    const approved = await client.send(op, request(op, 'well-formed-approval') as never);
    expect(approved.kind).toBe('approved');
    const declined = await client.send(op, request(op, 'well-formed-decline') as never);
    expect(declined).toMatchObject({ kind: 'declined', bankCode: '530' });
    expect(exitCodeOf(declined)).toBe(1);
  });

  it('names the field and the reason in the message', async () => {
    const outcome = await client.sendAndCommit(request('SendAndCommit', 'approved-maybe') as never);
    expect(outcome.kind === 'unknown' && outcome.message).toMatch(/SendAndCommitResult\.Transaction_Approved is not an xsd:boolean/);
    const dup = await client.checkTransactionInfo(request('CheckTransactionInfo', 'duplicated-code') as never);
    expect(dup.kind === 'unknown' && dup.message).toMatch(/CheckTransactionInfoResult\.Gateway_Resp_Code occurs more than once/);
  });
});

describe('posctl gateway call against a hostile gateway', () => {
  const call = (name: string) =>
    posctl(data.dir, ['gateway', 'call', 'SendAndCommit', '--endpoint', endpoint, '--namespace', NS, '--gateway-id', 'GW1', '--password', '-', '--request-json', JSON.stringify(request('SendAndCommit', name))], { input: 'pw\n' });

  it.each([
    ['well-formed-approval', 0, 'approved'],
    ['well-formed-decline', 1, 'declined'],
    ['approved-maybe', 2, 'unknown'],
    ['false-then-true', 2, 'unknown'],
  ] as const)('%s: exits %i (%s) and prints no card data the gateway put in its free text', async (name, code, kind) => {
    requireBuild();
    const r = await call(name);
    expect(r.code, r.stderr).toBe(code);
    expect(JSON.parse(r.stdout)).toMatchObject({ outcome: kind });
    const printed = r.stdout + r.stderr;
    expect(printed.replace(/\D/g, ' ')).not.toMatch(/4111\s*1111\s*1111\s*1111/);
    expect(printed).not.toContain(VISA);
    expect(printed).not.toMatch(/%B|DOE\/JOHN|=3912101|CVV2: 123/);
  });
});
