import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { describeRequestError, exceptionValues, type Message } from '../../lib/errors';
import { AntdScope } from '../../components/Antd/AntdScope';
import { ErrorAlert } from '../../components/Message/ShowMessage';
import { ERASURE_STATE, REQUEST_ERASURE } from './Erasure.graphql';

/**
 * "Erase my data" on the renter's own page (GDPR art. 17): a button with a confirmation; the renter
 * service records the request once (however often it is asked) and mails that it was received.
 * Once asked, the page says since when; the office executes it.
 */
export function Erasure({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const { data } = useQuery(ERASURE_STATE, { variables: { token }, fetchPolicy: 'network-only' });
  const [request, { loading }] = useMutation(REQUEST_ERASURE, { refetchQueries: [ERASURE_STATE], awaitRefetchQueries: true });
  const [problem, setProblem] = useState<Message>();
  const requestedAt = data?.renterPage?.erasureRequestedAt;
  const onConfirm = async () => {
    setProblem(undefined);
    try {
      const { data } = await request({ variables: { token } });
      const exception = data?.requestErasure.exception;
      if (exception) setProblem({ key: `validation.${exception.messageId}`, values: exceptionValues(exception) });
    } catch (e) {
      setProblem(describeRequestError(e));
    }
  };
  return (
    <section aria-labelledby="erasure">
      <h2 id="erasure">{t('booking.erasure.title')}</h2>
      {requestedAt ? (
        <p role="status">
          {t('booking.erasure.requested', {
            date: new Intl.DateTimeFormat(currentLanguage(i18n) === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium' }).format(new Date(requestedAt)),
          })}
        </p>
      ) : (
        <>
          <p>{t('booking.erasure.text')}</p>
          <AntdScope>
            {problem && <ErrorAlert message={problem} focus />}
            <Popconfirm
              title={t('booking.erasure.confirmTitle')}
              description={t('booking.erasure.confirmText')}
              okText={t('booking.erasure.confirm')}
              cancelText={t('common.back')}
              onConfirm={() => void onConfirm()}
            >
              <Button danger loading={loading}>
                {t('booking.erasure.request')}
              </Button>
            </Popconfirm>
          </AntdScope>
        </>
      )}
    </section>
  );
}
