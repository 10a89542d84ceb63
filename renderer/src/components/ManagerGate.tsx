import { useEffect } from 'react';
import { useManagerStore } from '../stores/manager-store';
import { useRegisterStore } from '../stores/register-store';
import { useT } from '../i18n/i18n';
import { PinDialog } from './PinDialog';
import { problemWords } from './problem';

/** The manager PIN dialog any screen's manager action may open (see useManagerStore.asManager). */
export function ManagerGate() {
  const { t } = useT('common');
  const { prompt, busy, submit, close } = useManagerStore();
  // A payment's own approval (refund, void, large amount) asked from any screen: Register or History.
  const paymentPin = useRegisterStore((r) => r.pin);
  const paymentBusy = useRegisterStore((r) => r.busy);
  const closePaymentPin = useRegisterStore((r) => r.closePin);
  if (paymentPin) return <PinDialog key="payment" why={problemWords(paymentPin.why) ?? ''} busy={paymentBusy} onSubmit={paymentPin.submit} onClose={closePaymentPin} />;
  if (!prompt) return null;
  return <PinDialog key="manager" why={problemWords(prompt.problem) ?? t('manager.needed')} busy={busy} onSubmit={submit} onClose={close} />;
}

/** "Manager" (or "Technician") with Lock, while this page holds a raised session. */
export function ManagerBadge() {
  const { status, lock, refresh } = useManagerStore();
  const { t } = useT('common');
  const role = status?.role;
  const manager = role === 'manager' || role === 'technician';
  useEffect(() => {
    if (!manager) return;
    // The session ends after two minutes without a call: the badge follows.
    const timer = setInterval(refresh, 15_000);
    return () => clearInterval(timer);
  }, [manager, refresh]);
  if (!manager) return null;
  return (
    <span className="manager-badge">
      {t(role === 'technician' ? 'technician.badge' : 'manager.badge')}
      <button type="button" className="link-button" onClick={lock}>
        {t('manager.lock')}
      </button>
    </span>
  );
}
