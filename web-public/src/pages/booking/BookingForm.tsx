import { useState } from 'react';
import { Button, Checkbox, Form, Input, Space, type UploadFile } from 'antd';
import { useMutation } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { AntdScope } from '../../components/Antd/AntdScope';
import { ErrorAlert } from '../../components/Message/ShowMessage';
import { currentLanguage } from '../../i18n';
import { describeRequestError, exceptionField, exceptionValues, interpretResult, type Message } from '../../lib/errors';
import { DEFAULT_COUNTRY, DEFAULT_GENDER, DEFAULT_NATIONALITY } from './codeLists';
import { FILE_ERRORS, PersonalFields, readBase64, trigger, UploadField, useRule } from './formFields';
import { checkConfirmEmail, checkEmail, parseBirthday } from './formRules';
import { CREATE_RENTING_REQUEST } from './Step2.graphql';
import type { Gender } from '../../graphql/graphql';
import './BookingForm.css';

export interface BookingFormValues {
  gender: Gender;
  nationality: string;
  firstName: string;
  lastName: string;
  street: string;
  country: string;
  zip: string;
  city: string;
  birthday: string;
  phone: string;
  email: string;
  confirmEmail: string;
  identityCardFront?: UploadFile[];
  identityCardBack?: UploadFile[];
  immatriculation?: UploadFile[];
}

export const SAMPLE_VALUES: Partial<BookingFormValues> = {
  gender: 'female',
  nationality: 'de',
  firstName: 'Anna',
  lastName: 'Muster',
  street: 'Hauptstraße 1',
  country: 'DEU',
  zip: '69117',
  city: 'Heidelberg',
  birthday: '01.02.2003',
  phone: '+49 151 12345678',
  email: 'anna.muster@example.org',
  confirmEmail: 'anna.muster@example.org',
};

class FileProblem extends Error {
  constructor(public readonly key: string) {
    super(key);
  }
}

async function fileContent(list: UploadFile[] | undefined, slot: keyof typeof FILE_ERRORS): Promise<string> {
  const file = list?.[0]?.originFileObj;
  if (!file) throw new FileProblem(FILE_ERRORS[slot].missing);
  try {
    return await readBase64(file);
  } catch {
    throw new FileProblem(FILE_ERRORS[slot].invalid);
  }
}

/**
 * A legal page named in a checkbox's label: opens in a new tab, so that the form keeps what was entered,
 * and does not tick the box.
 */
function LegalLink({ page, children }: { page: 'terms' | 'privacy'; children?: React.ReactNode }) {
  return (
    <a href={`/legal/${page}`} target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()}>
      {children}
    </a>
  );
}

/** The booking form (SPEC section 5), a chunk of its own with antd (Step2 loads it lazily). */
export default function BookingForm(props: BookingFormProps) {
  return (
    <AntdScope>
      <BookingFormFields {...props} />
    </AntdScope>
  );
}

interface BookingFormProps {
  apartmentId: number;
  semesterId: number;
  sample: boolean;
  /** The token of the waitlist offer whose link led here: it books the apartment held for it. */
  offerToken?: string;
}

/** The fields a business exception's path may name (the service's paths are the form's names). */
const FORM_FIELDS = [
  'email', 'firstName', 'lastName', 'street', 'zip', 'city', 'country', 'birthday', 'phone', 'nationality', 'gender',
  'identityCardFront', 'identityCardBack', 'immatriculation',
] as const;

function BookingFormFields({ apartmentId, semesterId, sample, offerToken }: BookingFormProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const rule = useRule();
  const [form] = Form.useForm<BookingFormValues>();
  const [submitted, setSubmitted] = useState(false);
  const [terms, setTerms] = useState(false);
  const [privacy, setPrivacy] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<Message | null>(null);
  const [create] = useMutation(CREATE_RENTING_REQUEST);

  const onFinish = async (values: BookingFormValues) => {
    setSubmitted(true);
    setError(null);
    setSending(true);
    try {
      const [identityCardFront, identityCardBack, immatriculation] = await Promise.all([
        fileContent(values.identityCardFront, 'identityCardFront'),
        fileContent(values.identityCardBack, 'identityCardBack'),
        fileContent(values.immatriculation, 'immatriculation'),
      ]);
      const result = await create({
        variables: {
          create: {
            apartmentId,
            semesterId,
            birthday: parseBirthday(values.birthday)!,
            city: values.city.trim(),
            country: values.country,
            email: values.email.trim(),
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            gender: values.gender,
            identityCardFront,
            identityCardBack,
            nationality: values.nationality,
            phone: values.phone.trim(),
            street: values.street.trim(),
            zip: values.zip.trim(),
            language: currentLanguage(i18n),
            immatriculation,
            offerToken: offerToken ?? null,
          },
        },
      });
      const outcome = interpretResult(result.data?.createRentingRequest);
      if (outcome.kind === 'ok') {
        navigate(`/booking/step2done?rentingId=${encodeURIComponent(outcome.uuid)}`);
        return;
      }
      if (outcome.kind === 'exception') {
        const message = t(`validation.${outcome.exception.messageId}`, exceptionValues(outcome.exception));
        const field = exceptionField(outcome.exception, FORM_FIELDS);
        if (field) form.setFields([{ name: field, errors: [message] }]);
        setError({ key: 'errors.occurred', values: { message } });
      } else setError({ key: 'errors.backend' });
    } catch (e) {
      setError(e instanceof FileProblem ? { key: e.key } : describeRequestError(e, { upload: true }));
    } finally {
      setSending(false);
    }
  };

  const vt = trigger(submitted);
  return (
    <section aria-labelledby="booking-form-title">
      <h2 id="booking-form-title">{t('booking.form.title')}</h2>
      {error && <ErrorAlert key={JSON.stringify(error)} message={error} focus />}
      <Form<BookingFormValues>
        form={form}
        layout="vertical"
        disabled={sending}
        initialValues={{
          gender: DEFAULT_GENDER,
          nationality: DEFAULT_NATIONALITY,
          country: DEFAULT_COUNTRY,
          ...(sample ? SAMPLE_VALUES : {}),
        }}
        onFinish={(v) => void onFinish(v)}
        onFinishFailed={() => setSubmitted(true)}
      >
        <div className="form-grid">
          <PersonalFields submitted={submitted} />
          <Form.Item name="email" label={t('booking.form.email')} rules={[rule((v) => checkEmail(v as string))]} validateTrigger={vt}>
            <Input inputMode="email" autoComplete="email" />
          </Form.Item>
          <Form.Item
            name="confirmEmail"
            label={t('booking.form.confirm_email')}
            dependencies={['email']}
            rules={[rule((v) => checkConfirmEmail(form.getFieldValue('email') as string, v as string))]}
            validateTrigger={vt}
          >
            <Input inputMode="email" autoComplete="email" />
          </Form.Item>
          <UploadField slot="identityCardFront" submitted={submitted} />
          <UploadField slot="identityCardBack" submitted={submitted} />
          <UploadField slot="immatriculation" submitted={submitted} />
        </div>
        <Space orientation="vertical" style={{ marginBottom: 16 }}>
          <Checkbox checked={terms} onChange={(e) => setTerms(e.target.checked)}>
            <Trans i18nKey="booking.form.terms" components={[<LegalLink page="terms" />]} />
          </Checkbox>
          <Checkbox checked={privacy} onChange={(e) => setPrivacy(e.target.checked)}>
            <Trans i18nKey="booking.form.privacy" components={[<LegalLink page="privacy" />]} />
          </Checkbox>
        </Space>
        <Form.Item>
          <Button type="primary" htmlType="submit" size="large" disabled={!terms || !privacy || sending} loading={sending}>
            {sending ? t('booking.form.sending') : t('booking.form.submit')}
          </Button>
        </Form.Item>
      </Form>
    </section>
  );
}
