import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a screen that failed to render or load (e.g. a chunk after a deploy) shows. */
export function RouteError() {
  const { t } = useTranslation();
  return <Result status="error" title={t('errors.generic')} />;
}
