import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { describeRequestError, exceptionValues, type Message } from '../../../lib/errors';
import { AntdScope } from '../../../components/Antd/AntdScope';
import { ErrorAlert } from '../../../components/Message/ShowMessage';
import { RESEND_CONFIRMATION } from './ConfirmAgain.graphql';

/**
 * "Send the confirmation link again" for a request whose e-mail address is not confirmed yet, for a
 * renter who lost the mail. The server mails at most one per window; the answer is the same either
 * way, so the page says the link is on its way unless one went out a few minutes ago.
 */
export function ConfirmAgain({ token, rentingId }: { token: string; rentingId: string }) {
  const { t } = useTranslation();
  const [resend, { loading }] = useMutation(RESEND_CONFIRMATION);
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<Message>();
  const onClick = async () => {
    setProblem(undefined);
    try {
      const { data } = await resend({ variables: { token, rentingId } });
      const exception = data?.resendConfirmationMail.exception;
      if (exception) setProblem({ key: `validation.${exception.messageId}`, values: exceptionValues(exception) });
      else setSent(true);
    } catch (e) {
      setProblem(describeRequestError(e));
    }
  };
  if (sent) return <p role="status">{t('booking.renterPage.confirmAgain.sent')}</p>;
  return (
    <AntdScope>
      {problem && <ErrorAlert message={problem} focus />}
      <Button loading={loading} onClick={onClick}>
        {t('booking.renterPage.confirmAgain.button')}
      </Button>
    </AntdScope>
  );
}
