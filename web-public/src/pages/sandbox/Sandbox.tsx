import { useTranslation } from 'react-i18next';
import { InfoPage } from '../../components/InfoPage/InfoPage';

export default function Sandbox() {
  const { t } = useTranslation();
  return <InfoPage title={t('booking.sandbox.title')} text={t('booking.sandbox.text')} />;
}
