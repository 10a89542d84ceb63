import { describe, expect, it } from 'vitest';
import { receiptSettings } from '../../../main/config/settings/receipts';

describe('receipts.afterApproval', () => {
  it('asks by default, is the manager’s, and takes print, ask or none only', () => {
    const setting = receiptSettings['receipts.afterApproval'];
    expect(setting.default).toBe('ask');
    expect(setting.access).toBe('manager');
    for (const ok of ['print', 'ask', 'none']) expect(setting.schema.safeParse(ok).success).toBe(true);
    for (const bad of ['always', '', 'Print']) expect(setting.schema.safeParse(bad).success).toBe(false);
    expect(setting.description).toContain('Print the receipt?');
  });
});
