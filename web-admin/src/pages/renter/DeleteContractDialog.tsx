import { Modal, Typography, theme } from 'antd';
import type { BookingCardFieldsFragment as Booking } from '../../graphql/graphql';

export const DELETE_WARNINGS = [
  'Dies kann nicht rückgängig gemacht werden.',
  'Alle Buchungen dieser Wohnung in diesem Semester werden gelöscht.',
  'Es werden keine Stornorechnungen erstellt.',
  'Es werden keine Rückerstattungen veranlasst.',
  'Ist ein Vertrag schon verschickt, unterschrieben oder bezahlt, wird nichts gelöscht: diese Buchung stornieren.',
];

/** The red confirmation before a booking's contract is deleted; open while booking is set. */
export function DeleteContractDialog({
  booking,
  deleting,
  onConfirm,
  onCancel,
}: {
  booking: Booking | undefined;
  deleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { token } = theme.useToken();
  return (
    <Modal
      open={booking !== undefined}
      title={<span style={{ color: token.red7 }}>Vertrag löschen</span>}
      okText="Löschen"
      cancelText="Abbrechen"
      okButtonProps={{ danger: true, loading: deleting }}
      onOk={onConfirm}
      onCancel={onCancel}
      styles={{ container: { border: `2px solid ${token.red7}` } }}
    >
      {booking && (
        <Typography.Paragraph>
          {booking.apartment.name}, {booking.semester.name}
        </Typography.Paragraph>
      )}
      <ul style={{ color: token.red7 }}>
        {DELETE_WARNINGS.map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>
    </Modal>
  );
}
