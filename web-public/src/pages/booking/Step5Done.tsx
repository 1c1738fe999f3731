import { useTranslation } from 'react-i18next';
import { InfoPage } from '../../components/InfoPage/InfoPage';

/** Every step ticked: current is past the last step. */
export default function Step5Done() {
  const { t } = useTranslation();
  return <InfoPage step={5} status="success" title={t('booking.step5done.title')} text={t('booking.step5done.text')} />;
}
