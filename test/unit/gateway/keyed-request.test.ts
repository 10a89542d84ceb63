import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { KeyedCardInput } from '../../../preload/contract';
import { purchase, type KeyedCard } from '../../../main/gateway/builders';
import { operationXml } from '../../../main/gateway/envelope';
import { gatewaySettingsOf } from '../../../main/config/gateway-settings';
import { gatewayTraining } from '../../../main/training/gateway/provider';
import { GatewayService } from '../../../main/gateway/service';
import { namespacesOf } from '../../../main/gateway/wsdl';
import { memorySettings } from '../../support/memory-settings';
import { NS } from './fixtures';

const now = new Date('2026-06-15T12:00:00Z');
const card: KeyedCard = { entry: 'keyed', pan: '4111 1111 1111 1111', expiryMonth: 3, expiryYear: 2029, cardholderName: 'Jane Roe', cvd: '123', cvdPresence: 'present', zipCode: '62701' };

/** The child elements of the request part, in the order they are written. */
function wireFields(xml: string): string[] {
  const part = /<SendAndCommitSource[^>]*>(.*)<\/SendAndCommitSource>/.exec(xml)?.[1] ?? '';
  return [...part.matchAll(/<([A-Za-z_0-9]+)>/g)].map((m) => m[1] ?? '');
}

let close: (() => void) | undefined;
afterEach(() => {
  close?.();
  close = undefined;
});

/** The builder context exactly as the terminal makes it from its settings. */
function contextWith(flag?: '1' | '7'): ReturnType<GatewayService['builderContext']> {
  const { db, store } = memorySettings();
  close = () => db.close();
  if (flag) store.set('gateway.keyedEcommerceFlag', flag);
  const log = pino({ level: 'silent' });
  const service = new GatewayService({ settings: gatewaySettingsOf(store), log, mode: () => 'training', canUnseal: () => true, now: () => now, onStateChange: () => undefined, training: gatewayTraining({ log, now: () => now }) });
  return service.builderContext();
}

describe('a card typed at the counter, on the wire', () => {
  it('writes its fields in the spec order: number, expiry, name, CVD, CVD presence, ZIP for AVS, Ecommerce_Flag', () => {
    const call = purchase(card, 12_34, contextWith(), { referenceNo: 'TMW1', language: 'FR' });
    const xml = operationXml('SendAndCommit', { ...call.request, GatewayID: 'G', Password: 'P' }, namespacesOf(NS));
    expect(wireFields(xml)).toEqual([
      'GatewayID', 'Password', 'Transaction_Type', 'DollarAmount', 'Card_Number', 'Expiry_Date', 'CardHoldersName',
      'CVDCode', 'CVD_Presence_Ind', 'ZipCode', 'Ecommerce_Flag', 'Reference_No', 'Language',
    ]);
    expect(xml).toContain('<Card_Number>4111111111111111</Card_Number><Expiry_Date>0329</Expiry_Date><CardHoldersName>Jane Roe</CardHoldersName>');
    expect(xml).toContain('<CVDCode>123</CVDCode><CVD_Presence_Ind>1</CVD_Presence_Ind><ZipCode>62701</ZipCode><Ecommerce_Flag>R</Ecommerce_Flag>');
  });

  it('sends Ecommerce_Flag R (retail, card present) by default and the merchant\'s setting otherwise; a swipe stays R', () => {
    expect(purchase(card, 100, contextWith()).request.Ecommerce_Flag).toBe('R');
    expect(purchase(card, 100, contextWith('1')).request.Ecommerce_Flag).toBe('1');
    expect(purchase(card, 100, contextWith('7')).request.Ecommerce_Flag).toBe('7');
    const swipe = purchase({ entry: 'swipe', track1: '%B4111111111111111^DOE/JOHN^39121010000000000000?' }, 100, contextWith('1'));
    expect(swipe.request.Ecommerce_Flag).toBe('R');
  });

  it.each([
    ['illegible', '2'],
    ['not-available', '9'],
    ['not-provided', '0'],
  ] as const)('without a CVD, says why: %s is CVD_Presence_Ind %s and no CVDCode', (presence, code) => {
    const request = purchase({ ...card, cvd: undefined, cvdPresence: presence, zipCode: undefined }, 100, contextWith()).request;
    expect(request).toHaveProperty('CVD_Presence_Ind', code);
    expect(request).not.toHaveProperty('CVDCode');
    expect(request).not.toHaveProperty('ZipCode');
  });

  it('refuses a CVD marked present without its value, naming the field and never the card', () => {
    expect(() => purchase({ ...card, cvd: undefined, cvdPresence: 'present' }, 100, contextWith())).toThrow(/^CVDCode: CVD presence 1 \(present\) needs the CVD value$/);
  });
});

describe('the contract of a keyed card (payments.keyed)', () => {
  const input = { pan: '4111 1111 1111 1111', expiryMonth: 3, expiryYear: 2029, cardholderName: 'Jane Roe' };

  it('takes the CVD presence, a CVD only when present', () => {
    expect(KeyedCardInput.safeParse({ ...input, cvd: '123', cvdPresence: 'present', zipCode: '62701' }).success).toBe(true);
    expect(KeyedCardInput.safeParse({ ...input, cvdPresence: 'not-available' }).success).toBe(true);
    expect(KeyedCardInput.safeParse({ ...input, cvd: '123' }).success).toBe(true);
    const both = KeyedCardInput.safeParse({ ...input, cvd: '123', cvdPresence: 'illegible' });
    expect(both.error?.issues.map((i) => i.path.join('.'))).toEqual(['cvdPresence']);
    const missing = KeyedCardInput.safeParse({ ...input, cvdPresence: 'present' });
    expect(missing.error?.issues.map((i) => i.path.join('.'))).toEqual(['cvd']);
    expect(KeyedCardInput.safeParse({ ...input, cvdPresence: 'maybe' }).success).toBe(false);
  });

  it('names what is wrong without echoing the number', () => {
    const bad = KeyedCardInput.safeParse({ ...input, pan: '4111x1111' });
    expect(JSON.stringify(bad.error?.issues)).not.toContain('4111x1111');
  });
});
