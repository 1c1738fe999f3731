import { useTranslation } from 'react-i18next';
import { InfoPage } from '../../components/InfoPage/InfoPage';

export default function Step2Done() {
  const { t } = useTranslation();
  return (
    <>
      <InfoPage step={2} status="success" title={t('booking.step2done.title')} />
      <p>{t('booking.step2done.text')}</p>
      <ol>
        <li>{t('booking.step2done.confirm')}</li>
        <li>{t('booking.step2done.sign')}</li>
        <li>{t('booking.step2done.pay')}</li>
        <li>{t('booking.step2done.moveIn')}</li>
      </ol>
    </>
  );
}
