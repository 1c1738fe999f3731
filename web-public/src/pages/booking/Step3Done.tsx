import { useTranslation } from 'react-i18next';
import { InfoPage } from '../../components/InfoPage/InfoPage';

export default function Step3Done() {
  const { t } = useTranslation();
  return <InfoPage step={3} status="success" title={t('booking.step3done.title')} text={t('booking.step3done.text')} />;
}
