import { useEffect } from 'react';
import { useT } from '../i18n/i18n';
import { useRegisterStore } from '../stores/register-store';
import { paymentStep } from './payment-step';
import type { ScreenLabel } from './screens';

/**
 * The window's title names the screen, and on the Register the payment's step or result, in the
 * page's language: "Sale approved — Register — Counter POS". A screen reader says it when the
 * window is switched to; the task bar shows it.
 */
export function useDocumentTitle(screen: ScreenLabel | undefined, fallback?: string): void {
  const { t, i18n } = useT('app');
  const sale = useRegisterStore((r) => r.sale);
  const onRegister = screen === 'nav.register';
  const step = onRegister && sale ? paymentStep(sale).short : undefined;
  const parts = [step, screen ? t(screen) : fallback, t('brand')].filter((p): p is string => p !== undefined && p !== '');
  const title = parts.join(' — ');
  useEffect(() => {
    document.title = title;
  }, [title, i18n.language]);
}
