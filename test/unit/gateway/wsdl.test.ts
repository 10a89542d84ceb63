import { XMLParser } from 'fast-xml-parser';
import { WSDL } from 'soap';
import { describe, expect, it } from 'vitest';
import { gatewayTypes, MAX_LINE_ITEMS, OPERATION_NAMES } from '../../../main/gateway/schema';
import { buildWsdl, checkAddress, checkNamespace } from '../../../main/gateway/wsdl';
import { maskGatewayFields } from '../../../main/gateway/mask';
import { NS } from './fixtures';

const ADDRESS = 'https://gateway.test/transaction/v14';
type Node = Record<string, unknown>;
const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (_n: string, _p: unknown, _l: boolean, isAttribute: boolean) => !isAttribute }).parse(buildWsdl({ namespace: NS, address: ADDRESS })) as Node;
const defs = (parsed['wsdl:definitions'] as Node[])[0] as Node;
const list = (n: Node, key: string): Node[] => (n[key] as Node[] | undefined) ?? [];

describe('WSDL written from the spec', () => {
  it('has one service with port ServiceSoap at the v14 address, rpc binding, four operations', () => {
    expect(defs['@targetNamespace']).toBe(NS);
    const port = list(list(defs, 'wsdl:service')[0] as Node, 'wsdl:port');
    expect(port.map((p) => p['@name'])).toEqual(['ServiceSoap']);
    expect(list(port[0] as Node, 'soap:address')[0]?.['@location']).toBe(ADDRESS);
    const binding = list(defs, 'wsdl:binding')[0] as Node;
    expect(list(binding, 'soap:binding')[0]?.['@style']).toBe('rpc');
    const ops = list(binding, 'wsdl:operation');
    expect(ops.map((o) => o['@name'])).toEqual(OPERATION_NAMES);
    for (const op of ops) {
      expect(list(op, 'soap:operation')[0]?.['@soapAction']).toBe(`${NS}${String(op['@name'])}`);
      const input = list(list(op, 'wsdl:input')[0] as Node, 'soap:body')[0] as Node;
      const output = list(list(op, 'wsdl:output')[0] as Node, 'soap:body')[0] as Node;
      expect([input['@use'], input['@namespace'], input['@encodingStyle']]).toEqual(['encoded', `${NS}Request`, 'http://schemas.xmlsoap.org/soap/encoding/']);
      expect([output['@use'], output['@namespace']]).toEqual(['encoded', `${NS}Response`]);
    }
  });

  it('declares the parts {Op}Source and {Op}Result with their types', () => {
    const parts = Object.fromEntries(list(defs, 'wsdl:message').map((m): [string, string[]] => [String(m['@name']), list(m, 'wsdl:part').map((p) => `${String(p['@name'])}:${String(p['@type'])}`)]));
    expect(parts).toEqual({
      SendAndCommitSoapIn: ['SendAndCommitSource:types:Transaction'],
      SendAndCommitSoapOut: ['SendAndCommitResult:types:TransactionResult'],
      SendAndCommitCheckSoapIn: ['SendAndCommitCheckSource:types:CheckTransaction'],
      SendAndCommitCheckSoapOut: ['SendAndCommitCheckResult:types:CheckTransactionResult'],
      TransactionInfoSoapIn: ['TransactionInfoSource:types:Transaction'],
      TransactionInfoSoapOut: ['TransactionInfoResult:types:TransactionResult'],
      CheckTransactionInfoSoapIn: ['CheckTransactionInfoSource:types:CheckTransaction'],
      CheckTransactionInfoSoapOut: ['CheckTransactionInfoResult:types:CheckTransactionResult'],
    });
  });

  it('writes every type with its fields in spec order, presence and type; results extend requests', () => {
    const schema = list(list(defs, 'wsdl:types')[0] as Node, 'xsd:schema')[0] as Node;
    expect(schema['@targetNamespace']).toBe(`${NS}encodedTypes`);
    const types = new Map(list(schema, 'xsd:complexType').map((t) => [String(t['@name']), t]));
    expect([...types.keys()].sort()).toEqual(Object.keys(gatewayTypes).sort());
    const elementsOf = (t: Node): Node[] => {
      const ext = list(list(t, 'xsd:complexContent')[0] ?? {}, 'xsd:extension')[0];
      return list(list(ext ?? t, 'xsd:sequence')[0] as Node, 'xsd:element');
    };
    expect(list(list(types.get('TransactionResult') as Node, 'xsd:complexContent')[0] as Node, 'xsd:extension')[0]?.['@base']).toBe('types:Transaction');
    const result = elementsOf(types.get('TransactionResult') as Node).map((e) => e['@name']);
    expect(result.slice(0, 4)).toEqual(['Transaction_Error', 'Transaction_Approved', 'Gateway_Resp_Code', 'Gateway_Message']);
    expect(result.at(-1)).toBe('CTR');
    const tx = elementsOf(types.get('Transaction') as Node);
    expect(tx.map((e) => e['@name'])).toEqual(gatewayTypes.Transaction.map((f) => f.name));
    expect(tx.slice(0, 4).map((e) => [e['@minOccurs'], e['@type']])).toEqual([['1', 'xsd:string'], ['1', 'xsd:string'], ['1', 'xsd:string'], ['0', 'xsd:string']]);
    expect(tx.find((e) => e['@name'] === 'PartialRedemption')?.['@type']).toBe('xsd:boolean');
    expect(tx.find((e) => e['@name'] === 'Level3')?.['@type']).toBe('types:Level3_Type');
    const check = elementsOf(types.get('CheckTransaction') as Node);
    expect(check.find((e) => e['@name'] === 'DollarAmount')?.['@minOccurs']).toBe('1');
    expect(check.find((e) => e['@name'] === 'CustomerIDType')?.['@type']).toBe('xsd:int');
    const lineItem = elementsOf(types.get('Level3_Type') as Node).at(-1) as Node;
    expect([lineItem['@name'], lineItem['@minOccurs'], lineItem['@maxOccurs']]).toEqual(['LineItem', '1', String(MAX_LINE_ITEMS)]);
  });

  it('loads in the soap package', async () => {
    const wsdl = new WSDL(buildWsdl({ namespace: NS, address: ADDRESS }), ADDRESS, {});
    await new Promise<void>((resolve, reject) => wsdl.onReady((err?: Error) => (err ? reject(err) : resolve())));
    const services = wsdl.definitions.services as Record<string, { ports: Record<string, unknown> }>;
    expect(Object.keys(services.Service?.ports ?? {})).toEqual(['ServiceSoap']);
  });

  it('refuses a namespace without the trailing slash and an address not ending in v14', () => {
    expect(checkNamespace('http://x/ns')).toMatch(/ending with "\/"/);
    expect(checkNamespace(NS)).toBeUndefined();
    expect(checkAddress('https://gw/transaction/v13')).toMatch(/\/v14/);
    expect(checkAddress('ftp://gw/v14')).toMatch(/http/);
    expect(() => buildWsdl({ namespace: 'nope', address: ADDRESS })).toThrow();
  });
});

describe('masking for display', () => {
  it('shows at most first 6 / last 4 and drops tracks, CVD, passwords, MICR', () => {
    expect(maskGatewayFields({
      Password: 'pw', Card_Number: '4111111111111111', Track1: 't1', Track2: 't2', CVDCode: '123', MICR: 'T1T2', BankAccountNumber: '15378535',
      CustomerID: 'TX123456789', DateOfBirth: '19800101', Level3: { LineItem: [{ Description: 'x' }] }, Gateway_Message: 'ok',
    })).toEqual({ Card_Number: '411111******1111', BankAccountNumber: '****8535', CustomerID: '*******6789', Level3: { LineItem: [{ Description: 'x' }] }, Gateway_Message: 'ok' });
    expect(maskGatewayFields({ Card_Number: '############1111' })).toEqual({ Card_Number: '############1111' });
    // Grouped as people type them: no group but the last 4 digits survives.
    expect(maskGatewayFields({ Card_Number: '4111 1111 1111 1111', PAN: '4111-1111-1111-1111' })).toEqual({ Card_Number: '#### #### #### 1111', PAN: '####-####-####-1111' });
  });
});
