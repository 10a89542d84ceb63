import { useEffect } from 'react';
import type { SimCard, TrainingFaultKind } from '../../../../preload/contract';
import { money } from '../../components/money';
import { problemWords } from '../../components/problem';
import { useT } from '../../i18n/i18n';
import { trainingActions, useTrainingStore } from '../../stores/training-store';
import '../../styles/training.css';

/** The faults a trainee switches between; one set otherwise (posctl's http-500) is still named. */
const FAULTS = ['none', 'unreachable', 'slow', 'drop-after'] as const satisfies readonly TrainingFaultKind[];
const CARDS = ['visa', 'mastercard', 'amex', 'expired', 'bad-read'] as const satisfies readonly SimCard[];

/**
 * Training mode's panel on the Register, open to the cashier: the training gateway's fault, and
 * the customer's PIN pad as the customer sees it, with its keys. A disclosure after the Register,
 * closed by default and remembered: a column beside the Register on a wide screen, under it on a
 * narrow one, so it never pushes the amount, the keypad or the sale's buttons off the screen.
 * While it is open this page plays the customer: the pad's questions wait for its Yes, No or Cancel.
 */
export function TrainingPanel({ training }: { training: boolean }) {
  const { t } = useT('training');
  const open = useTrainingStore((s) => s.open);
  if (!training) return null;
  return (
    <section className={`training-panel${open ? ' open' : ''}`} aria-labelledby="training-toggle">
      <h2 className="training-heading">
        <button
          id="training-toggle"
          type="button"
          className="training-toggle"
          aria-expanded={open}
          aria-controls="training-body"
          onClick={() => trainingActions.setOpen(!open)}
        >
          {t('toggle')}
        </button>
      </h2>
      {open && <TrainingBody />}
    </section>
  );
}

function TrainingBody() {
  const problem = useTrainingStore((s) => s.problem);
  useEffect(() => trainingActions.play(), []);
  return (
    <div id="training-body" className="training-body">
      <GatewayFault />
      <CustomerPad />
      <p className={`training-error${problem ? ' error-note' : ''}`} role="alert">
        {problemWords(problem) ?? ''}
      </p>
    </div>
  );
}

function GatewayFault() {
  const { t } = useT('training');
  const fault = useTrainingStore((s) => s.fault);
  const offline = useTrainingStore((s) => s.offline);
  const busy = useTrainingStore((s) => s.busy);
  return (
    <section className="training-card" aria-labelledby="training-fault-title">
      <h3 id="training-fault-title">{t('fault.title')}</h3>
      <div className="training-choices" role="group" aria-label={t('fault.label')}>
        {FAULTS.map((kind) => (
          <button key={kind} type="button" className="button" aria-pressed={fault?.kind === kind} disabled={busy} onClick={() => trainingActions.setFault(kind)}>
            {t(`fault.${kind}`)}
          </button>
        ))}
      </div>
      <p role="status" className="training-now" data-testid="training-fault">
        {fault ? (
          <>
            <strong>{t('fault.now', { fault: t(`fault.${fault.kind}`) })}</strong>
            {fault.kind !== 'none' && fault.remaining !== null ? ` (${t('fault.remaining', { count: fault.remaining })})` : ''}
            {' '}
            {fault.kind !== 'unreachable'
              ? t(`explain.${fault.kind}`)
              : offline?.enabled
                ? t('explain.unreachable', { max: money(offline.maxAmountCents) })
                : t('explain.unreachable-refused')}
          </>
        ) : (
          t('fault.unknown')
        )}
      </p>
    </section>
  );
}

function CustomerPad() {
  const { t } = useT('training');
  const pad = useTrainingStore((s) => s.pad);
  const card = useTrainingStore((s) => s.card);
  const busy = useTrainingStore((s) => s.busy);
  const waiting = pad?.waitingFor ?? 'nothing';
  return (
    <section className="training-card" aria-labelledby="training-pad-title">
      <h3 id="training-pad-title">{t('pad.title')}</h3>
      <p className="muted">{t('pad.you')}</p>
      {/* The pad's own screen, in the words the counter sent it: what the customer reads. */}
      <div className="training-pad-screen" role="status" aria-label={t('pad.screen')} data-testid="training-pad-screen">
        <span className="training-pad-display">{pad ? (pad.online ? pad.display : t('pad.offline')) : ''}</span>
        <span className="training-pad-amount">{pad && pad.amountCents !== null ? t('pad.amount', { amount: money(pad.amountCents) }) : ''}</span>
      </div>
      <p className="training-pad-waiting">{t(`pad.waiting.${waiting}`)}</p>
      <div className="training-pad-keys" role="group" aria-label={t('pad.keys')}>
        <button type="button" className="button training-key-yes" disabled={busy || waiting !== 'answer'} onClick={() => trainingActions.press('yes')}>
          {t('pad.yes')}
        </button>
        <button type="button" className="button training-key-no" disabled={busy || waiting !== 'answer'} onClick={() => trainingActions.press('no')}>
          {t('pad.no')}
        </button>
        <button type="button" className="button training-key-cancel" disabled={busy || waiting === 'nothing'} onClick={() => trainingActions.press('cancel')}>
          {t('pad.cancel')}
        </button>
      </div>
      <div className="training-pad-swipe">
        <label className="field">
          {t('pad.card')}
          <select value={card} onChange={(e) => trainingActions.chooseCard(CARDS.find((c) => c === e.target.value) ?? 'visa')}>
            {CARDS.map((c) => (
              <option key={c} value={c}>
                {t(`card.${c}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button" disabled={busy || waiting !== 'card'} onClick={() => trainingActions.swipe()}>
          {t('pad.swipe')}
        </button>
      </div>
    </section>
  );
}
