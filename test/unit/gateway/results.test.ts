import { describe, expect, it } from 'vitest';
import { readAnswer } from '../../../main/gateway/answer-reader';
import { GatewayTransportError } from '../../../main/gateway/http-transport';
import { exitCodeOf, mayHaveBeenProcessed, outcomeOfResult } from '../../../main/gateway/outcome';
import { namespacesOf } from '../../../main/gateway/wsdl';
import { NS } from './fixtures';
import { fakeClient, inlineAnswer, multiRefAnswer, resultFields, typed } from './soap-fakes';

const purchase = { Transaction_Type: '00', DollarAmount: '10.00', Card_Number: '4111111111111111', Expiry_Date: '1239', CardHoldersName: 'J D' };

describe('results: unwrapped and typed in one place', () => {
  it('reads a multiRef answer with xsi:type on every field, nested multiRefs and one line item as a list', async () => {
    const fields =
      resultFields({ approved: true, bank: '100', bankMessage: 'Approved' }) + typed('CTR', 'line 1&#13;\nline 2');
    const body = multiRefAnswer('SendAndCommit', 'TransactionResult', fields)
      .replace(typed('DollarAmount', '10.00'), `${typed('DollarAmount', '10.00')}<Level3 href="#id2"/>`)
      .replace('</soap:Body>', `<types:Level3_Type id="id2" xsi:type="types:Level3_Type"><ShipToAddress xsi:type="types:Level3_ShipToAddress_Type"><Zip xsi:type="xsd:string">1</Zip></ShipToAddress><LineItem xsi:type="types:Level3_LineItem_Type"><Description xsi:type="xsd:string">d</Description><DiscountIndicator xsi:type="xsd:boolean">1</DiscountIndicator><LineItemTotal xsi:type="xsd:string">1.00</LineItemTotal><Quantity xsi:type="xsd:string">1</Quantity><UnitCost xsi:type="xsd:string">1.00</UnitCost></LineItem></types:Level3_Type></soap:Body>`);
    const client = await fakeClient({ body });
    const outcome = await client.sendAndCommit(purchase);
    expect(outcome.kind).toBe('approved');
    if (outcome.kind !== 'approved') return;
    expect(outcome.result.Transaction_Approved).toBe(true);
    expect(outcome.result.Transaction_Error).toBe(false);
    expect(outcome.result.Password).toBe('');
    expect(outcome.result.CTR).toBe('line 1\r\nline 2');
    expect(outcome.result.Level3?.LineItem).toEqual([{ Description: 'd', DiscountIndicator: true, LineItemTotal: '1.00', Quantity: '1', UnitCost: '1.00' }]);
    expect(outcome.result.Level3?.ShipToAddress).toEqual({ Zip: '1' });
  });

  it('takes an answer whose echoed reference or transaction type is not the request\'s as about another payment: unknown, looked up first', async () => {
    const answer = (extra: string): string => inlineAnswer('SendAndCommit', 'TransactionResult', resultFields({ approved: true, bank: '100' }) + extra);
    const mine = { ...purchase, Reference_No: 'L0000000000000000002' };
    const same = await fakeClient({ body: answer(typed('Reference_No', 'L0000000000000000002')) });
    expect(await same.sendAndCommit(mine)).toMatchObject({ kind: 'approved' });
    const other = await fakeClient({ body: answer(typed('Reference_No', 'L0000000000000000001')) });
    expect(await other.sendAndCommit(mine)).toMatchObject({ kind: 'unknown', retry: 'lookup-first', message: expect.stringMatching(/Reference_No is not this request's/) as unknown });
    const refund = await fakeClient({ body: answer('') });
    expect(await refund.sendAndCommit({ ...mine, Transaction_Type: '04' })).toMatchObject({ kind: 'unknown', message: expect.stringMatching(/Transaction_Type is not this request's/) as unknown });
    // No reference echoed: nothing to compare (the spec marks it optional).
    expect(await (await fakeClient({ body: answer('') })).sendAndCommit(mine)).toMatchObject({ kind: 'approved' });
  });

  it('reads an inline answer the same way', async () => {
    const client = await fakeClient({ body: inlineAnswer('SendAndCommit', 'TransactionResult', resultFields({ approved: false, bank: '302', bankMessage: 'Credit Floor' })) });
    expect(await client.sendAndCommit(purchase)).toMatchObject({ kind: 'declined', bankCode: '302', bankMessage: 'Credit Floor' });
  });

  it('types text booleans and integers, ignores fields outside the contract, and defaults missing echoes', () => {
    const fields =
      typed('Transaction_Type', '00') + typed('DollarAmount', '1.00') + typed('CustomerIDType', '3', 'xsd:int') + typed('VIP', 'false', 'xsd:boolean') +
      typed('Transaction_Error', '0', 'xsd:boolean') + typed('Transaction_Approved', 'true', 'xsd:boolean') + typed('Gateway_Resp_Code', '00') +
      typed('Gateway_Message', 'ok') + typed('Unexpected', 'x');
    const reading = readAnswer(inlineAnswer('SendAndCommitCheck', 'CheckTransactionResult', fields), namespacesOf(NS));
    expect(reading.kind).toBe('result');
    if (reading.kind !== 'result') return;
    expect(reading.result).toMatchObject({ CustomerIDType: 3, VIP: false, Transaction_Error: false, Transaction_Approved: true, GatewayID: '', Password: '' });
    expect(reading.result).not.toHaveProperty('Unexpected');
  });

  it('refuses a result without its outcome fields or with a boolean it cannot read', () => {
    const missing = typed('GatewayID', 'x') + typed('Transaction_Type', '00') + typed('Transaction_Error', 'false', 'xsd:boolean') + typed('Gateway_Resp_Code', '00') + typed('Gateway_Message', '');
    expect(readAnswer(inlineAnswer('SendAndCommit', 'TransactionResult', missing), namespacesOf(NS))).toMatchObject({ kind: 'malformed', message: expect.stringMatching(/Transaction_Approved is missing/) as unknown });
    const maybe = resultFields({ approved: true }).replace('>true<', '>maybe<');
    expect(readAnswer(inlineAnswer('SendAndCommit', 'TransactionResult', maybe), namespacesOf(NS))).toMatchObject({ kind: 'malformed', message: expect.stringMatching(/Transaction_Approved is not an xsd:boolean/) as unknown });
  });
});

describe('outcome taxonomy', () => {
  const base = { Transaction_Error: false, Gateway_Resp_Code: '00', Gateway_Message: 'Transaction Normal' };
  it('approves if and only if Transaction_Approved is true and nothing in the result contradicts it', () => {
    expect(outcomeOfResult({ ...base, Transaction_Approved: true }).kind).toBe('approved');
    expect(outcomeOfResult({ ...base, Transaction_Approved: false, Bank_Resp_Code: '605', Bank_Message: 'Invalid Expiration Date' })).toMatchObject({ kind: 'declined', bankCode: '605' });
    expect(outcomeOfResult({ ...base, Transaction_Error: true, Transaction_Approved: false, Gateway_Resp_Code: '22', Gateway_Message: 'Invalid Credit Card Number' })).toMatchObject({ kind: 'rejected', gatewayCode: '22', gatewayMessage: 'Invalid Credit Card Number' });
    const unknown = { kind: 'unknown', reason: 'malformed-response', retry: 'lookup-first' };
    expect(outcomeOfResult({ ...base, Transaction_Approved: true, Transaction_Error: true })).toMatchObject({ ...unknown, message: expect.stringMatching(/Transaction_Error is true/) as unknown });
    expect(outcomeOfResult({ ...base, Transaction_Approved: true, Gateway_Resp_Code: '22' })).toMatchObject({ ...unknown, message: expect.stringMatching(/Gateway_Resp_Code is not 00/) as unknown });
    expect(outcomeOfResult({ ...base, Transaction_Approved: true, Gateway_Resp_Code: ' 00 ' }).kind).toBe('approved');
  });

  it.each([
    ['a SOAP fault with the application error detail', { status: 500, body: `<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Server</faultcode><faultstring>Boom</faultstring><detail><error number="101" description="Host down"/></detail></soap:Fault></soap:Body></soap:Envelope>` }, { kind: 'fault', faultCode: 'soap:Server', faultString: 'Boom', errorNumber: '101', errorDescription: 'Host down', retry: 'lookup-first' }],
    ['HTTP 500 without a SOAP body', { status: 500, body: 'Internal Server Error' }, { kind: 'http-error', status: 500, retry: 'lookup-first' }],
    ['HTTP 401', { status: 401, body: 'Unauthorized' }, { kind: 'http-error', status: 401, retry: 'fix-request' }],
    ['HTTP 200 with XML cut off', { status: 200, body: multiRefAnswer('SendAndCommit', 'TransactionResult', resultFields({ approved: true })).slice(0, 400) }, { kind: 'unknown', reason: 'malformed-response' }],
    ['HTTP 200 without the result part', { status: 200, body: inlineAnswer('SendAndCommit', 'TransactionResult', '').replace(/<SendAndCommitResult[^]*<\/SendAndCommitResult>/, '') }, { kind: 'unknown', reason: 'malformed-response' }],
  ])('%s', async (_name, answer, expected) => {
    const client = await fakeClient(answer);
    expect(await client.sendAndCommit(purchase)).toMatchObject(expected);
  });

  it('passes the transport verdicts through: not sent is safe to retry, sent without answer is unknown', async () => {
    const notSent = await fakeClient(new GatewayTransportError('not-sent', 'connect-failed', 'refused; nothing was sent'));
    const notSentOutcome = await notSent.sendAndCommit(purchase);
    expect(notSentOutcome).toMatchObject({ kind: 'not-sent', reason: 'connect-failed', retry: 'safe' });
    const unknown = await fakeClient(new GatewayTransportError('unknown', 'timeout', 'no answer'));
    const unknownOutcome = await unknown.sendAndCommit(purchase);
    expect(unknownOutcome).toMatchObject({ kind: 'unknown', reason: 'timeout', retry: 'lookup-first' });
    expect(mayHaveBeenProcessed(unknownOutcome)).toBe(true);
    expect(mayHaveBeenProcessed(notSentOutcome)).toBe(false);
    expect([exitCodeOf(notSentOutcome), exitCodeOf(unknownOutcome)]).toEqual([2, 2]);
  });

  it('answers invalid requests without sending anything', async () => {
    const captured: never[] = [];
    const client = await fakeClient({ body: '' }, captured);
    const outcome = await client.sendAndCommit({ ...purchase, Card_Number: '4111111111111113' });
    expect(outcome).toMatchObject({ kind: 'invalid', retry: 'fix-request' });
    if (outcome.kind === 'invalid') expect(outcome.message).toMatch(/Luhn/);
    expect(captured).toHaveLength(0);
    expect(await client.send('SendAndCommit', { ...purchase, Level3: { ShipToAddress: {}, LineItem: [] } })).toMatchObject({ kind: 'invalid' });
    expect(exitCodeOf(outcome)).toBe(2);
  });

  it('keeps the namespaces it was built for', async () => {
    const client = await fakeClient({ body: '' });
    expect(client.namespaces).toEqual({ target: NS, request: `${NS}Request`, response: `${NS}Response`, types: `${NS}encodedTypes` });
  });
});
