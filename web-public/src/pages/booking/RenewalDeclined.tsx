import { useTranslation } from 'react-i18next';
import { InfoPage } from '../../components/InfoPage/InfoPage';

export default function RenewalDeclined() {
  const { t } = useTranslation();
  return <InfoPage title={t('booking.renewalDeclined.title')} text={t('booking.renewalDeclined.text')} />;
}
