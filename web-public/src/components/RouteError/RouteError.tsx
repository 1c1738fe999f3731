import { useTranslation } from 'react-i18next';
import { InfoPage } from '../InfoPage/InfoPage';

/** What a screen that failed to render or load (e.g. a chunk after a deploy) shows. */
export function RouteError() {
  const { t } = useTranslation();
  return <InfoPage status="error" title={t('errors.generic')} />;
}
