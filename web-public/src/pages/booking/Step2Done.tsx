import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BookingSteps } from '../../components/BookingSteps/BookingSteps';

export default function Step2Done() {
  const { t } = useTranslation();
  return (
    <>
      <BookingSteps current={2} />
      <Result status="success" title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('booking.step2done.title')}</h1>} />
      <Typography.Paragraph>{t('booking.step2done.text')}</Typography.Paragraph>
      <ol>
        <li>{t('booking.step2done.confirm')}</li>
        <li>{t('booking.step2done.sign')}</li>
        <li>{t('booking.step2done.pay')}</li>
        <li>{t('booking.step2done.moveIn')}</li>
      </ol>
    </>
  );
}
