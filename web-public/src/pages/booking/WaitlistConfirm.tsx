import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { InfoPage } from '../../components/InfoPage/InfoPage';
import { ErrorAlert } from '../../components/Message/ShowMessage';
import { describeRequestError, exceptionValues, type Message } from '../../lib/errors';
import { CONFIRM_WAITLIST_ENTRY } from './Waitlist.graphql';

/**
 * The waitlist's confirmation link: the student confirms with a button (a mail scanner that opens the
 * link confirms nothing), and then stands in line.
 */
export default function WaitlistConfirm() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [confirm, { loading }] = useMutation(CONFIRM_WAITLIST_ENTRY);
  const [done, setDone] = useState(false);
  const [problem, setProblem] = useState<Message>();
  if (!token) return <ErrorAlert message={{ key: 'validation.WAITLIST_LINK_INVALID' }} />;

  const onClick = async () => {
    setProblem(undefined);
    try {
      const { data } = await confirm({ variables: { token } });
      const exception = data?.confirmWaitlistEntry.exception;
      if (exception) setProblem({ key: `validation.${exception.messageId}`, values: exceptionValues(exception) });
      else setDone(true);
    } catch (e) {
      setProblem(describeRequestError(e));
    }
  };

  if (done) return <InfoPage status="success" title={t('booking.waitlist.confirmedTitle')} text={t('booking.waitlist.confirmedText')} />;
  return (
    <InfoPage
      title={t('booking.waitlist.confirmTitle')}
      text={t('booking.waitlist.confirmText')}
      extra={
        <>
          {problem && <ErrorAlert message={problem} focus />}
          <button type="button" className="btn btn-primary btn-lg" disabled={loading} onClick={() => void onClick()}>
            {t('booking.waitlist.confirmButton')}
          </button>
          <p>
            <Link to="/booking/step1">{t('booking.step3failed.toStep1')}</Link>
          </p>
        </>
      }
    />
  );
}
