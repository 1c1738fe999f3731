import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { InfoPage } from '../../components/InfoPage/InfoPage';

/** Where step3failed sends the user: step1 with the failure heading, keeping the renting for reselection. */
export function step3FailedTarget(params: URLSearchParams): string {
  const next = new URLSearchParams({ booking: 'failed' });
  const rentingId = params.get('rentingId');
  if (rentingId) next.set('rentingId', rentingId);
  return `/booking/step1?${next.toString()}`;
}

/**
 * The confirmation link's failure: without a reason the apartment was taken meanwhile (step1 with the
 * failure heading); with one (INVALID_TOKEN, EXPIRED_TOKEN) the link itself did not work, which says
 * nothing about the apartment.
 */
export default function Step3Failed() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const reason = params.get('reason');
  if (!reason) return <Navigate to={step3FailedTarget(params)} replace />;
  const area = reason === 'EXPIRED_TOKEN' ? 'expired' : 'invalid';
  return (
    <InfoPage
      step={2}
      status="warning"
      title={t(`booking.step3failed.${area}Title`)}
      text={t(`booking.step3failed.${area}Text`)}
      extra={<Link to="/booking/step1">{t('booking.step3failed.toStep1')}</Link>}
    />
  );
}
