import { useQuery } from '@apollo/client/react';
import type { TypedDocumentNode } from '@apollo/client';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { InfoPage } from './InfoPage';
import { Alert, ErrorAlert } from '../Message/ShowMessage';
import { Spinner } from '../Spinner/Spinner';

/** step4 and step5: fetch the renting's provider link and offer it as a button; 'Error' when the fetch fails. */
export function LinkStep<K extends string>({
  step,
  area,
  query,
  field,
  problem,
}: {
  step: number;
  area: 'step4' | 'step5';
  query: TypedDocumentNode<Record<K, string | null>, { rentingId: string }>;
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
        text={link ? t(`booking.${area}.text`) : t(`booking.${area}.notYet`)}
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
