import { useState } from 'react';
import { Button, Checkbox, Form, Input, Popconfirm, Space, type UploadFile } from 'antd';
import { useMutation } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AntdScope } from '../../components/Antd/AntdScope';
import { ErrorAlert } from '../../components/Message/ShowMessage';
import { currentLanguage } from '../../i18n';
import { exceptionValues, interpretResult, type Message } from '../../lib/errors';
import { APPROVE_RENEWAL, DECLINE_RENEWAL, type RenterForRenewal } from './Extend.graphql';
import { FILE_ERRORS, PersonalFields, readBase64, UploadField } from './formFields';
import { birthdayForInput, parseBirthday } from './formRules';
import './BookingForm.css';

type RenewalValues = Omit<RenterForRenewal, 'email'> & { email: string; immatriculation?: UploadFile[] };

/** The renewal form (SPEC section 4/5), a chunk of its own with antd (Extend loads it lazily). */
export default function RenewalForm(props: RenewalFormProps) {
  return (
    <AntdScope>
      <RenewalFormFields {...props} />
    </AntdScope>
  );
}

interface RenewalFormProps {
  rentingId: string;
  /** The renewal mail's token, which approving and declining need besides the renting id. */
  token: string;
  renter: RenterForRenewal;
}

function RenewalFormFields({ rentingId, token, renter }: RenewalFormProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [submitted, setSubmitted] = useState(false);
  const [disclaimer, setDisclaimer] = useState(false);
  const [error, setError] = useState<Message | null>(null);
  const [approve, { loading: approving }] = useMutation(APPROVE_RENEWAL);
  const [decline, { loading: declining }] = useMutation(DECLINE_RENEWAL);
  const sending = approving || declining;

  const onFinish = async (values: RenewalValues) => {
    setSubmitted(true);
    setError(null);
    const file = values.immatriculation?.[0]?.originFileObj;
    if (!file) return setError({ key: FILE_ERRORS.immatriculation.missing });
    let immatriculation: string;
    try {
      immatriculation = await readBase64(file);
    } catch {
      return setError({ key: FILE_ERRORS.immatriculation.invalid });
    }
    try {
      const result = await approve({
        variables: {
          rentingId,
          token,
          rentingRenewal: {
            birthday: parseBirthday(values.birthday)!,
            city: values.city.trim(),
            country: values.country,
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            gender: values.gender,
            phone: values.phone.trim(),
            street: values.street.trim(),
            zip: values.zip.trim(),
            language: currentLanguage(i18n),
            immatriculation,
            nationality: values.nationality,
          },
        },
      });
      const outcome = interpretResult(result.data?.approveRenewal);
      if (outcome.kind === 'ok') return navigate('/booking/renewal-accepted');
      setError(
        outcome.kind === 'exception'
          ? {
              key: 'errors.occurred',
              values: { message: t(`validation.${outcome.exception.messageId}`, exceptionValues(outcome.exception)) },
            }
          : { key: 'errors.backend' },
      );
    } catch {
      setError({ key: 'errors.occurredPlain' });
    }
  };

  const onDecline = async () => {
    setError(null);
    try {
      const result = await decline({ variables: { rentingId, token } });
      const outcome = interpretResult(result.data?.declineRenewal);
      if (outcome.kind === 'ok') return navigate('/booking/renewal-declined');
      setError(
        outcome.kind === 'exception'
          ? {
              key: 'errors.occurred',
              values: { message: t(`validation.${outcome.exception.messageId}`, exceptionValues(outcome.exception)) },
            }
          : { key: 'errors.occurredPlain' },
      );
    } catch {
      setError({ key: 'errors.occurredPlain' });
    }
  };

  return (
    <>
      {error && <ErrorAlert key={JSON.stringify(error)} message={error} focus />}
      <Form<RenewalValues>
        layout="vertical"
        disabled={sending}
        initialValues={{ ...renter, birthday: birthdayForInput(renter.birthday, currentLanguage(i18n)) }}
        onFinish={(v) => void onFinish(v)}
        onFinishFailed={() => setSubmitted(true)}
      >
        <div className="renewal-grid">
          <PersonalFields submitted={submitted} />
          <Form.Item name="email" label={t('booking.form.email')}>
            <Input readOnly variant="filled" className="read-only" />
          </Form.Item>
          <UploadField slot="immatriculation" submitted={submitted} />
        </div>
        <Checkbox checked={disclaimer} onChange={(e) => setDisclaimer(e.target.checked)} style={{ marginBottom: 16 }}>
          {t('booking.form.disclaimer')}
        </Checkbox>
        <Space>
          <Button type="primary" htmlType="submit" disabled={!disclaimer || sending} loading={approving}>
            {t('booking.form.accept')}
          </Button>
          <Popconfirm
            title={t('booking.extend.decline_renewal')}
            description={t('booking.extend.declineConfirm')}
            okText={t('booking.form.decline')}
            cancelText={t('common.back')}
            onConfirm={() => void onDecline()}
          >
            <Button danger disabled={sending} loading={declining}>
              {t('booking.form.decline')}
            </Button>
          </Popconfirm>
        </Space>
      </Form>
    </>
  );
}
