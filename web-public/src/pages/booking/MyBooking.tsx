import { useEffect, useState } from 'react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Button, Form, Input } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { currentLanguage, switchLanguage } from '../../i18n';
import { describeRequestError, exceptionValues, type Message } from '../../lib/errors';
import { formatMoney } from '../../lib/money';
import { AntdScope } from '../../components/Antd/AntdScope';
import { Alert, ErrorAlert } from '../../components/Message/ShowMessage';
import { Spinner } from '../../components/Spinner/Spinner';
import type { RenterPageQuery } from '../../graphql/graphql';
import { REQUEST_PAGE_LINK, RENTER_PAGE, WITHDRAW_REQUEST } from './MyBooking.graphql';
import { countryName, nationalityName } from './codeLists';
import { Erasure } from './Erasure';
import { MY_MAILS } from './MyData.graphql';
import { BookingFiles } from './myBooking/BookingFiles';
import { ConfirmAgain } from './myBooking/ConfirmAgain';
import { HandoverSection } from './myBooking/HandoverSection';
import { fetchMyDocuments, MyDocuments } from './myBooking/MyDocuments';
import { RenewalAnswer } from './myBooking/RenewalAnswer';

type Page = NonNullable<RenterPageQuery['renterPage']>;
type Booking = Page['bookings'][number];
type Payment = Page['payments'][number];
type Handover = Page['handovers'][number];

/** The personal data the page shows, in the order of the booking form. */
const PERSONAL = ['firstName', 'lastName', 'email', 'street', 'zip', 'city', 'country', 'birthday', 'phone', 'nationality', 'gender', 'language'] as const;

/** The five steps of a booking as the page lists them, each with the date it was done on. */
const STEPS = [
  ['requested', 'createdDate'],
  ['confirmed', 'emailConfirmedDate'],
  ['approved', 'ownerAcknowledgedDate'],
  ['signed', 'contractSignedDate'],
  ['paid', 'paidDate'],
] as const;

/**
 * "Meine Buchung" (/booking/my-booking?token=…): the renter's own page, opened with the link every
 * mail carries. It greets the renter in their language and shows each renting with its steps and
 * dates, the key code once due, what to do now (sign, pay, answer a renewal) and, once a renting
 * ended, its handover with the deposit's way back. Without a token,
 * or with an expired one, it offers a new link by e-mail.
 */
export default function MyBooking() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const { data, loading, error } = useQuery(RENTER_PAGE, { variables: { token: token ?? '' }, skip: !token, fetchPolicy: 'network-only' });
  const page = data?.renterPage;
  const language = page?.language;
  useEffect(() => {
    if (language === 'de' || language === 'en') void switchLanguage(i18n, language);
  }, [language, i18n]);

  if (loading) return <Spinner />;
  if (!token || !page)
    return (
      <section className="my-booking">
        <h1>{t('booking.myBooking.title')}</h1>
        {error ? <Alert>{t('common.error')}</Alert> : token && <Alert type="warning">{t('booking.myBooking.linkInvalid')}</Alert>}
        <RequestLink />
      </section>
    );
  return (
    <section className="my-booking">
      <h1>{t('booking.myBooking.title')}</h1>
      <p>{t('booking.myBooking.hello', { name: `${page.firstName} ${page.lastName}` })}</p>
      {page.bookings.length === 0 && <p>{t('booking.myBooking.none')}</p>}
      {page.bookings.map((b) => (
        <BookingCard
          key={b.rentingId}
          booking={b}
          payment={page.payments.find((p) => p.rentingId === b.rentingId)}
          handover={page.handovers.find((h) => h.rentingId === b.rentingId)}
          token={page.token}
        />
      ))}
      <PersonalData page={page} />
      <MyDocuments token={page.token} />
      <Erasure token={page.token} />
      <p className="my-booking-expiry">{t('booking.myBooking.expires', { date: formatDate(page.linkExpiresAt, currentLanguage(i18n)) })}</p>
    </section>
  );
}

/**
 * What the residence stores about the renter, and all of it as a JSON file to download (GDPR art. 15
 * and 20): the page's data (with the payments as records of their own), the mails to the renter and
 * the list of their documents (each downloads on its own from the page).
 */
function PersonalData({ page }: { page: Page }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  // Codes are shown as the booking form offered them, in the reader's language.
  const shown = (field: (typeof PERSONAL)[number]): string => {
    const value = page[field];
    switch (field) {
      case 'country':
        return countryName(value, language);
      case 'nationality':
        return nationalityName(value, language);
      case 'gender':
        return ['male', 'female', 'various'].includes(value) ? t(`booking.form.${value}`) : value;
      case 'language':
        return value === 'de' || value === 'en' ? t(`header.${value}`) : value;
      case 'birthday':
        return formatDate(value, language);
      default:
        return value;
    }
  };
  const client = useApolloClient();
  const [problem, setProblem] = useState<Message>();
  const download = async () => {
    setProblem(undefined);
    let mails, documents;
    try {
      [mails, documents] = await Promise.all([
        client.query({ query: MY_MAILS, variables: { token: page.token }, fetchPolicy: 'network-only' }).then((r) => r.data?.renterPage?.mails ?? []),
        fetchMyDocuments(page.token),
      ]);
    } catch (e) {
      setProblem(describeRequestError(e));
      return;
    }
    // Everything the page shows but the link itself, the mails to the renter and their documents' list; Apollo's type names left out.
    const all = { ...page, mails, documents };
    const data = JSON.stringify(all, (key, value: unknown) => (key === '__typename' || key === 'token' || key === 'linkExpiresAt' ? undefined : value), 2);
    const file = new Blob([data], { type: 'application/json' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(file);
    link.download = 'my-data.json';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <section aria-labelledby="my-data">
      <h2 id="my-data">{t('booking.myBooking.data.title')}</h2>
      <dl className="booking-summary">
        {PERSONAL.map((field) => (
          <div key={field}>
            <dt>{t(`booking.myBooking.data.${field}`)}</dt>
            <dd>{shown(field)}</dd>
          </div>
        ))}
      </dl>
      <AntdScope>
        {problem && <ErrorAlert message={problem} focus />}
        <Button onClick={() => void download()}>{t('booking.myBooking.data.download')}</Button>
      </AntdScope>
    </section>
  );
}

function formatDate(value: string, language: 'de' | 'en'): string {
  return new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(value));
}

function BookingCard({ booking: b, payment, handover, token }: { booking: Booking; payment?: Payment; handover?: Handover; token: string }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const id = encodeURIComponent(b.rentingId);
  const headingId = `booking-${b.rentingId}`;
  return (
    <article className="my-booking-card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {t('booking.myBooking.bookingTitle', { apartment: b.apartment.name, semester: b.semester.name })}
      </h2>
      <p>
        {t('booking.myBooking.stay', { from: formatDate(b.semester.startDate, language), to: formatDate(b.semester.endDate, language) })}{' '}
        <strong>{t(`booking.myBooking.state.${b.state}`, { defaultValue: b.state })}</strong>
      </p>
      {!b.renewal && (
        <ol className="my-booking-steps">
          {STEPS.map(([key, field]) => {
            const done = b[field];
            return (
              <li key={key} data-done={done ? 'true' : 'false'}>
                <span aria-hidden="true">{done ? '✓' : '○'}</span> {t(`booking.myBooking.steps.${key}`)}:{' '}
                {done ? formatDate(done, language) : t('booking.myBooking.steps.open')}
              </li>
            );
          })}
        </ol>
      )}
      {payment && <PaymentLine payment={payment} />}
      <BookingFiles token={token} rentingId={b.rentingId} state={b.state} contractSignedDate={b.contractSignedDate} paidDate={b.paidDate} />
      {b.accessKey && (
        <p>
          {t('booking.myBooking.keyCode')} <strong>{b.accessKey}</strong>
        </p>
      )}
      {b.state === 'APARTMENT_REQUESTED' && (
        <>
          <p>{t('booking.myBooking.actions.confirm')}</p>
          <ConfirmAgain token={token} rentingId={b.rentingId} />
          <Withdraw token={token} rentingId={b.rentingId} />
        </>
      )}
      {b.state === 'SELECT_APARTMENT' && <Link to={`/booking/step1?booking=failed&rentingId=${id}`}>{t('booking.myBooking.actions.reselect')}</Link>}
      {b.state === 'CONTRACT_REQUESTED' && <Link to={`/booking/step4?rentingId=${id}`}>{t('booking.myBooking.actions.sign')}</Link>}
      {(b.state === 'CONTRACT_SIGNED' || b.state === 'UNPAID') && <Link to={`/booking/step5?rentingId=${id}`}>{t('booking.myBooking.actions.pay')}</Link>}
      {b.state === 'RENEWAL_REQUEST' && (
        <RenewalAnswer token={token} rentingId={b.rentingId} deadline={b.renewalDeadline ? formatDate(b.renewalDeadline, language) : ''} />
      )}
      {handover && <HandoverSection handover={handover} token={token} />}
    </article>
  );
}

/** The booking's payment: its amount and where it stands, the day paid and the receipt's number once paid. */
function PaymentLine({ payment }: { payment: Payment }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  // The payment service charges in euros only; another currency would be named as it comes.
  const amount = payment.currency === 'EUR' ? formatMoney(payment.amount, language) : `${payment.amount} ${payment.currency}`;
  const paid = payment.status === 'PAID' && payment.paidAt;
  return (
    <p className="my-booking-payment">
      {paid
        ? t('booking.renterPage.payment.PAID', { amount, date: formatDate(paid, language), number: payment.receiptNumber })
        : t(`booking.renterPage.payment.${payment.status === 'FAILED' ? 'FAILED' : 'OPEN'}`, { amount })}
    </p>
  );
}

/** Withdraws a request whose e-mail address is not confirmed yet; the page then shows it cancelled. */
function Withdraw({ token, rentingId }: { token: string; rentingId: string }) {
  const { t } = useTranslation();
  const [withdraw, { loading }] = useMutation(WITHDRAW_REQUEST, { refetchQueries: [RENTER_PAGE], awaitRefetchQueries: true });
  const [problem, setProblem] = useState<Message>();
  const onClick = async () => {
    setProblem(undefined);
    try {
      const { data } = await withdraw({ variables: { token, rentingId } });
      const exception = data?.withdrawRentingRequest.exception;
      if (exception) setProblem({ key: `validation.${exception.messageId}`, values: exceptionValues(exception) });
    } catch (e) {
      setProblem(describeRequestError(e));
    }
  };
  return (
    <AntdScope>
      {problem && <ErrorAlert message={problem} focus />}
      <Button danger loading={loading} onClick={onClick}>
        {t('booking.myBooking.actions.withdraw')}
      </Button>
    </AntdScope>
  );
}

/** Asks for a new link by e-mail address; the answer is the same whether the address is known or not. */
function RequestLink() {
  const { t } = useTranslation();
  const [request, { loading }] = useMutation(REQUEST_PAGE_LINK);
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<Message>();
  const onFinish = async ({ email }: { email: string }) => {
    setProblem(undefined);
    try {
      const { data } = await request({ variables: { email: email.trim() } });
      const exception = data?.requestRenterPageLink.exception;
      if (exception) setProblem({ key: `validation.${exception.messageId}`, values: exceptionValues(exception) });
      else setSent(true);
    } catch (e) {
      setProblem(describeRequestError(e));
    }
  };
  if (sent) return <p role="status">{t('booking.myBooking.sent')}</p>;
  return (
    <AntdScope>
      <Form layout="vertical" onFinish={onFinish} className="my-booking-request" disabled={loading}>
        <p>{t('booking.myBooking.requestText')}</p>
        {problem && <ErrorAlert message={problem} focus />}
        <Form.Item name="email" label={t('booking.myBooking.email')} rules={[{ required: true, message: t('validation.required') }]}>
          <Input inputMode="email" autoComplete="email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={loading}>
          {t('booking.myBooking.request')}
        </Button>
      </Form>
    </AntdScope>
  );
}
