import { useT } from '../i18n/i18n';
import { money } from './money';

/**
 * What a screen knows of a check: the routing number (public), the account masked, the check
 * number. The MICR read (MaskedCheck), a sale's check (SaleView.check) and a journal row fit it.
 */
export interface CheckLineCheck {
  routing: string | null;
  accountMasked: string | null;
  checkNumber?: string | null | undefined;
  /** Absent when the source does not say (a journal row). */
  business?: boolean | undefined;
  country?: 'US' | 'CA' | undefined;
  /** The amount encoded on the check's MICR line, when there is one. */
  amountCents?: number | undefined;
}

/** A check in one line: personal or business and its number, then routing and masked account. */
export function CheckLine({ check, testId }: { check: CheckLineCheck; testId?: string }) {
  const { t } = useT('common');
  if (!check.routing && !check.accountMasked) return <span className="check-line muted">{t('check.none')}</span>;
  const kind = t(check.business === undefined ? 'check.any' : check.business ? 'check.business' : 'check.personal');
  return (
    <span className="check-line">
      <strong data-testid={testId}>{check.checkNumber ? t('check.numbered', { kind, number: check.checkNumber }) : kind}</strong>
      {check.routing && <span> · {t('check.routing', { routing: check.routing })}</span>}
      {check.accountMasked && <span> · {t('check.account', { account: check.accountMasked })}</span>}
      {check.amountCents !== undefined && <span> · {t('check.amount', { amount: money(check.amountCents) })}</span>}
      {check.country === 'CA' && <span className="line-flag tone-warn"> {t('check.canadian')}</span>}
    </span>
  );
}
