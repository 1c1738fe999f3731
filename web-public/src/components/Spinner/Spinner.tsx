import { useTranslation } from 'react-i18next';

/** What a screen shows while its chunk or its data loads. */
export function Spinner() {
  const { t } = useTranslation();
  return <span className="spin" role="status" aria-label={t('common.loading')} />;
}
