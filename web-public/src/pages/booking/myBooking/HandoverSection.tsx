import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';
import { describeRequestError, exceptionValues, type Message, type UserDataException } from '../../../lib/errors';
import type { Language } from '../../../lib/language';
import { formatDay, formatMoney } from '../../../lib/money';
import { AntdScope } from '../../../components/Antd/AntdScope';
import { ErrorAlert } from '../../../components/Message/ShowMessage';
import type { MyHandoverFieldsFragment } from '../../../graphql/graphql';
import { RENTER_PAGE } from '../MyBooking.graphql';
import { CONFIRM_HANDOVER, DISPUTE_HANDOVER } from './Handover.graphql';
import './HandoverSection.css';

/** The most a dispute's reason may say, as the renting service allows. */
const REASON_MAX = 1000;

/** The residence's time zone, in which the renter's answer deadline ends. */
const RESIDENCE_TIME_ZONE = 'Europe/Berlin';

/** Today in the residence's time zone, yyyy-MM-dd (en-CA writes days so). */
export function residenceToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: RESIDENCE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The photo of a damage as the renter's page link opens it (the document service checks the token). */
export function photoUrl(rentingId: string, documentId: string, token: string): string {
  return `/api/my-booking/${encodeURIComponent(rentingId)}/photo-${encodeURIComponent(documentId)}?${new URLSearchParams({ token }).toString()}`;
}

const euros = (cents: number, language: Language) => formatMoney(cents / 100, language);

/**
 * The handover of a renting that ended, as the office recorded it when the renter moved out: the
 * day, the meters, the damages with what each keeps of the deposit and their photos, what comes back,
 * and where it stands. While it is recorded and the answer deadline has not passed, the renter
 * confirms it or disputes it with a reason; once settled, it shows how the refund came.
 */
export function HandoverSection({ handover: h, token }: { handover: MyHandoverFieldsFragment; token: string }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const headingId = `handover-${h.rentingId}`;
  const open = h.status === 'RECORDED' && residenceToday() <= h.answerDeadline;
  return (
    <section className="my-handover" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('booking.renterPage.handover.title')}</h3>
      <p>
        {t('booking.renterPage.handover.statusLabel')} <strong>{t(`booking.renterPage.handover.status.${h.status}`)}</strong>
      </p>
      <dl className="my-handover-facts">
        <div>
          <dt>{t('booking.renterPage.handover.date')}</dt>
          <dd>{formatDay(h.date, language)}</dd>
        </div>
        {h.meterReadings.map((m) => (
          <div key={m.meter}>
            <dt>{t('booking.renterPage.handover.meter', { meter: m.meter })}</dt>
            <dd>{m.value}</dd>
          </div>
        ))}
      </dl>
      <Damages handover={h} token={token} language={language} />
      <dl className="my-handover-facts">
        <div>
          <dt>{t('booking.renterPage.handover.deposit')}</dt>
          <dd>{euros(h.depositCents, language)}</dd>
        </div>
        <div>
          <dt>{t('booking.renterPage.handover.deductions')}</dt>
          <dd>{euros(h.deductionsCents, language)}</dd>
        </div>
        <div>
          <dt>{t('booking.renterPage.handover.refund')}</dt>
          <dd>{euros(h.refundCents, language)}</dd>
        </div>
      </dl>
      <Answer handover={h} language={language} />
      {open && <AnswerActions token={token} rentingId={h.rentingId} />}
      {h.settlement && <Settlement settlement={h.settlement} language={language} />}
    </section>
  );
}

function Damages({ handover: h, token, language }: { handover: MyHandoverFieldsFragment; token: string; language: Language }) {
  const { t } = useTranslation();
  if (h.damages.length === 0) return <p>{t('booking.renterPage.handover.noDamages')}</p>;
  return (
    <>
      <h4>{t('booking.renterPage.handover.damages')}</h4>
      <ul className="my-handover-damages">
        {h.damages.map((d, i) => (
          <li key={i}>
            <span>{d.description}</span>: <strong>{euros(d.amountCents, language)}</strong>
            {d.waived && <> ({t('booking.renterPage.handover.waived')})</>}
            {d.photos.length > 0 && (
              <span className="my-handover-photos">
                {d.photos.map((p, j) => {
                  const url = photoUrl(h.rentingId, p.documentId, token);
                  const alt = t('booking.renterPage.handover.photo', { number: j + 1, damage: d.description });
                  return (
                    <a key={p.documentId} href={url} target="_blank" rel="noreferrer">
                      <img src={url} alt={alt} width={96} height={96} loading="lazy" />
                    </a>
                  );
                })}
              </span>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Until when the renter answers, or what they answered. */
function Answer({ handover: h, language }: { handover: MyHandoverFieldsFragment; language: Language }) {
  const { t } = useTranslation();
  const deadline = formatDay(h.answerDeadline, language);
  const answeredOn = h.answeredAt ? formatDay(h.answeredAt, language) : '';
  if (h.disputeReason)
    return (
      <p>
        {t('booking.renterPage.handover.disputed', { date: answeredOn })} <q>{h.disputeReason}</q>
      </p>
    );
  if (h.answeredAt) return <p>{t('booking.renterPage.handover.confirmed', { date: answeredOn })}</p>;
  if (h.status !== 'RECORDED') return null;
  return <p>{t(residenceToday() <= h.answerDeadline ? 'booking.renterPage.handover.answerBy' : 'booking.renterPage.handover.expired', { date: deadline })}</p>;
}

function Settlement({ settlement: s, language }: { settlement: NonNullable<MyHandoverFieldsFragment['settlement']>; language: Language }) {
  const { t } = useTranslation();
  const values = { date: formatDay(s.settledAt, language), amount: euros(s.refundCents, language), reference: s.bankReference ?? '' };
  const way = s.refundCents === 0 ? 'nothing' : s.method;
  return <p className="my-handover-settlement">{t(`booking.renterPage.handover.settled.${way}`, values)}</p>;
}

/** "Confirm handover" and "Dispute" (with a reason); the page shows the answer once it is taken. */
function AnswerActions({ token, rentingId }: { token: string; rentingId: string }) {
  const { t } = useTranslation();
  const options = { refetchQueries: [RENTER_PAGE], awaitRefetchQueries: true };
  const [confirm, confirming] = useMutation(CONFIRM_HANDOVER, options);
  const [dispute, disputing] = useMutation(DISPUTE_HANDOVER, options);
  const [disputeOpen, setDisputeOpen] = useState(false);
  const [problem, setProblem] = useState<Message>();
  const answer = async (send: () => Promise<UserDataException | null | undefined>) => {
    setProblem(undefined);
    try {
      const exception = await send();
      if (exception) setProblem({ key: `validation.${exception.messageId}`, values: exceptionValues(exception) });
    } catch (e) {
      setProblem(describeRequestError(e));
    }
  };
  const onConfirm = () => answer(async () => (await confirm({ variables: { token, rentingId } })).data?.confirmHandover.exception);
  const onDispute = ({ reason }: { reason: string }) =>
    answer(async () => (await dispute({ variables: { token, rentingId, reason: reason.trim() } })).data?.disputeHandover.exception);
  const busy = confirming.loading || disputing.loading;
  return (
    <AntdScope>
      {problem && <ErrorAlert message={problem} focus />}
      {!disputeOpen ? (
        <div className="my-handover-actions">
          <Button type="primary" loading={confirming.loading} disabled={busy} onClick={() => void onConfirm()}>
            {t('booking.renterPage.handover.confirm')}
          </Button>
          <Button disabled={busy} onClick={() => setDisputeOpen(true)}>
            {t('booking.renterPage.handover.dispute')}
          </Button>
        </div>
      ) : (
        <Form layout="vertical" onFinish={(v: { reason: string }) => void onDispute(v)} disabled={busy} className="my-handover-dispute">
          <Form.Item
            name="reason"
            label={t('booking.renterPage.handover.reason')}
            rules={[
              { required: true, whitespace: true, message: t('validation.required') },
              { max: REASON_MAX, message: t('validation.STRING_MAX', { max: REASON_MAX }) },
            ]}
          >
            <Input.TextArea rows={4} maxLength={REASON_MAX} showCount />
          </Form.Item>
          <div className="my-handover-actions">
            <Button type="primary" danger htmlType="submit" loading={disputing.loading}>
              {t('booking.renterPage.handover.sendDispute')}
            </Button>
            <Button onClick={() => setDisputeOpen(false)}>{t('booking.renterPage.handover.cancel')}</Button>
          </div>
        </Form>
      )}
    </AntdScope>
  );
}
