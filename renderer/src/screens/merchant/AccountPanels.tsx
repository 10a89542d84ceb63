import type { LabelledField } from '../../../../preload/contract';
import { knownKey } from '../../i18n/keys';
import { useMerchantStore } from '../../stores/merchant-store';
import { useMerchantWords } from './merchant-words';
import { SectionState } from './SectionState';

/** The merchant record, each field with its words and the meaning of its code. */
export function AccountPanel() {
  const account = useMerchantStore((s) => s.account);
  const w = useMerchantWords();
  const m = account.data;
  const label = (f: LabelledField): string => {
    const key = knownKey('merchant', 'field.', f.key);
    return key ? w.t(key) : f.label;
  };
  return (
    <div>
      <SectionState section={account} testId="account" what={w.t('what.account')} />
      {m && (
        <>
          <h2 data-testid="merchant-name">{m.tradeName}</h2>
          <p className="muted">
            {w.t('account.legalName', { name: m.legalName })} · {w.t('account.ids', { id: m.merchantId, mid: m.mid })}
          </p>
          <dl className="fields">
            {m.fields.map((f) => (
              <div key={f.key}>
                <dt>{label(f)}</dt>
                <dd>
                  {f.value}
                  {f.meaning && <span className="muted"> — {f.meaning}</span>}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </div>
  );
}

/** The merchant's addresses, one card per type. */
export function ContactsPanel() {
  const contacts = useMerchantStore((s) => s.contacts);
  const w = useMerchantWords();
  return (
    <div>
      <SectionState section={contacts} testId="contacts" what={w.t('what.contacts')} />
      <div className="cards">
        {contacts.data?.map((c) => (
          <article key={c.contactId} className="card">
            <h2>{w.contactType(c.contactType)}</h2>
            <p>
              {[c.name, c.addressLine1, c.addressLine2, [c.city, c.state, c.postalCode].filter(Boolean).join(' '), c.country].filter(Boolean).map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </p>
            <p className="muted">{[c.phoneNumber, c.emailAddress].filter(Boolean).join(' · ')}</p>
          </article>
        ))}
      </div>
      {contacts.data?.length === 0 && <p className="muted">{w.t('contacts.none')}</p>}
    </div>
  );
}
