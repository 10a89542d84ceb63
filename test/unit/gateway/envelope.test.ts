import { describe, expect, it } from 'vitest';
import { operationXml } from '../../../main/gateway/envelope';
import { OPERATION_NAMES } from '../../../main/gateway/schema';
import { namespacesOf } from '../../../main/gateway/wsdl';
import { everyTransactionField, NS } from './fixtures';
import { fakeClient, multiRefAnswer, resultFields, type Captured } from './soap-fakes';

const ok = { body: multiRefAnswer('SendAndCommit', 'TransactionResult', resultFields({ approved: true, bank: '100' })) };

describe('request envelope bytes', () => {
  it('is exactly the envelope the reference describes', async () => {
    const captured: Captured[] = [];
    const client = await fakeClient(ok, captured);
    // Keys in a different order than the spec: the wire order follows the contract, not the object.
    await client.sendAndCommit({ DollarAmount: '10.00', Transaction_Type: '00', CardHoldersName: 'A & B <C>', Expiry_Date: '1239', Card_Number: '4111111111111111', PartialRedemption: false });
    expect(captured).toHaveLength(1);
    expect(captured[0]?.body).toBe(
      '<?xml version="1.0" encoding="utf-8"?>' +
        '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
        `xmlns:types="${NS}encodedTypes">` +
        '<soap:Body>' +
        `<q1:SendAndCommit xmlns:q1="${NS}Request" soap:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/">` +
        '<SendAndCommitSource xsi:type="types:Transaction">' +
        '<GatewayID>GW1</GatewayID><Password>pw</Password><Transaction_Type>00</Transaction_Type><DollarAmount>10.00</DollarAmount>' +
        '<Card_Number>4111111111111111</Card_Number><Expiry_Date>1239</Expiry_Date><CardHoldersName>A &amp; B &lt;C&gt;</CardHoldersName>' +
        '<PartialRedemption>false</PartialRedemption>' +
        '</SendAndCommitSource></q1:SendAndCommit></soap:Body></soap:Envelope>',
    );
    expect(captured[0]?.headers).toEqual({ 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}SendAndCommit"` });
    expect(captured[0]?.url).toBe('https://gateway.test/transaction/v14');
  });

  it.each(OPERATION_NAMES)('%s: operation element in {ns}Request, part {Op}Source with the input type, SOAPAction {ns}{Op}', async (op) => {
    const captured: Captured[] = [];
    const client = await fakeClient(ok, captured);
    const check = op === 'SendAndCommitCheck' || op === 'CheckTransactionInfo';
    const request = op === 'SendAndCommitCheck'
      ? { Transaction_Type: '00', DollarAmount: '1.00', BankRoutingNumber: '244183602', BankAccountNumber: '15378535', CheckNumber: '1' }
      : op === 'SendAndCommit'
        ? { Transaction_Type: '00', DollarAmount: '1.00', Track1: '%B4111111111111111^DOE/JOHN^39121010000000000000?' }
        : check ? { Transaction_Type: 'CR', DollarAmount: '0.00', Transaction_Tag: '1' } : { Transaction_Type: 'CR', Transaction_Tag: '1' };
    await client.send(op, request as never);
    const body = captured[0]?.body ?? '';
    expect(body).toContain(`<q1:${op} xmlns:q1="${NS}Request" soap:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"><${op}Source xsi:type="types:${check ? 'CheckTransaction' : 'Transaction'}">`);
    expect(captured[0]?.headers.SOAPAction).toBe(`"${NS}${op}"`);
  });

  it('writes nested types in spec order, repeats line items, integers and booleans as XML Schema text, and no per-field xsi:type', () => {
    const tx = everyTransactionField(2);
    const xml = operationXml('SendAndCommit', { ...tx, GatewayID: 'G', Password: 'P' }, namespacesOf(NS));
    const names = [...xml.matchAll(/<([A-Za-z_0-9]+)[ >]/g)].map((m) => m[1]);
    const level3 = names.slice(names.indexOf('Level3'), names.indexOf('ProtectedToken'));
    expect(level3.slice(0, 11)).toEqual(['Level3', 'TaxAmount', 'TaxRate', 'AltTaxAmount', 'AltTaxId', 'DutyAmount', 'FreightAmount', 'DiscountAmount', 'ShipFromZip', 'ShipToAddress', 'Address1']);
    expect(level3.filter((n) => n === 'LineItem')).toHaveLength(2);
    expect(xml).toContain('<DiscountIndicator>true</DiscountIndicator><GrossNetIndicator>true</GrossNetIndicator>');
    expect(xml).toContain('<VirtualCard>true</VirtualCard>');
    expect(xml.match(/xsi:type/g)).toHaveLength(1);
    const check = operationXml('SendAndCommitCheck', { GatewayID: 'G', Password: 'P', Transaction_Type: '00', DollarAmount: '1.00', CustomerIDType: 0, VIP: true }, namespacesOf(NS));
    expect(check).toContain('<CustomerIDType>0</CustomerIDType><VIP>true</VIP>');
  });

  it('keeps a carriage return as a character reference so it survives XML line-end normalisation', () => {
    const xml = operationXml('SendAndCommit', { GatewayID: 'G', Password: 'P', Transaction_Type: '00', Reference_3: 'a\r\nb' }, namespacesOf(NS));
    expect(xml).toContain('<Reference_3>a&#13;\nb</Reference_3>');
  });

  it('refuses a field that is not in the contract rather than dropping it, before anything is written', async () => {
    const captured: Captured[] = [];
    const client = await fakeClient(ok, captured);
    const outcome = await client.send('SendAndCommit', { Transaction_Type: 'CR', Transaction_Tag: '1', Tip: '1' } as never);
    expect(outcome).toMatchObject({ kind: 'invalid', retry: 'fix-request' });
    if (outcome.kind === 'invalid') expect(outcome.message).toMatch(/Tip/);
    expect(captured).toHaveLength(0);
  });
});
