import { DataTable } from '../../components/DataTable';
import { feeMoney } from '../../components/fee-amount';
import { wholeNumber } from '../../components/local-format';
import { useMerchantStore } from '../../stores/merchant-store';
import { useMerchantWords } from './merchant-words';
import { SectionState } from './SectionState';

/** What the merchant is set up to accept, with expected volumes. */
export function EntitlementsPanel() {
  const entitlements = useMerchantStore((s) => s.entitlements);
  const w = useMerchantWords();
  const t = w.t;
  return (
    <div>
      <SectionState section={entitlements} testId="entitlements" what={t('what.entitlements')} />
      {entitlements.data && entitlements.data.length > 0 && (
        <DataTable
          label={t('entitlements.label')}
          rows={entitlements.data}
          rowKey={(e) => String(e.entitlementId)}
          columns={[
            { id: 'product', header: t('entitlements.col.product'), cell: (e) => e.product.label || e.product.code },
            { id: 'service', header: t('entitlements.col.service'), cell: (e) => w.serviceType(e.serviceType) },
            { id: 'platform', header: t('entitlements.col.platform'), cell: (e) => e.platform.label },
            { id: 'plan', header: t('entitlements.col.plan'), cell: (e) => e.pricingPlanCode },
            { id: 'volume', header: t('entitlements.col.volume'), numeric: true, cell: (e) => (e.signedVolume === null ? '—' : wholeNumber(e.signedVolume)) },
            { id: 'ticket', header: t('entitlements.col.ticket'), numeric: true, cell: (e) => (e.avgTicket === null ? '—' : wholeNumber(e.avgTicket)) },
          ]}
        />
      )}
      {entitlements.data?.length === 0 && <p className="muted">{t('entitlements.none')}</p>}
    </div>
  );
}

/** The merchant's fees, in its base currency with two decimals. */
export function FeesPanel() {
  const fees = useMerchantStore((s) => s.fees);
  // Fees are in the merchant's base currency (baseCurrencyCode drives the currency of summarised views).
  const currency = useMerchantStore((s) => s.account.data?.fields.find((f) => f.key === 'baseCurrencyCode')?.value);
  const w = useMerchantWords();
  const t = w.t;
  return (
    <div>
      <SectionState section={fees} testId="fees" what={t('what.fees')} />
      {fees.data && fees.data.length > 0 && (
        <DataTable
          label={t('fees.label')}
          rows={fees.data}
          rowKey={(f) => String(f.feeId)}
          columns={[
            { id: 'fee', header: t('fees.col.fee'), cell: (f) => f.name },
            { id: 'retail', header: t('fees.col.retail'), numeric: true, cell: (f) => feeMoney(f.retailRate, currency) },
            { id: 'wholesale', header: t('fees.col.wholesale'), numeric: true, cell: (f) => (f.wholesaleRate === '' ? '' : feeMoney(f.wholesaleRate, currency)) },
            { id: 'frequency', header: t('fees.col.frequency'), cell: (f) => w.frequency(f.frequency) },
            { id: 'billing', header: t('fees.col.billing'), cell: (f) => w.billing(f.processing) },
            { id: 'type', header: t('fees.col.type'), cell: (f) => w.sequenceType(f.sequenceType) },
          ]}
        />
      )}
      {fees.data?.length === 0 && <p className="muted">{t('fees.none')}</p>}
    </div>
  );
}
