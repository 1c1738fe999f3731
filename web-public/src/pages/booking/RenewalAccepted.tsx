import { useTranslation } from 'react-i18next';
import { InfoPage } from '../../components/InfoPage/InfoPage';

export default function RenewalAccepted() {
  const { t } = useTranslation();
  return <InfoPage status="success" title={t('booking.renewalAccepted.title')} text={t('booking.renewalAccepted.text')} />;
}
