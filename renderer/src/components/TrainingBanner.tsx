import { useT } from '../i18n/i18n';

export function TrainingBanner() {
  const { t } = useT('common');
  return (
    <div className="training-banner" role="note" aria-label={t('training.label')}>
      <strong>{t('training.title')}</strong>
      <span title={t('training.text')}>{t('training.text')}</span>
    </div>
  );
}
