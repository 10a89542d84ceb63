import { useState } from 'react';
import type { CheckDetails } from '../../../../preload/contract';
import { useT } from '../../i18n/i18n';
import { ID_TYPES, type CustomerIdType } from './sale-words';

/** After the MICR read: personal or corporate, the customer's name and ID, as the gateway takes them. */
export function CheckDetailsForm({ onSubmit }: { onSubmit: (details: CheckDetails) => void }) {
  const { t } = useT('register');
  const [checkType, setCheckType] = useState<'personal' | 'corporate'>('personal');
  const [customerName, setName] = useState('');
  const [idType, setIdType] = useState<CustomerIdType>(0);
  const [id, setId] = useState('');
  return (
    <form
      className="check-details"
      aria-label={t('details.label')}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit({ checkType, ...(customerName.trim() ? { customerName: customerName.trim() } : {}), ...(id.trim() ? { idType, id: id.trim() } : {}) });
      }}
    >
      <fieldset className="segmented">
        <legend>{t('details.type')}</legend>
        {(['personal', 'corporate'] as const).map((type) => (
          <label key={type}>
            <input type="radio" name="check-type" value={type} checked={checkType === type} onChange={() => setCheckType(type)} />{' '}
            {t(type === 'personal' ? 'details.personal' : 'details.corporate')}
          </label>
        ))}
      </fieldset>
      <label className="field">
        {t('details.name')}
        <input value={customerName} maxLength={30} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="field">
        {t('details.idType')}
        <select value={idType} onChange={(e) => setIdType(Number(e.target.value) as CustomerIdType)}>
          {ID_TYPES.map(([value, words]) => (
            <option key={value} value={value}>
              {t(words)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        {t('details.id')}
        <input value={id} maxLength={30} placeholder={idType === 0 ? 'IL123456' : undefined} aria-describedby={idType === 0 ? 'check-licence-hint' : undefined} onChange={(e) => setId(e.target.value)} />
      </label>
      {idType === 0 && (
        <p id="check-licence-hint" className="muted">
          {t('details.licenceHint')}
        </p>
      )}
      {/* The check is read: focus comes to Send, since every detail has a default or is optional (Shift+Tab reaches them). */}
      <button type="submit" className="button primary" autoFocus>
        {t('details.send')}
      </button>
    </form>
  );
}
