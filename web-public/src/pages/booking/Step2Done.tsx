import { useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BookingSummary } from '../../components/BookingSummary/BookingSummary';
import { InfoPage } from '../../components/InfoPage/InfoPage';
import { BOOKING_PROGRESS } from './links.graphql';

export default function Step2Done() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const rentingId = params.get('rentingId');
  // The booking's apartment, semester and total, once known; the page does not wait for them.
  const { data } = useQuery(BOOKING_PROGRESS, { variables: { rentingId: rentingId ?? '' }, skip: !rentingId });
  const progress = data?.bookingProgress;
  return (
    <>
      <InfoPage step={2} status="success" title={t('booking.step2done.title')} text={progress ? <BookingSummary progress={progress} /> : undefined} />
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
