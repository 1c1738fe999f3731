import { useQuery } from '@apollo/client/react';
import type { TypedDocumentNode } from '@apollo/client';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { InfoPage } from './InfoPage';
import { BookingSummary } from '../BookingSummary/BookingSummary';
import { Alert, ErrorAlert } from '../Message/ShowMessage';
import { Spinner } from '../Spinner/Spinner';
import type { ProgressFieldsFragment, RentingState } from '../../graphql/graphql';

/** The states in which a step's work is done: a signed contract, a paid rent. */
const DONE: Record<'step4' | 'step5', RentingState[]> = {
  step4: ['CONTRACT_SIGNED', 'UNPAID', 'PAYED'],
  step5: ['PAYED'],
};

/**
 * step4 and step5: fetch the renting's provider link with where the booking stands, and offer the link
 * as a button, unless the step is done already, the booking was cancelled (with the office's reason,
 * when it gave one) or its SEPA debit is under way; 'Error' when the fetch fails. The apartment, semester
 * and total are repeated, so that the renter knows what they sign and pay.
 */
export function LinkStep<K extends string>({
  step,
  area,
  query,
  field,
  problem,
}: {
  step: number;
  area: 'step4' | 'step5';
  query: TypedDocumentNode<Record<K, string | null> & { bookingProgress?: ProgressFieldsFragment | null }, { rentingId: string }>;
  field: K;
  /** A problem of the step's last attempt (e.g. a failed payment), shown above the step and announced. */
  problem?: string;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const rentingId = params.get('rentingId');
  const { data, loading, error } = useQuery(query, {
    variables: { rentingId: rentingId ?? '' },
    skip: !rentingId,
    fetchPolicy: 'network-only',
  });
  if (!rentingId) return <ErrorAlert message={{ key: 'errors.missingRentingId' }} />;
  if (loading) return <Spinner />;
  if (error) return <Alert>{t('common.error')}</Alert>;
  const link = data?.[field];
  const progress = data?.bookingProgress;
  const done = progress ? DONE[area].includes(progress.state) : false;
  const summary = progress ? <BookingSummary progress={progress} /> : undefined;
  if (progress?.state === 'CANCELED')
    return (
      <InfoPage
        step={step}
        status="warning"
        title={t('booking.cancelled.title')}
        text={
          <>
            {summary}
            <p>{t('booking.cancelled.text')}</p>
            {progress.cancellationReason && <p>{t('booking.cancelled.reason', { reason: progress.cancellationReason })}</p>}
          </>
        }
      />
    );
  if (area === 'step5' && progress?.inPayment)
    return <InfoPage step={step} title={t('booking.step5.inPaymentTitle')} text={<>{summary}<p>{t('booking.step5.inPaymentText')}</p></>} />;
  if (done)
    return (
      <InfoPage
        step={step + 1}
        status="success"
        title={t(`booking.${area}.doneTitle`)}
        text={
          <>
            {summary}
            <p>{t(`booking.${area}.doneText`)}</p>
          </>
        }
        extra={
          area === 'step4' && progress?.state !== 'PAYED' ? (
            <Link to={`/booking/step5?rentingId=${encodeURIComponent(rentingId)}`}>{t('booking.step4.toPayment')}</Link>
          ) : undefined
        }
      />
    );
  return (
    <>
      {problem && (
        <Alert focus>
          <strong>{t(`booking.${area}.${problem}Title`)}</strong> {t(`booking.${area}.${problem}Text`)}
        </Alert>
      )}
      <InfoPage
        step={step}
        title={t(`booking.${area}.title`)}
        text={
          <>
            {summary}
            <p>{link ? t(`booking.${area}.text`) : t(`booking.${area}.notYet`)}</p>
          </>
        }
        extra={
          link ? (
            <a className="btn btn-primary btn-lg" href={link}>
              {t(problem ? `booking.${area}.${problem}Button` : `booking.${area}.button`)}
            </a>
          ) : undefined
        }
      />
    </>
  );
}
