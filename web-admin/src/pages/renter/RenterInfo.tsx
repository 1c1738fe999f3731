import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Col, Descriptions, Modal, Row, Space, Spin, Typography } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../apollo/errors';
import { formatDate } from '../../lib/date';
import { StatusTag } from '../../components/StatusTag/StatusTag';
import { RenterAuditLog } from './RenterAuditLog';
import { APPROVE_IDENTITY_CARD, FREE_APARTMENT, RENTER_WITH_DOCUMENT, type Booking, type RenterDetail } from './RenterInfo.graphql';
import { RENTERS_BY_LETTER } from './RentersPage.graphql';

const DONE = { background: '#f6ffed', borderColor: '#52c41a' };
const OPEN = { background: '#fff7e6', borderColor: '#fa8c16' };

function Milestone({ title, done, children }: { title: string; done: boolean; children: ReactNode }) {
  return (
    <Card size="small" title={title} style={done ? DONE : OPEN} data-testid={`milestone-${title}`} data-done={done}>
      {children}
    </Card>
  );
}

export function salutation(gender: string): string {
  if (gender === 'male') return 'Herr';
  if (gender === 'female') return 'Frau';
  return '';
}

function BookingBlock({
  booking,
  onApprove,
  approving,
  onDelete,
}: {
  booking: Booking;
  onApprove: (rentingId: string) => void;
  approving: boolean;
  onDelete: (booking: Booking) => void;
}) {
  const b = booking;
  const canApprove = !b.renterIsUnlocked && b.renterEmailConfirmed;
  return (
    <Card
      data-testid={`booking-${b.rentingId}`}
      title={
        <span>
          {b.semester.name} ({formatDate(b.semester.startDate)} – {formatDate(b.semester.endDate)})
        </span>
      }
      extra={
        <Button type="link" danger onClick={() => onDelete(b)}>
          Vertrag löschen
        </Button>
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
                style={{ background: '#ad4e00', borderColor: '#ad4e00', color: '#fff' }}
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
          </Milestone>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Milestone title="Zahlung" done={b.apartmentPaid}>
            <div>Bezahlt: {formatDate(b.paidDate)}</div>
          </Milestone>
        </Col>
      </Row>
      <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
        {b.accessKey && b.apartmentPaid && (
          <Descriptions.Item label="Schlüsselcode">
            {b.accessKey} (gesendet {formatDate(b.paidDate)})
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
    </Card>
  );
}

function PersonalData({ renter }: { renter: RenterDetail }) {
  return (
    <Card title="Persönliche Daten" style={{ marginBottom: 16 }}>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="Anrede">{salutation(renter.gender)}</Descriptions.Item>
        <Descriptions.Item label="Name">
          {renter.firstName} {renter.lastName}
        </Descriptions.Item>
        <Descriptions.Item label="Straße">{renter.street}</Descriptions.Item>
        <Descriptions.Item label="PLZ">{renter.zip}</Descriptions.Item>
        <Descriptions.Item label="Ort">{renter.city}</Descriptions.Item>
        <Descriptions.Item label="Land">{renter.country}</Descriptions.Item>
        <Descriptions.Item label="Geburtstag">{formatDate(renter.birthday)}</Descriptions.Item>
        <Descriptions.Item label="Telefon">{renter.phone}</Descriptions.Item>
        <Descriptions.Item label="E-Mail">
          <a href={`mailto:${renter.email}`}>{renter.email}</a>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

const IDENTITY_TYPES = new Set(['IDENTITY_CARD_FRONT', 'IDENTITY_CARD_BACK']);

function Documents({ renter }: { renter: RenterDetail }) {
  const others = renter.documents.filter((d) => !IDENTITY_TYPES.has(d.type));
  return (
    <Card title="Dokumente">
      <Space orientation="vertical">
        <a href={`/api/renter/${renter.id}/identity/front`} target="_blank" rel="noreferrer" download={`personalausweis-vorne-${renter.id}`}>
          Personalausweis Vorderseite
        </a>
        <a href={`/api/renter/${renter.id}/identity/back`} target="_blank" rel="noreferrer" download={`personalausweis-hinten-${renter.id}`}>
          Personalausweis Rückseite
        </a>
        {others.map((d) => (
          <a key={d.id} href={d.link} target="_blank" rel="noreferrer">
            {d.description} ({formatDate(d.uploaded)})
          </a>
        ))}
      </Space>
    </Card>
  );
}

export const DELETE_WARNINGS = [
  'Dies kann nicht rückgängig gemacht werden.',
  'Alle Buchungen dieser Wohnung in diesem Semester werden gelöscht.',
  'Es werden keine Stornorechnungen erstellt.',
  'Es werden keine Rückerstattungen veranlasst.',
];

export default function RenterInfo({ id }: { id: number }) {
  const navigate = useNavigate();
  const { data, loading, error, refetch } = useQuery(RENTER_WITH_DOCUMENT, { variables: { id } });
  const [approve, approveState] = useMutation(APPROVE_IDENTITY_CARD, { refetchQueries: ['RenterAuditLog'] });
  const [free, freeState] = useMutation(FREE_APARTMENT, { refetchQueries: [RENTERS_BY_LETTER] });
  const [toDelete, setToDelete] = useState<Booking>();
  const [actionError, setActionError] = useState<string>();

  const onApprove = async (rentingId: string) => {
    setActionError(undefined);
    if (!rentingId) {
      setActionError('rentingId was not present');
      return;
    }
    try {
      await approve({ variables: { rentingId } });
      await refetch();
    } catch (e) {
      setActionError(errorMessage(e));
    }
  };

  const onConfirmDelete = async () => {
    if (!toDelete) return;
    setActionError(undefined);
    try {
      await free({ variables: { apartmentId: toDelete.apartment.id, semesterId: toDelete.semester.id } });
      setToDelete(undefined);
      navigate('/mieter');
    } catch (e) {
      setToDelete(undefined);
      setActionError(errorMessage(e));
    }
  };

  if (error) return <Alert type="error" title={errorMessage(error)} />;
  if (loading && !data) return <Spin />;
  const renter = data?.renterWithDocument;
  if (!renter) return <Alert type="warning" title={`Kein Mieter mit der Nummer ${id} gefunden.`} />;

  return (
    <div>
      <Space style={{ justifyContent: 'space-between', width: '100%', marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {renter.lastName}, {renter.firstName}
        </Typography.Title>
        <Link to={`/mieter/${id}/edit`}>
          <Button>Bearbeiten</Button>
        </Link>
      </Space>
      {actionError && <Alert type="error" title={actionError} style={{ marginBottom: 16 }} />}
      <Typography.Title level={4}>Buchungen</Typography.Title>
      {renter.bookings.length === 0 && <Typography.Paragraph>Keine Buchungen.</Typography.Paragraph>}
      {renter.bookings.map((b) => (
        <BookingBlock key={b.rentingId} booking={b} onApprove={onApprove} approving={approveState.loading} onDelete={setToDelete} />
      ))}
      <PersonalData renter={renter} />
      <Card title="Notizen" style={{ marginBottom: 16 }} data-testid="notes">
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{renter.notes}</Typography.Paragraph>
      </Card>
      <Documents renter={renter} />
      <RenterAuditLog id={id} />
      <Modal
        open={toDelete !== undefined}
        title={<span style={{ color: '#cf1322' }}>Vertrag löschen</span>}
        okText="Löschen"
        cancelText="Abbrechen"
        okButtonProps={{ danger: true, loading: freeState.loading }}
        onOk={onConfirmDelete}
        onCancel={() => setToDelete(undefined)}
        styles={{ container: { border: '2px solid #cf1322' } }}
      >
        {toDelete && (
          <Typography.Paragraph>
            {toDelete.apartment.name}, {toDelete.semester.name}
          </Typography.Paragraph>
        )}
        <ul style={{ color: '#cf1322' }}>
          {DELETE_WARNINGS.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      </Modal>
    </div>
  );
}
