import { useTranslation } from 'react-i18next';
import { InfoPage } from '../../components/InfoPage/InfoPage';

export default function Step4Done() {
  const { t } = useTranslation();
  return <InfoPage step={4} status="success" title={t('booking.step4done.title')} text={t('booking.step4done.text')} />;
}
