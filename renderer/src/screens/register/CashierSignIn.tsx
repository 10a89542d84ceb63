import { useState } from 'react';

/** Cashier sign-in (terminal.cashierSignIn): number and PIN, before the register takes payments. */
export function CashierSignIn({ error, onSignIn }: { error: string | undefined; onSignIn: (number: string, pin: string) => void }) {
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
      <h2 id="sign-in-title">Cashier sign-in</h2>
      <p className="muted">This store records the cashier of each payment. Sign in with your cashier number and PIN.</p>
      <label className="field">
        Cashier number
        <input inputMode="numeric" autoComplete="off" maxLength={8} value={number} autoFocus onChange={(e) => setNumber(e.target.value.replace(/\D/g, ''))} />
      </label>
      <label className="field">
        PIN
        <input type="password" inputMode="numeric" autoComplete="off" maxLength={12} value={pin} onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))} />
      </label>
      {error && (
        <p className="error-note" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button primary" disabled={!number || pin.length < 4}>
        Sign in
      </button>
    </form>
  );
}
