import { useTranslation } from 'react-i18next';
import { InfoPage } from '../../components/InfoPage/InfoPage';

export default function Success() {
  const { t } = useTranslation();
  return <InfoPage status="success" title={t('booking.success.title')} />;
}
