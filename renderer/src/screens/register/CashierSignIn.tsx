import { useState } from 'react';
import { digitsOnly } from '../../components/money';
import { useT } from '../../i18n/i18n';

/** Cashier sign-in (terminal.cashierSignIn): number and PIN, before the register takes payments. */
export function CashierSignIn({ error, onSignIn }: { error: string | undefined; onSignIn: (number: string, pin: string) => void }) {
  const { t } = useT('register');
  const [number, setNumber] = useState('');
  const [pin, setPin] = useState('');
  return (
    <form
      className="panel sign-in"
      aria-labelledby="sign-in-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (number && pin.length >= 4) onSignIn(number, pin);
        setPin('');
      }}
    >
      <h2 id="sign-in-title">{t('signIn.title')}</h2>
      <p className="muted">{t('signIn.text')}</p>
      <label className="field">
        {t('signIn.number')}
        <input inputMode="numeric" autoComplete="off" maxLength={8} value={number} autoFocus onChange={(e) => setNumber(digitsOnly(e.target.value))} />
      </label>
      <label className="field">
        {t('signIn.pin')}
        <input type="password" inputMode="numeric" autoComplete="off" maxLength={12} value={pin} onChange={(e) => setPin(digitsOnly(e.target.value))} />
      </label>
      {error && (
        <p className="error-note" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button primary" disabled={!number || pin.length < 4}>
        {t('signIn.submit')}
      </button>
    </form>
  );
}
