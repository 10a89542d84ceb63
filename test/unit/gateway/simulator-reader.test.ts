import { describe, expect, it } from 'vitest';
import { readRequest, SimFault } from '../../../main/training/gateway/request-reader';
import { NS } from './fixtures';

/** Envelopes written by hand here (not by the client) so the reader is tested on its own. */
function envelope(inner: string, op = 'SendAndCommit', opts: { opNs?: string; type?: string } = {}): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
    `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:t="${NS}encodedTypes"><soap:Body>` +
    `<q1:${op} xmlns:q1="${opts.opNs ?? `${NS}Request`}"><${op}Source xsi:type="t:${opts.type ?? 'Transaction'}">${inner}</${op}Source></q1:${op}></soap:Body></soap:Envelope>`
  );
}
const creds = '<GatewayID>G</GatewayID><Password>P</Password>';
const action = (op = 'SendAndCommit'): string => `"${NS}${op}"`;
const read = (xml: string, soapAction: string | undefined = action()) => readRequest(xml, { namespace: NS, soapAction });

function faultOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof SimFault) return `${e.faultCode}: ${e.message}`;
    throw e;
  }
  return 'no fault';
}

describe('simulator request reader (fast-xml-parser, strict)', () => {
  it('reads fields, entities, booleans, integers, nested types and repeats', () => {
    const items = '<LineItem><Description>a</Description><LineItemTotal>1</LineItemTotal><Quantity>1</Quantity><UnitCost>1</UnitCost></LineItem>';
    const r = read(envelope(`${creds}<Transaction_Type>00</Transaction_Type><CardHoldersName>A &amp;amp; &lt;B&gt; &#13;</CardHoldersName><PartialRedemption xsi:type="xsd:boolean">1</PartialRedemption><Level3><ShipToAddress/>${items}${items}</Level3>`));
    expect(r.operation).toBe('SendAndCommit');
    expect(r.fields.CardHoldersName).toBe('A &amp; <B> \r');
    expect(r.fields.PartialRedemption).toBe('true');
    expect((r.fields.Level3 as { LineItem: unknown[] }).LineItem).toHaveLength(2);
    const check = readRequest(envelope(`${creds}<Transaction_Type>00</Transaction_Type><DollarAmount>1.00</DollarAmount><CustomerIDType> 2 </CustomerIDType>`, 'SendAndCommitCheck', { type: 'CheckTransaction' }), { namespace: NS, soapAction: action('SendAndCommitCheck') });
    expect(check.fields.CustomerIDType).toBe('2');
  });

  it.each([
    ['a missing SOAPAction', () => readRequest(envelope(`${creds}<Transaction_Type>00</Transaction_Type>`), { namespace: NS, soapAction: undefined }), /SOAPAction header is missing/],
    ['a SOAPAction naming another operation', () => read(envelope(`${creds}<Transaction_Type>00</Transaction_Type>`), action('TransactionInfo')), /does not name operation SendAndCommit/],
    ['the operation in the target namespace instead of {ns}Request', () => read(envelope(`${creds}<Transaction_Type>00</Transaction_Type>`, 'SendAndCommit', { opNs: NS })), /must be in namespace .*Request/],
    ['a SOAP 1.2 envelope', () => read(envelope('').replace('http://schemas.xmlsoap.org/soap/envelope/', 'http://www.w3.org/2003/05/soap-envelope')), /VersionMismatch/],
    ['a missing required field', () => read(envelope('<GatewayID>G</GatewayID><Transaction_Type>00</Transaction_Type>')), /SendAndCommitSource.Password is required/],
    ['fields out of order', () => read(envelope('<Password>P</Password><GatewayID>G</GatewayID><Transaction_Type>00</Transaction_Type>')), /GatewayID is out of order/],
    ['an unknown field', () => read(envelope(`${creds}<Transaction_Type>00</Transaction_Type><Tip>1</Tip>`)), /Tip is not a field of Transaction/],
    ['a qualified field', () => read(envelope(`${creds}<t:Transaction_Type>00</t:Transaction_Type>`)), /must be unqualified/],
    ['a repeated single field', () => read(envelope(`${creds}<Transaction_Type>00</Transaction_Type><DollarAmount>1</DollarAmount><DollarAmount>2</DollarAmount>`)), /occurs more than once/],
    ['99 line items', () => read(envelope(`${creds}<Transaction_Type>00</Transaction_Type><Level3><ShipToAddress/>${'<LineItem><Description>a</Description><LineItemTotal>1</LineItemTotal><Quantity>1</Quantity><UnitCost>1</UnitCost></LineItem>'.repeat(99)}</Level3>`)), /occurs more than 98 times/],
    ['Level3 without line items', () => read(envelope(`${creds}<Transaction_Type>00</Transaction_Type><Level3><ShipToAddress/></Level3>`)), /Level3.LineItem is required/],
    ['a boolean that is not one', () => read(envelope(`${creds}<Transaction_Type>00</Transaction_Type><PartialRedemption>yes</PartialRedemption>`)), /must be true or false/],
    ['a wrong part type', () => read(envelope(`${creds}<Transaction_Type>00</Transaction_Type>`, 'SendAndCommit', { type: 'CheckTransaction' })), /expected .*Transaction/],
    ['a wrong field xsi:type', () => read(envelope(`${creds}<Transaction_Type xsi:type="xsd:int">0</Transaction_Type>`)), /xsi:type int/],
    ['malformed XML', () => read(envelope(`${creds}<Transaction_Type>00</Transaction_Type>`).slice(0, -10)), /not well-formed/],
    ['a DTD', () => read(`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${envelope('&e;').slice(21)}`), /must not contain a DTD/],
    ['an unknown operation', () => read(envelope('', 'Refund'), `"${NS}Refund"`), /unknown operation Refund/],
    ['an undeclared prefix', () => read(envelope(`${creds}<Transaction_Type>00</Transaction_Type>`).replace('xsi:type="t:Transaction"', 'xsi:type="zz:Transaction"')), /undeclared namespace prefix "zz"/],
  ])('refuses %s with a Client fault', (_name, fn, message) => {
    expect(faultOf(fn)).toMatch(message);
  });

  it('accepts multiRef requests (href to an id in the Body)', () => {
    const xml = envelope(`${creds}<Transaction_Type>00</Transaction_Type><Address href="#a1"/>`).replace('</soap:Body>', '<t:Address_Type id="a1" xsi:type="t:Address_Type"><City>X</City></t:Address_Type></soap:Body>');
    expect(read(xml).fields.Address).toEqual({ City: 'X' });
  });
});
