import { useState, type ReactNode } from 'react';
import { Button, Card, Col, Descriptions, Row, Space, theme } from 'antd';
import type { BookingCardFieldsFragment as Booking } from '../../graphql/graphql';
import { formatDate } from '../../lib/date';
import { StatusTag } from '../../components/StatusTag/StatusTag';
import { attention } from '../../theme';
import { formatCents } from '../../lib/money';
import { CancelBookingDialog } from './CancelBookingDialog';
import { HandoverSection } from './HandoverSection';
import { ReissueContractButton } from './ReissueContractButton';
import { RenewalActions } from './RenewalActions';
import { RentingLedger } from './RentingLedger';

/** One step of a booking: green when done, orange while open. */
/** Whether the key-code mail went out ('gesendet am …') or when it will ('wird am … gesendet'). */
export function keyCodeMail(b: Pick<Booking, 'keyCodeSentDate' | 'keyCodeDueDate'>): string {
  if (b.keyCodeSentDate) return `gesendet am ${formatDate(b.keyCodeSentDate)}`;
  if (b.keyCodeDueDate) return `wird am ${formatDate(b.keyCodeDueDate)} gesendet`;
  return 'noch nicht gesendet';
}

function Milestone({ title, done, children }: { title: string; done: boolean; children: ReactNode }) {
  const { token } = theme.useToken();
  const style = done ? { background: token.colorSuccessBg, borderColor: token.colorSuccess } : attention(token);
  return (
    <Card size="small" title={title} style={style} data-testid={`milestone-${title}`} data-done={done}>
      {children}
    </Card>
  );
}

/** A booking with its milestones (e-mail, approval, contract, payment), key code, links, handover and ledger. */
export function BookingCard({
  booking: b,
  onApprove,
  approving,
  onDelete,
  renterId,
}: {
  booking: Booking;
  renterId: number;
  onApprove: (rentingId: string) => void;
  approving: boolean;
  onDelete: (booking: Booking) => void;
}) {
  const { token } = theme.useToken();
  const canApprove = !b.renterIsUnlocked && b.renterEmailConfirmed;
  const [cancelling, setCancelling] = useState(false);
  return (
    <Card
      data-testid={`booking-${b.rentingId}`}
      title={
        <span>
          {b.semester.name} ({formatDate(b.semester.startDate)} – {formatDate(b.semester.endDate)})
        </span>
      }
      extra={
        <Space>
          {b.state !== 'CANCELED' && (
            <Button danger onClick={() => setCancelling(true)}>
              Buchung stornieren
            </Button>
          )}
          <Button type="link" danger onClick={() => onDelete(b)}>
            Vertrag löschen
          </Button>
        </Space>
      }
      style={{ marginBottom: 16 }}
    >
      <Space style={{ marginBottom: 12 }}>
        <span>Wohnung: {b.apartment.name}</span>
        <StatusTag state={b.state} />
      </Space>
      <Row gutter={[12, 12]}>
        <Col xs={24} md={12} xl={6}>
          <Milestone title="E-Mail" done={b.renterEmailConfirmed}>
            <div>{b.renterEmailConfirmed ? 'Bestätigt' : 'Nicht bestätigt'}</div>
            <div>Angelegt: {formatDate(b.createdDate)}</div>
            <div>Bestätigt: {formatDate(b.emailConfirmedDate)}</div>
          </Milestone>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Milestone title="Freischaltung" done={b.renterIsUnlocked}>
            {canApprove ? (
              <Button
                style={{ background: token.orange8, borderColor: token.orange8, color: token.colorTextLightSolid }}
                loading={approving}
                onClick={() => onApprove(b.rentingId)}
              >
                Freischalten
              </Button>
            ) : (
              <div>Freigeschaltet: {formatDate(b.ownerAcknowledgedDate)}</div>
            )}
          </Milestone>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Milestone title="Mietvertrag" done={b.contractSigned}>
            <div>Angefordert: {formatDate(b.contractRequestedDate)}</div>
            <div>Unterschrieben: {formatDate(b.contractSignedDate)}</div>
            {b.state === 'CONTRACT_REQUESTED' && <ReissueContractButton rentingId={b.rentingId} renterId={renterId} />}
          </Milestone>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Milestone title="Zahlung" done={b.apartmentPaid}>
            <div>Bezahlt: {formatDate(b.paidDate)}</div>
            {b.inPayment && <div>In Zahlung (Lastschrift unterwegs)</div>}
          </Milestone>
        </Col>
      </Row>
      <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
        {b.cancellation && (
          <Descriptions.Item label="Storniert">
            {b.cancellation.reason}; Erstattung: {b.cancellation.refundCents > 0 ? formatCents(b.cancellation.refundCents) : 'keine'}
          </Descriptions.Item>
        )}
        {b.disputeStatus && <Descriptions.Item label="Zahlung angefochten">{b.disputeStatus}</Descriptions.Item>}
        {b.refundFailure !== null && b.refundFailure !== undefined && (
          <Descriptions.Item label="Erstattung fehlgeschlagen">{b.refundFailure || 'ohne Angabe des Zahlungsanbieters'}</Descriptions.Item>
        )}
        {b.accessKey && b.apartmentPaid && (
          <Descriptions.Item label="Schlüsselcode">
            {b.accessKey} ({keyCodeMail(b)})
          </Descriptions.Item>
        )}
        {b.signingLink && (
          <Descriptions.Item label="Link zur Vertragsunterzeichnung">
            <a href={b.signingLink} target="_blank" rel="noreferrer">
              {b.signingLink}
            </a>
          </Descriptions.Item>
        )}
        {b.paymentLink && (
          <Descriptions.Item label="Link zur Zahlung">
            <a href={b.paymentLink} target="_blank" rel="noreferrer">
              {b.paymentLink}
            </a>
          </Descriptions.Item>
        )}
      </Descriptions>
      <RenewalActions booking={b} renterId={renterId} />
      {b.state === 'PAYED' && <HandoverSection booking={b} renterId={renterId} />}
      {b.contractSigned && <RentingLedger rentingId={b.rentingId} />}
      {cancelling && <CancelBookingDialog booking={b} renterId={renterId} onClose={() => setCancelling(false)} />}
    </Card>
  );
}
