import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { InfoPage } from '../../components/InfoPage/InfoPage';
import { ErrorAlert } from '../../components/Message/ShowMessage';

/** The gateway's verify link: it confirms the e-mail and redirects to step3done or step3failed. */
export function verifyLink(email: string, token: string): string {
  return `/api/verify?${new URLSearchParams({ email, token }).toString()}`;
}

export default function Step3() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = params.get('email');
  const token = params.get('token');
  if (!email || !token) return <ErrorAlert message={{ key: 'errors.missingEmailToken' }} />;
  return (
    <InfoPage
      step={2}
      title={t('booking.step3.title')}
      text={t('booking.step3.text', { email })}
      extra={
        <a className="btn btn-primary btn-lg" href={verifyLink(email, token)} target="_blank" rel="noopener noreferrer">
          {t('booking.step3.button')}
        </a>
      }
    />
  );
}
