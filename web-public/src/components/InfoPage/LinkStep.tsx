import { Alert, Button, Spin } from 'antd';
import { useQuery } from '@apollo/client/react';
import type { TypedDocumentNode } from '@apollo/client';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { InfoPage } from './InfoPage';
import { ErrorAlert } from '../Message/ShowMessage';

/** step4 and step5: fetch the renting's provider link and offer it as a button; 'Error' when the fetch fails. */
export function LinkStep<K extends string>({
  step,
  area,
  query,
  field,
}: {
  step: number;
  area: 'step4' | 'step5';
  query: TypedDocumentNode<Record<K, string | null>, { rentingId: string }>;
  field: K;
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
  if (loading) return <Spin aria-label={t('common.loading')} />;
  if (error) return <Alert type="error" showIcon role="alert" title={t('common.error')} />;
  const link = data?.[field];
  return (
    <InfoPage
      step={step}
      title={t(`booking.${area}.title`)}
      text={link ? t(`booking.${area}.text`) : t(`booking.${area}.notYet`)}
      extra={
        link ? (
          <Button type="primary" size="large" href={link}>
            {t(`booking.${area}.button`)}
          </Button>
        ) : undefined
      }
    />
  );
}
