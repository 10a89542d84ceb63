import { describe, expect, it } from 'vitest';
import { operationXml } from '../../../main/gateway/envelope';
import { namespacesOf } from '../../../main/gateway/wsdl';
import { buildCall } from '../../../main/payments/requests';
import { sampleCheck, swipe } from '../../support/payments';
import { NS } from '../gateway/fixtures';

const base = { keyedEcommerceFlag: '1', now: new Date('2026-06-15T12:00:00Z') };

describe('the Language field (terminal.language)', () => {
  it('is absent when the terminal has no language for the gateway', () => {
    const call = buildCall({ type: 'sale', tender: 'card', cents: 1_000, clientRef: 'R-1', card: swipe(), partialApproval: false }, base);
    expect(call.request).not.toHaveProperty('Language');
  });

  it('follows the language on screen in card and check requests, in the spec position', () => {
    const ctx = { ...base, language: 'FR' as const };
    const card = buildCall({ type: 'sale', tender: 'card', cents: 1_000, clientRef: 'R-2', card: swipe(), partialApproval: false, cashier: '7' }, ctx);
    expect(card.request).toMatchObject({ Language: 'FR', User_Name: '7' });
    const xml = operationXml('SendAndCommit', card.request as never, namespacesOf(NS));
    // Reference_No … Language … User_Name: the Transaction table's order.
    expect(xml).toMatch(/<Reference_No>R-2<\/Reference_No><Language>FR<\/Language><User_Name>7<\/User_Name>/);

    const check = buildCall(
      { type: 'sale', tender: 'check', cents: 2_500, clientRef: 'R-3', partialApproval: false, check: { read: sampleCheck(), details: { checkType: 'personal' } } },
      ctx,
    );
    expect(check.request).toMatchObject({ Language: 'FR' });
  });
});
