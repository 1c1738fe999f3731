import { useState } from 'react';
import { Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { AntdScope } from '../../components/Antd/AntdScope';
import { ErrorAlert } from '../../components/Message/ShowMessage';
import { currentLanguage } from '../../i18n';
import { describeRequestError, exceptionField, exceptionValues, type Message } from '../../lib/errors';
import { useOperationMutation } from '../../lib/operations';
import { JOIN_WAITLIST } from './Waitlist.graphql';

/** The sizes a student may wish for at least, in m² (the building's apartments have 20 to 36). */
const SIZES = [20, 22, 24, 26, 28, 30, 32, 36];

interface WaitlistValues {
  email: string;
  name: string;
  language: 'de' | 'en';
  floorId?: number;
  minSize?: number;
}

/**
 * Step1's offer when no apartment of the bookable semester is free: join its waitlist. The answer is
 * the same whether the address is on the list already; the confirmation link comes by e-mail.
 */
/** The fields a business exception's path may name. */
const FIELDS = ['email', 'name', 'language', 'floorId', 'minSize'] as const;

export default function WaitlistJoin({ semesterId, floors }: { semesterId: number; floors: { id: number; name: string }[] }) {
  const { t, i18n } = useTranslation();
  const [join, { loading }] = useOperationMutation(JOIN_WAITLIST);
  const [sentTo, setSentTo] = useState<string>();
  const [problem, setProblem] = useState<Message>();
  const [form] = Form.useForm<WaitlistValues>();

  const onFinish = async (values: WaitlistValues) => {
    setProblem(undefined);
    try {
      const email = values.email.trim();
      const data = await join({
        join: {
          semesterId,
          email,
          name: values.name.trim(),
          language: values.language,
          floorId: values.floorId ?? null,
          minSize: values.minSize ?? null,
        },
      });
      const exception = data.joinWaitlist.exception;
      if (exception) {
        const message = t(`validation.${exception.messageId}`, exceptionValues(exception));
        const field = exceptionField(exception, FIELDS);
        if (field) form.setFields([{ name: field, errors: [message] }]);
        setProblem({ key: 'errors.occurred', values: { message } });
      } else setSentTo(email);
    } catch (e) {
      setProblem(describeRequestError(e));
    }
  };

  return (
    <section className="card notice waitlist" aria-labelledby="waitlist-title" data-testid="waitlist">
      <div className="card-body">
        <h2 id="waitlist-title" className="h4">
          {t('booking.waitlist.title')}
        </h2>
        {sentTo ? (
          <p role="status">{t('booking.waitlist.sent', { email: sentTo })}</p>
        ) : (
          <AntdScope>
            <p>{t('booking.waitlist.text')}</p>
            {problem && <ErrorAlert message={problem} focus />}
            <Form<WaitlistValues>
              form={form}
              layout="vertical"
              disabled={loading}
              initialValues={{ language: currentLanguage(i18n) }}
              onFinish={(v) => void onFinish(v)}
            >
              <Form.Item name="email" label={t('booking.form.email')} rules={[{ required: true, type: 'email', message: t('validation.INVALID_EMAIL') }]}>
                <Input inputMode="email" autoComplete="email" />
              </Form.Item>
              <Form.Item name="name" label={t('booking.waitlist.name')} rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
                <Input autoComplete="name" maxLength={100} />
              </Form.Item>
              <Form.Item name="language" label={t('booking.waitlist.language')}>
                <Select
                  options={[
                    { value: 'de', label: 'Deutsch' },
                    { value: 'en', label: 'English' },
                  ]}
                />
              </Form.Item>
              <Form.Item name="floorId" label={t('booking.waitlist.floor')}>
                <Select allowClear placeholder={t('booking.waitlist.any')} options={floors.map((f) => ({ value: f.id, label: f.name }))} />
              </Form.Item>
              <Form.Item name="minSize" label={t('booking.waitlist.minSize')}>
                <Select allowClear placeholder={t('booking.waitlist.any')} options={SIZES.map((s) => ({ value: s, label: t('booking.waitlist.size', { size: s }) }))} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={loading}>
                {t('booking.waitlist.join')}
              </Button>
            </Form>
          </AntdScope>
        )}
      </div>
    </section>
  );
}
