import { useState } from 'react';
import { Alert, Button, Descriptions, Image, List, Space, Tag, Typography } from 'antd';
import { useQuery } from '@apollo/client/react';
import { errorMessage, exceptionText } from '../../apollo/errors';
import type { BookingCardFieldsFragment as Booking, HandoverFormQuery } from '../../graphql/graphql';
import { formatDate } from '../../lib/date';
import { formatCents } from '../../lib/money';
import { HANDOVER_FORM, type Handover } from './Handover.graphql';
import { HANDOVER_STATUS, today } from './handover';
import { RecordHandoverDialog } from './RecordHandoverDialog';
import { SETTLEMENT_METHODS, SettleDepositDialog } from './SettleDepositDialog';

/** Where the office opens a handover photo (the document service's route, audited). */
const photoURL = (documentId: string) => `/api/documents/${encodeURIComponent(documentId)}`;

/** The renter has neither answered nor let the deadline pass: the deposit cannot be settled yet. */
const awaitsRenter = (h: Handover) => h.status === 'RECORDED' && today() <= h.answerDeadline;

function Damages({ handover: h }: { handover: Handover }) {
  if (h.damages.length === 0) return <>keine</>;
  return (
    <List
      size="small"
      dataSource={h.damages}
      renderItem={(d, i) => (
        <List.Item key={i}>
          <Space orientation="vertical">
            <span>
              {d.description}: {formatCents(d.amountCents)}
              {d.waived && ' (erlassen)'}
            </span>
            {d.photos.length > 0 && (
              <Image.PreviewGroup>
                <Space>
                  {d.photos.map((p, j) => (
                    <Image key={p.documentId} src={photoURL(p.documentId)} width={64} height={64} style={{ objectFit: 'cover' }} alt={`Foto ${j + 1}: ${d.description}`} />
                  ))}
                </Space>
              </Image.PreviewGroup>
            )}
          </Space>
        </List.Item>
      )}
    />
  );
}

/** What was recorded at the handover, the renter's answer, the deposit's way back and the settlement. */
function HandoverDetails({ handover: h, title, renterId }: { handover: Handover; title: string; renterId: number }) {
  const [settling, setSettling] = useState(false);
  const status = HANDOVER_STATUS[h.status];
  const waiting = awaitsRenter(h);
  return (
    <section aria-label="Übergabe" data-testid={`handover-${h.rentingId}`} style={{ marginTop: 12 }}>
      <Typography.Title level={5}>Übergabe</Typography.Title>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="Übergeben am">{formatDate(h.date)}</Descriptions.Item>
        <Descriptions.Item label="Status">
          <Tag color={status.color}>{status.text}</Tag>
          {h.status === 'DISPUTED' && h.disputeReason && <span>Grund: „{h.disputeReason}“</span>}
        </Descriptions.Item>
        {h.meterReadings.length > 0 && (
          <Descriptions.Item label="Zählerstände">{h.meterReadings.map((r) => `${r.meter}: ${r.value}`).join('; ')}</Descriptions.Item>
        )}
        <Descriptions.Item label="Schäden">
          <Damages handover={h} />
        </Descriptions.Item>
        <Descriptions.Item label="Kaution">{formatCents(h.depositCents)}</Descriptions.Item>
        <Descriptions.Item label="Abzüge">{formatCents(h.deductionsCents)}</Descriptions.Item>
        <Descriptions.Item label="Erstattung">{formatCents(h.refundCents)}</Descriptions.Item>
        <Descriptions.Item label="Antwort des Mieters bis">
          {formatDate(h.answerDeadline)}
          {h.answeredAt && ` (beantwortet am ${formatDate(h.answeredAt)})`}
        </Descriptions.Item>
        <Descriptions.Item label="Abrechnung bis">{formatDate(h.settlementDeadline)}</Descriptions.Item>
        {h.settlement && (
          <Descriptions.Item label="Kaution abgerechnet">
            am {formatDate(h.settlement.settledAt)}: {SETTLEMENT_METHODS[h.settlement.method]}, {formatCents(h.settlement.refundCents)} zurück
            {h.settlement.bankReference && ` (Referenz ${h.settlement.bankReference})`}
          </Descriptions.Item>
        )}
      </Descriptions>
      {!h.settlement && (
        <Space orientation="vertical">
          <Button type="primary" disabled={waiting} onClick={() => setSettling(true)}>
            Kaution abrechnen
          </Button>
          {waiting && <Typography.Text type="secondary">{exceptionText({ messageId: 'HANDOVER_AWAITS_RENTER', params: [{ key: 'deadline', value: h.answerDeadline }] })}</Typography.Text>}
        </Space>
      )}
      {settling && <SettleDepositDialog handover={h} title={title} renterId={renterId} onClose={() => setSettling(false)} />}
    </section>
  );
}

type HandoverForm = HandoverFormQuery['handoverForm'];

/** "Übergabe erfassen" for a booking that ends, once the server says a handover can be recorded. */
function RecordHandover({ booking: b, form, title, renterId }: { booking: Booking; form: HandoverForm; title: string; renterId: number }) {
  const [recording, setRecording] = useState(false);
  if (form.refusal) return null;
  return (
    <div style={{ marginTop: 12 }}>
      <Button onClick={() => setRecording(true)}>Übergabe erfassen</Button>
      {recording && (
        <RecordHandoverDialog
          rentingId={b.rentingId}
          title={title}
          meters={form.meters}
          depositCents={form.depositCents}
          renterId={renterId}
          onClose={() => setRecording(false)}
        />
      )}
    </div>
  );
}

/**
 * The handover part of a paid booking's card, from its form: once recorded, what it says and the
 * deposit's settlement; before, for a booking that ends, "Übergabe erfassen".
 */
export function HandoverSection({ booking: b, renterId }: { booking: Booking; renterId: number }) {
  const { data, error } = useQuery(HANDOVER_FORM, { variables: { rentingId: b.rentingId } });
  const title = `${b.apartment.name}, ${b.semester.name}`;
  if (error) return <Alert type="error" title={errorMessage(error)} style={{ marginTop: 12 }} />;
  const form = data?.handoverForm;
  if (!form) return null;
  if (form.handover) return <HandoverDetails handover={form.handover} title={title} renterId={renterId} />;
  return <RecordHandover booking={b} form={form} title={title} renterId={renterId} />;
}
