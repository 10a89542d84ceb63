import { useEffect, useState } from 'react';
import type { SettingView } from '../../../../preload/contract';
import { connect, errorWords } from '../../api/pos';
import { digitsOnly } from '../../components/money';
import { useManagerStore } from '../../stores/manager-store';
import { useSettingsStore } from '../../stores/settings-store';
import { TechnicianUnlock } from './TechnicianUnlock';

const GROUPS: Array<{ prefix: string; title: string }> = [
  { prefix: 'terminal.', title: 'Store and lane' },
  { prefix: 'offline.', title: 'Offline payments' },
  { prefix: 'payments.', title: 'Payments at the counter' },
  { prefix: 'devices.', title: 'Devices' },
  { prefix: 'marketplace.', title: 'Equipment marketplace' },
  { prefix: 'merchant.', title: 'Merchant account' },
  { prefix: 'gateway.', title: 'Payment gateway' },
];

function Field({ s }: { s: SettingView }) {
  const { save, reset, notes } = useSettingsStore();
  // The field starts from the value in force; the parent's key renews it when a save changes that value.
  const [text, setText] = useState(s.text ?? '');
  const note = notes[s.key];
  const id = `setting-${s.key}`;
  return (
    <form
      className="setting"
      aria-label={s.key}
      onSubmit={(e) => {
        e.preventDefault();
        save(s.key, text);
        if (s.secret) setText('');
      }}
    >
      <label className="field" htmlFor={id}>
        <span>
          <strong>{s.key}</strong> {s.description}
        </span>
      </label>
      <div className="setting-row">
        <input
          id={id}
          type={s.secret ? 'password' : 'text'}
          autoComplete="off"
          value={text}
          placeholder={s.secret ? (s.set ? 'set (type a new value to replace it)' : 'not set') : (s.defaultText ?? '')}
          readOnly={!s.editable}
          aria-invalid={note?.ok === false}
          aria-describedby={`${id}-note`}
          onChange={(e) => setText(e.target.value)}
        />
        {s.editable ? (
          <>
            <button type="submit" className="button" disabled={s.secret ? text === '' : text === (s.text ?? '')}>
              Save
            </button>
            {s.set && (
              <button type="button" className="button" onClick={() => reset(s.key)}>
                {s.secret ? 'Remove' : 'Default'}
              </button>
            )}
          </>
        ) : (
          <span className="muted">{s.lockedReason}</span>
        )}
      </div>
      <span id={`${id}-note`} className={note?.ok === false ? 'field-problem' : 'muted'} role={note?.ok === false ? 'alert' : undefined}>
        {note?.text ?? ''}
      </span>
    </form>
  );
}

function PinChange() {
  const [current, setCurrent] = useState('');
  const [pin, setPin] = useState('');
  const [note, setNote] = useState<{ ok: boolean; text: string } | undefined>();
  const digits = (f: (v: string) => void) => (e: { target: { value: string } }) => f(digitsOnly(e.target.value));
  return (
    <form
      className="setting"
      aria-label="Change the manager PIN"
      onSubmit={(e) => {
        e.preventDefault();
        connect()
          .client.call('manager.setPin', { current, pin })
          .then(
            (status) => {
              useManagerStore.setState({ status });
              setNote({ ok: true, text: 'The manager PIN was changed.' });
            },
            (err: unknown) => setNote({ ok: false, text: errorWords(err) }),
          );
        setCurrent('');
        setPin('');
      }}
    >
      <div className="setting-row">
        <label className="field">
          Current PIN
          <input type="password" inputMode="numeric" autoComplete="off" maxLength={12} value={current} onChange={digits(setCurrent)} />
        </label>
        <label className="field">
          New PIN
          <input type="password" inputMode="numeric" autoComplete="off" maxLength={12} value={pin} onChange={digits(setPin)} />
        </label>
        <button type="submit" className="button" disabled={current.length < 4 || pin.length < 4}>
          Change PIN
        </button>
      </div>
      {note && (
        <span className={note.ok ? 'muted' : 'field-problem'} role={note.ok ? 'status' : 'alert'}>
          {note.text}
        </span>
      )}
    </form>
  );
}

/**
 * Settings (manager): the same keys, rules and words as posctl config. The gateway's are the
 * technician's and show read-only with the reason; secrets are write-only.
 */
export function SettingsScreen() {
  const { settings, error, load } = useSettingsStore();
  useEffect(() => load(), [load]);
  return (
    <section className="screen settings-screen" aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      {error && (
        <p className="error-note" role="alert">
          {error}
        </p>
      )}
      {settings.length === 0 && (
        <p>
          The settings open for a manager.{' '}
          <button type="button" className="button" onClick={load}>
            Enter the manager PIN
          </button>
        </p>
      )}
      {settings.length > 0 && (
        <div className="panel">
          <h2>Manager PIN</h2>
          <PinChange />
        </div>
      )}
      <TechnicianUnlock settings={settings} />
      {GROUPS.map((g) => {
        const items = settings.filter((s) => s.key.startsWith(g.prefix));
        if (items.length === 0) return null;
        return (
          <div key={g.prefix} className="panel" role="group" aria-label={g.title}>
            <h2>{g.title}</h2>
            {items.map((s) => (
              <Field key={`${s.key}:${s.text ?? ''}:${String(s.set)}`} s={s} />
            ))}
          </div>
        );
      })}
    </section>
  );
}
