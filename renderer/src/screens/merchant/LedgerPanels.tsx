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
        <table className="data-table" aria-label={t('entitlements.label')}>
          <thead>
            <tr>
              <th scope="col">{t('entitlements.col.product')}</th>
              <th scope="col">{t('entitlements.col.service')}</th>
              <th scope="col">{t('entitlements.col.platform')}</th>
              <th scope="col">{t('entitlements.col.plan')}</th>
              <th scope="col" className="num">
                {t('entitlements.col.volume')}
              </th>
              <th scope="col" className="num">
                {t('entitlements.col.ticket')}
              </th>
            </tr>
          </thead>
          <tbody>
            {entitlements.data.map((e) => (
              <tr key={e.entitlementId}>
                <td>{e.product.label || e.product.code}</td>
                <td>{w.serviceType(e.serviceType)}</td>
                <td>{e.platform.label}</td>
                <td>{e.pricingPlanCode}</td>
                <td className="num">{e.signedVolume === null ? '—' : wholeNumber(e.signedVolume)}</td>
                <td className="num">{e.avgTicket === null ? '—' : wholeNumber(e.avgTicket)}</td>
              </tr>
            ))}
          </tbody>
        </table>
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
        <table className="data-table" aria-label={t('fees.label')}>
          <thead>
            <tr>
              <th scope="col">{t('fees.col.fee')}</th>
              <th scope="col" className="num">
                {t('fees.col.retail')}
              </th>
              <th scope="col" className="num">
                {t('fees.col.wholesale')}
              </th>
              <th scope="col">{t('fees.col.frequency')}</th>
              <th scope="col">{t('fees.col.billing')}</th>
              <th scope="col">{t('fees.col.type')}</th>
            </tr>
          </thead>
          <tbody>
            {fees.data.map((f) => (
              <tr key={f.feeId}>
                <td>{f.name}</td>
                <td className="num">{feeMoney(f.retailRate, currency)}</td>
                <td className="num">{f.wholesaleRate === '' ? '' : feeMoney(f.wholesaleRate, currency)}</td>
                <td>{w.frequency(f.frequency)}</td>
                <td>{w.billing(f.processing)}</td>
                <td>{w.sequenceType(f.sequenceType)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {fees.data?.length === 0 && <p className="muted">{t('fees.none')}</p>}
    </div>
  );
}
