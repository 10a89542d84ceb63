import { useState } from 'react';
import { connect } from '../../api/pos';
import { problemWords, toProblem, type Problem } from '../../components/problem';
import { digitsOnly } from '../../components/money';
import { useT } from '../../i18n/i18n';
import { useManagerStore } from '../../stores/manager-store';

/** The manager changes the PIN: the current one, then the new one (main judges a weak PIN and says why). */
export function PinChange() {
  const { t } = useT('settings');
  const [current, setCurrent] = useState('');
  const [pin, setPin] = useState('');
  const [note, setNote] = useState<{ ok: true } | { ok: false; problem: Problem } | undefined>();
  const digits = (f: (v: string) => void) => (e: { target: { value: string } }) => f(digitsOnly(e.target.value));
  return (
    <form
      className="setting"
      aria-label={t('pin.form')}
      onSubmit={(e) => {
        e.preventDefault();
        connect()
          .client.call('manager.setPin', { current, pin })
          .then(
            (status) => {
              useManagerStore.setState({ status });
              setNote({ ok: true });
            },
            (err: unknown) => setNote({ ok: false, problem: toProblem(err) }),
          );
        setCurrent('');
        setPin('');
      }}
    >
      <div className="setting-row">
        <label className="field">
          {t('pin.current')}
          <input type="password" inputMode="numeric" autoComplete="off" maxLength={12} value={current} onChange={digits(setCurrent)} />
        </label>
        <label className="field">
          {t('pin.new')}
          <input type="password" inputMode="numeric" autoComplete="off" maxLength={12} value={pin} onChange={digits(setPin)} />
        </label>
        <button type="submit" className="button" disabled={current.length < 4 || pin.length < 4}>
          {t('pin.change')}
        </button>
      </div>
      {note && (
        <span className={note.ok ? 'muted' : 'field-problem'} role={note.ok ? 'status' : 'alert'}>
          {note.ok ? t('pin.changed') : problemWords(note.problem)}
        </span>
      )}
    </form>
  );
}
