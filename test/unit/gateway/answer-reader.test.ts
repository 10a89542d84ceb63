import { describe, expect, it } from 'vitest';
import { readAnswer, readAnswerTo, type AnswerReading } from '../../../main/gateway/answer-reader';
import { faultOutcome, outcomeOfResult } from '../../../main/gateway/outcome';
import { OPERATION_NAMES, OPERATIONS, type OperationName } from '../../../main/gateway/schema';
import { namespacesOf, SOAP_ENVELOPE, XSD, XSI } from '../../../main/gateway/wsdl';
import { NS, VISA } from './fixtures';
import { inlineAnswer, multiRefAnswer, typed } from './soap-fakes';

const ns = namespacesOf(NS);
const CHECK_OPS = new Set<OperationName>(['SendAndCommitCheck', 'CheckTransactionInfo']);

/** The result fields of an approval, in contract order; `over` replaces a field's XML (null drops it). */
function fields(over: Record<string, string | null> = {}, extra = ''): string {
  const base: Array<[string, string, string]> = [
    ['GatewayID', 'GW1', 'xsd:string'], ['Password', '', 'xsd:string'], ['Transaction_Type', '00', 'xsd:string'], ['DollarAmount', '10.00', 'xsd:string'],
    ['Transaction_Error', 'false', 'xsd:boolean'], ['Transaction_Approved', 'true', 'xsd:boolean'], ['Gateway_Resp_Code', '00', 'xsd:string'],
    ['Gateway_Message', 'Transaction Normal', 'xsd:string'], ['Bank_Resp_Code', '100', 'xsd:string'], ['Bank_Message', 'Approved', 'xsd:string'],
  ];
  return base.map(([name, value, type]) => (name in over ? (over[name] ?? '') : typed(name, value, type))).join('') + extra;
}

const output = (op: OperationName): string => OPERATIONS[op].output;
const multiRef = (op: OperationName, f = fields()): AnswerReading => readAnswerTo(op, multiRefAnswer(op, output(op), f), ns);
const inline = (op: OperationName, f = fields()): AnswerReading => readAnswerTo(op, inlineAnswer(op, output(op), f), ns);
const envelope = (body: string, attrs = ''): string =>
  `<soap:Envelope xmlns:soap="${SOAP_ENVELOPE}" xmlns:xsi="${XSI}" xmlns:xsd="${XSD}" xmlns:types="${NS}encodedTypes"${attrs}><soap:Body>${body}</soap:Body></soap:Envelope>`;

function resultOf(reading: AnswerReading): Record<string, unknown> {
  if (reading.kind !== 'result') throw new Error(`expected a result, got ${JSON.stringify(reading)}`);
  return reading.result;
}

function malformed(reading: AnswerReading, message: RegExp): void {
  expect(reading).toMatchObject({ kind: 'malformed', message: expect.stringMatching(message) as unknown });
}

describe('readAnswer', () => {
  it.each(OPERATION_NAMES)('reads an approved %s answer alike in multiRef and inline form', (op) => {
    const a = resultOf(multiRef(op));
    expect(a).toEqual(resultOf(inline(op)));
    expect(a).toMatchObject({ GatewayID: 'GW1', Password: '', Transaction_Error: false, Transaction_Approved: true, Gateway_Resp_Code: '00', Bank_Message: 'Approved' });
  });

  const accepted: Array<[string, boolean]> = [['true', true], ['1', true], ['false', false], ['0', false], [' \n\ttrue\r\n ', true], ['&#32;0&#9;&#13;', false]];
  it.each(OPERATION_NAMES.flatMap((op) => accepted.map(([text, value]) => [op, text, value] as const)))('%s: reads Transaction_Approved %j as %s', (op, text, value) => {
    expect(resultOf(multiRef(op, fields({ Transaction_Approved: typed('Transaction_Approved', text, 'xsd:boolean') }))).Transaction_Approved).toBe(value);
  });

  const refused = ['yes', 'maybe', '', 'TRUE', 'True', 'tru e', '+1', '01', '\u00a0true', 'true true', '<![CDATA[]]>'];
  it.each(OPERATION_NAMES.flatMap((op) => refused.map((text) => [op, text] as const)))('%s: refuses Transaction_Approved %j', (op, text) => {
    malformed(multiRef(op, fields({ Transaction_Approved: typed('Transaction_Approved', text, 'xsd:boolean') })), new RegExp(`${op}Result\\.Transaction_Approved is (empty, )?not an xsd:boolean`));
  });

  const level3 = (line: string): string =>
    `<Level3 xsi:type="types:Level3_Type"><ShipToAddress/><LineItem><Description>d</Description>${line}<LineItemTotal>1</LineItemTotal><Quantity>1</Quantity><UnitCost>1</UnitCost></LineItem></Level3>`;
  const strictFields: Array<[string, (bad: string) => string, string, boolean]> = [
    ['Transaction_Error', (v) => typed('Transaction_Error', v, 'xsd:boolean'), 'Transaction_Error', false],
    ['PartialRedemption', (v) => `<PartialRedemption>${v}</PartialRedemption>`, 'PartialRedemption', false],
    ['VirtualCard', (v) => `<VirtualCard>${v}</VirtualCard>`, 'VirtualCard', false],
    ['Level3.LineItem[0].DiscountIndicator', (v) => level3(`<DiscountIndicator>${v}</DiscountIndicator>`), 'Level3', false],
    ['Level3.LineItem[0].GrossNetIndicator', (v) => level3(`<GrossNetIndicator>${v}</GrossNetIndicator>`), 'Level3', false],
    ['AltPaymentResponse.Success', (v) => `<AltPaymentResponse><Success>${v}</Success></AltPaymentResponse>`, 'AltPaymentResponse', false],
    ['VIP', (v) => `<VIP>${v}</VIP>`, 'VIP', true],
    ['CustomerIDType', (v) => `<CustomerIDType xsi:type="xsd:int">${v}</CustomerIDType>`, 'CustomerIDType', true],
  ];
  const cases = OPERATION_NAMES.flatMap((op) => strictFields.filter(([, , , check]) => check === CHECK_OPS.has(op)).map(([path, xml]) => [op, path, xml] as const));
  it.each(cases)('%s: applies the same strictness to %s', (op, path, xml) => {
    const withValue = (v: string): string => (path === 'Transaction_Error' ? fields({ Transaction_Error: xml(v) }) : fields({}, xml(v)));
    malformed(multiRef(op, withValue('yes')), new RegExp(`${op}Result\\.${path.replace(/[.[\]]/g, '\\$&')} is not an xsd:(boolean|int)`));
    const good = withValue(path === 'Transaction_Error' ? '0' : '1');
    expect(multiRef(op, good).kind).toBe('result');
  });

  it.each([['3', 3], [' +3 ', 3], ['-0', 0], ['007', 7], ['2147483647', 2147483647], ['-2147483648', -2147483648]])('reads the xsd:int %j as %d', (text, value) => {
    expect(resultOf(multiRef('SendAndCommitCheck', fields({}, typed('CustomerIDType', text, 'xsd:int')))).CustomerIDType).toBe(value);
  });

  it.each(['', '3.0', '2147483648', '-2147483649', '0x1', '1e3', '\u0663', '99999999999999999999', '- 1'])('refuses %j as an xsd:int', (text) => {
    malformed(multiRef('CheckTransactionInfo', fields({}, typed('CustomerIDType', text, 'xsd:int'))), /CustomerIDType is (not an xsd:int|outside the xsd:int range)/);
  });

  it('refuses a field the contract allows once when it occurs twice, whatever the values', () => {
    malformed(multiRef('SendAndCommit', fields({ Gateway_Resp_Code: typed('Gateway_Resp_Code', '00') + typed('Gateway_Resp_Code', '22') })), /Gateway_Resp_Code occurs more than once/);
    malformed(multiRef('TransactionInfo', fields({ Transaction_Approved: typed('Transaction_Approved', 'false', 'xsd:boolean') + typed('Transaction_Approved', 'true', 'xsd:boolean') })), /Transaction_Approved occurs more than once/);
    malformed(multiRef('SendAndCommit', fields({}, '<Level3><ShipToAddress/><ShipToAddress/></Level3>')), /Level3\.ShipToAddress occurs more than once/);
    const twice = inlineAnswer('SendAndCommit', 'TransactionResult', fields()).replace(/(<SendAndCommitResult[^]*<\/SendAndCommitResult>)/, '$1$1');
    malformed(readAnswer(twice, ns), /SendAndCommitResult more than once/);
  });

  it('reads a repeated field as a list up to its maximum', () => {
    const item = '<LineItem><Description>d</Description><LineItemTotal>1</LineItemTotal><Quantity>1</Quantity><UnitCost>1</UnitCost></LineItem>';
    expect((resultOf(multiRef('SendAndCommit', fields({}, `<Level3><ShipToAddress/>${item.repeat(2)}</Level3>`))).Level3 as { LineItem: unknown[] }).LineItem).toHaveLength(2);
    malformed(multiRef('SendAndCommit', fields({}, `<Level3><ShipToAddress/>${item.repeat(99)}</Level3>`)), /LineItem occurs more than 98 times/);
  });

  it('turns an approval its own codes contradict into an unknown outcome', () => {
    const approvedWithError = resultOf(multiRef('SendAndCommit', fields({ Transaction_Error: typed('Transaction_Error', 'true', 'xsd:boolean') })));
    const approvedWith22 = resultOf(multiRef('SendAndCommitCheck', fields({ Gateway_Resp_Code: typed('Gateway_Resp_Code', '22') })));
    for (const r of [approvedWithError, approvedWith22]) {
      expect(outcomeOfResult(r as never)).toMatchObject({ kind: 'unknown', reason: 'malformed-response', retry: 'lookup-first' });
    }
  });

  it('follows multiRef references for the result and for nested structures, and refuses broken ones', () => {
    const nested = multiRefAnswer('SendAndCommit', 'TransactionResult', fields({}, '<Level3 href="#l3"/>')).replace(
      '</soap:Body>',
      '<types:Level3_Type id="l3" xsi:type="types:Level3_Type"><ShipToAddress href="#s"/><LineItem href="#li"/></types:Level3_Type>' +
        '<x id="s"><Zip>1</Zip></x><x id="li"><Description>d</Description><DiscountIndicator xsi:type="xsd:boolean">1</DiscountIndicator><LineItemTotal>1</LineItemTotal><Quantity>1</Quantity><UnitCost>1</UnitCost></x></soap:Body>',
    );
    expect(resultOf(readAnswer(nested, ns)).Level3).toEqual({ ShipToAddress: { Zip: '1' }, LineItem: [{ Description: 'd', DiscountIndicator: true, LineItemTotal: '1', Quantity: '1', UnitCost: '1' }] });
    const base = multiRefAnswer('SendAndCommit', 'TransactionResult', fields());
    malformed(readAnswer(base.replace('href="#id1"', 'href="#nope"'), ns), /refers to an element the answer does not have/);
    malformed(readAnswer(base.replace('href="#id1"', 'href="http://elsewhere/#id1"'), ns), /outside the answer/);
    malformed(readAnswer(base.replace('<SendAndCommitResult href="#id1"/>', '<SendAndCommitResult href="#id1">x</SendAndCommitResult>'), ns), /both a reference and content/);
    malformed(readAnswer(base.replace('</soap:Body>', '<x id="id1"/></soap:Body>'), ns), /same id/);
    malformed(readAnswer(base.replace('</soap:Body>', '<x id="id2" href="#id1"/></soap:Body>').replace('href="#id1"/>', 'href="#id2"/>'), ns), /another reference/);
  });

  it('reads xsi:nil as absent, fills a nil echoed field with empty text, and refuses a nil outcome field', () => {
    const nil = (name: string): string => `<${name} xsi:nil="true"/>`;
    const r = resultOf(multiRef('SendAndCommit', fields({ Bank_Message: nil('Bank_Message'), GatewayID: nil('GatewayID') })));
    expect(r).not.toHaveProperty('Bank_Message');
    expect(r.GatewayID).toBe('');
    malformed(multiRef('SendAndCommit', fields({ Gateway_Resp_Code: nil('Gateway_Resp_Code') })), /Gateway_Resp_Code is missing/);
    malformed(multiRef('SendAndCommit', fields({ Transaction_Approved: '<Transaction_Approved xsi:nil="1">true</Transaction_Approved>' })), /nil yet has content/);
    malformed(multiRef('SendAndCommit', fields({ Bank_Message: '<Bank_Message xsi:nil="yes"/>' })), /xsi:nil that is not/);
    malformed(readAnswer(inlineAnswer('SendAndCommit', 'TransactionResult', '').replace('<SendAndCommitResult xsi:type="types:TransactionResult">', '<SendAndCommitResult xsi:nil="true">'), ns), /SendAndCommitResult is nil/);
  });

  it('decodes entities and CDATA in text fields', () => {
    const r = resultOf(multiRef('SendAndCommit', fields({ Bank_Message: '<Bank_Message><![CDATA[A <b> & c]]></Bank_Message>' }, typed('CTR', 'a &lt;&amp;&gt; &#13;\nb&#x41;'))));
    expect([r.Bank_Message, r.CTR]).toEqual(['A <b> & c', 'a <&> \r\nbA']);
  });

  it('reads a Fault with and without the application error detail, under any prefix', () => {
    const fault = (detail: string): string =>
      `<S:Envelope xmlns:S="${SOAP_ENVELOPE}"><S:Body><S:Fault><faultcode>S:Server</faultcode><faultstring> Boom </faultstring>${detail}</S:Fault></S:Body></S:Envelope>`;
    expect(readAnswer(fault('<detail><error number="101" description="Host down"/></detail>'), ns)).toEqual({ kind: 'fault', faultCode: 'S:Server', faultString: 'Boom', errorNumber: '101', errorDescription: 'Host down' });
    expect(readAnswer(fault(''), ns)).toEqual({ kind: 'fault', faultCode: 'S:Server', faultString: 'Boom' });
    malformed(readAnswer(fault('<faultcode>S:Client</faultcode>'), ns), /faultcode more than once/);
    const both = envelope(`<soap:Fault><faultcode>soap:Client</faultcode></soap:Fault><q1:SendAndCommitResponse xmlns:q1="${NS}Response"/>`);
    malformed(readAnswer(both, ns), /Fault and other content/);
  });

  it("knows SOAP's Client fault by its namespace, not its text: another namespace's Client may hide a processed payment", () => {
    const coded = (code: string, decl = ''): string =>
      `<S:Envelope xmlns:S="${SOAP_ENVELOPE}"><S:Body><S:Fault><faultcode${decl}>${code}</faultcode><faultstring>No</faultstring></S:Fault></S:Body></S:Envelope>`;
    const retryOf = (xml: string): string | undefined => {
      const r = readAnswer(xml, ns);
      if (r.kind !== 'fault') return undefined;
      const outcome = faultOutcome(r);
      return 'retry' in outcome ? outcome.retry : undefined;
    };
    expect(readAnswer(coded('S:Client'), ns)).toMatchObject({ faultCode: 'S:Client', soapClient: true });
    expect(retryOf(coded('S:Client'))).toBe('fix-request');
    expect(retryOf(coded('S:Client.Authentication'))).toBe('fix-request');
    expect(retryOf(coded('env:Client', ` xmlns:env="${SOAP_ENVELOPE}"`))).toBe('fix-request');
    // Another namespace's Client, the prefix bound elsewhere, or no namespace at all: may have been processed.
    expect(retryOf(coded('app:Client', ' xmlns:app="urn:vendor:app"'))).toBe('lookup-first');
    expect(retryOf(coded('S:Client', ' xmlns:S="urn:vendor:app"'))).toBe('lookup-first');
    expect(retryOf(coded('Client'))).toBe('lookup-first');
    expect(retryOf(coded('S:Server'))).toBe('lookup-first');
  });

  it.each([
    ['a SOAP 1.2 envelope', `<e:Envelope xmlns:e="http://www.w3.org/2003/05/soap-envelope"><e:Body/></e:Envelope>`, /SOAP 1\.2/],
    ['an Envelope in no SOAP namespace', '<Envelope><Body/></Envelope>', /not a SOAP 1\.1 Envelope/],
    ['an envelope without a Body', `<soap:Envelope xmlns:soap="${SOAP_ENVELOPE}"><soap:Header/></soap:Envelope>`, /no Body/],
    ['two Bodies', `<soap:Envelope xmlns:soap="${SOAP_ENVELOPE}"><soap:Body/><soap:Body/></soap:Envelope>`, /two Bodies/],
    ['a header the terminal must understand', envelope('').replace('<soap:Body>', '<soap:Header><t:Tx xmlns:t="urn:t" soap:mustUnderstand="1"/></soap:Header><soap:Body>'), /must understand/],
    ['a response in another namespace', envelope('<q1:SendAndCommitResponse xmlns:q1="urn:other"/>'), /no response element in the namespace/],
    ['a response naming no operation', envelope(`<q1:RefundResponse xmlns:q1="${NS}Response"/>`), /names no operation/],
    ['a response without its result part', envelope(`<q1:SendAndCommitResponse xmlns:q1="${NS}Response"/>`), /holds no SendAndCommitResult/],
    ['an answer that is not XML', 'Internal Server Error', /not well-formed XML/],
  ])('refuses %s', (_name, xml, message) => {
    malformed(readAnswerTo('SendAndCommit', xml, ns), message);
  });

  it('refuses a result for another operation than the one called', () => {
    malformed(readAnswerTo('SendAndCommit', multiRefAnswer('TransactionInfo', 'TransactionResult', fields()), ns), /for TransactionInfo, not SendAndCommit/);
  });

  it('checks declared xsi:types: booleans and integers must be declared as such, structures as their contract type', () => {
    malformed(multiRef('SendAndCommit', fields({ Transaction_Approved: typed('Transaction_Approved', 'true') })), /declared as another type than xsd:boolean/);
    malformed(multiRef('SendAndCommit', fields({ Transaction_Approved: typed('Transaction_Approved', 'true', 'q:boolean') })), /undeclared prefix/);
    malformed(readAnswerTo('SendAndCommit', multiRefAnswer('SendAndCommit', 'CheckTransactionResult', fields()), ns), /declared as another type than TransactionResult/);
    malformed(multiRef('SendAndCommit', fields({}, '<Address xsi:type="xsd:string"/>')), /declared as a structure|another type than Address_Type/);
    const loose = resultOf(multiRef('SendAndCommit', fields({ Transaction_Approved: typed('Transaction_Approved', 'true', 'soapenc:boolean').replace('<Transaction_Approved', '<Transaction_Approved xmlns:soapenc="http://schemas.xmlsoap.org/soap/encoding/"') }, typed('Transaction_Tag', '106625152', 'xsd:int'))));
    expect([loose.Transaction_Approved, loose.Transaction_Tag]).toEqual([true, '106625152']);
  });

  it.each(['Transaction_Error', 'Transaction_Approved', 'Gateway_Resp_Code', 'Gateway_Message'])('refuses a result without %s', (name) => {
    for (const op of OPERATION_NAMES) malformed(multiRef(op, fields({ [name]: null })), new RegExp(`${op}Result\\.${name} is missing`));
  });

  it('ignores fields outside the contract, qualified names included, and refuses text or elements in the wrong place', () => {
    const r = resultOf(multiRef('SendAndCommit', fields({}, '<Tip>1</Tip><types:CTR>x</types:CTR>')));
    expect(r).not.toHaveProperty('Tip');
    expect(r).not.toHaveProperty('CTR');
    malformed(multiRef('SendAndCommit', fields({ Transaction_Approved: `<types:Transaction_Approved>true</types:Transaction_Approved>` })), /Transaction_Approved is missing/);
    malformed(multiRef('SendAndCommit', fields({}, 'stray')), /holds text where the fields of TransactionResult/);
    malformed(multiRef('SendAndCommit', fields({ Bank_Message: '<Bank_Message><b>x</b></Bank_Message>' })), /Bank_Message holds elements/);
  });

  it('refuses every answer cut off before its end', () => {
    const whole = multiRefAnswer('SendAndCommit', 'TransactionResult', fields({}, typed('CTR', 'line&#13;\nline')));
    expect(readAnswer(whole, ns).kind).toBe('result');
    for (let i = 0; i < whole.length; i++) expect(readAnswer(whole.slice(0, i), ns).kind).toBe('malformed');
  });

  it('reads the answers of PHP SoapServer (other prefixes, encodingStyle on the envelope)', () => {
    const php =
      `<?xml version="1.0" encoding="UTF-8"?>\n<SOAP-ENV:Envelope xmlns:SOAP-ENV="${SOAP_ENVELOPE}" xmlns:ns1="${NS}Response" xmlns:xsd="${XSD}" xmlns:xsi="${XSI}" xmlns:ns2="${NS}encodedTypes" ` +
      `SOAP-ENV:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"><SOAP-ENV:Body><ns1:CheckTransactionInfoResponse><CheckTransactionInfoResult xsi:type="ns2:CheckTransactionResult">` +
      `${fields({}, typed('CustomerIDType', '0', 'xsd:int') + '<Address xsi:type="ns2:Address_Type"><Zip xsi:type="xsd:string">1</Zip></Address>')}</CheckTransactionInfoResult></ns1:CheckTransactionInfoResponse></SOAP-ENV:Body></SOAP-ENV:Envelope>\n`;
    expect(resultOf(readAnswerTo('CheckTransactionInfo', php, ns))).toMatchObject({ CustomerIDType: 0, Address: { Zip: '1' }, Transaction_Approved: true });
  });

  it('never quotes a value in its messages', () => {
    const vectors = [
      fields({ Transaction_Approved: typed('Transaction_Approved', VISA, 'xsd:boolean') }),
      fields({ Bank_Message: typed('Bank_Message', VISA) + typed('Bank_Message', VISA) }),
      fields({ Transaction_Error: `<Transaction_Error xsi:type="xsd:${'a' + VISA}">true</Transaction_Error>` }),
      fields({}, `<VirtualCard>${VISA}</VirtualCard><CTR>${VISA}</CTR>`),
    ];
    for (const v of vectors) {
      const reading = multiRef('SendAndCommit', v);
      expect(reading.kind).toBe('malformed');
      expect(JSON.stringify(reading)).not.toContain(VISA.slice(0, 8));
    }
  });
});
