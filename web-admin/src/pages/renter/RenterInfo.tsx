import { useState } from 'react';
import { Alert, Button, Card, Space, Spin, Typography } from 'antd';
import { useQuery } from '@apollo/client/react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../apollo/errors';
import type { BookingCardFieldsFragment as Booking } from '../../graphql/graphql';
import { BookingCard } from './BookingCard';
import { DeleteContractDialog } from './DeleteContractDialog';
import { PersonalData } from './PersonalData';
import { RenterAuditLog } from './RenterAuditLog';
import { RenterDocuments } from './RenterDocuments';
import { RENTER_WITH_DOCUMENT, useApproveIdentityCard, useFreeApartment } from './RenterInfo.graphql';

/** A renter's page: bookings (approve, delete a contract), personal data, notes, documents, Protokoll. */
export default function RenterInfo({ id }: { id: number }) {
  const navigate = useNavigate();
  const { data, loading, error } = useQuery(RENTER_WITH_DOCUMENT, { variables: { id } });
  const [approve, approveState] = useApproveIdentityCard(id);
  const [free, freeState] = useFreeApartment();
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
        <BookingCard key={b.rentingId} booking={b} onApprove={onApprove} approving={approveState.loading} onDelete={setToDelete} renterId={id} />
      ))}
      <PersonalData renter={renter} />
      <Card title="Notizen" style={{ marginBottom: 16 }} data-testid="notes">
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{renter.notes}</Typography.Paragraph>
      </Card>
      <RenterDocuments renter={renter} />
      <RenterAuditLog id={id} />
      <DeleteContractDialog booking={toDelete} deleting={freeState.loading} onConfirm={onConfirmDelete} onCancel={() => setToDelete(undefined)} />
    </div>
  );
}
