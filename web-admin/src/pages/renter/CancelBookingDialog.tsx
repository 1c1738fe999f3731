import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Spin, Typography } from 'antd';
import { useQuery } from '@apollo/client/react';
import { errorMessage, exceptionField, exceptionText } from '../../apollo/errors';
import type { BookingCardFieldsFragment as Booking } from '../../graphql/graphql';
import { centsToText, formatCents, textToCents } from '../../lib/money';
import { REFUNDABLE_CENTS, useCancelBooking } from './CancelAndReissue.graphql';

interface CancelForm {
  reason: string;
  refund: string;
}

/**
 * "Buchung stornieren": asks for the reason and the refund (preset: what was paid less what is
 * refunded already, which also bounds it) and cancels the booking. A refusal about a field is shown
 * at the field, any other above the form.
 */
export function CancelBookingDialog({ booking, renterId, onClose }: { booking: Booking; renterId: number; onClose: () => void }) {
  const [form] = Form.useForm<CancelForm>();
  const refundable = useQuery(REFUNDABLE_CENTS, { variables: { rentingId: booking.rentingId }, fetchPolicy: 'network-only' });
  const [cancel, state] = useCancelBooking(renterId);
  const [failure, setFailure] = useState<string>();
  const max = refundable.data?.refundableCents;

  const save = async ({ reason, refund }: CancelForm) => {
    setFailure(undefined);
    const refundCents = textToCents(refund);
    if (refundCents === undefined) return; // the field's rule says so
    try {
      const res = await cancel({ variables: { rentingId: booking.rentingId, reason: reason.trim(), refundCents } });
      const ex = res.data?.cancelBooking.exception;
      const field = ex && exceptionField(ex);
      if (!ex) onClose();
      else if (field === 'reason' || field === 'refundCents') form.setFields([{ name: field === 'reason' ? 'reason' : 'refund', errors: [exceptionText(ex)] }]);
      else setFailure(exceptionText(ex));
    } catch (e) {
      setFailure(errorMessage(e));
    }
  };

  const refundRule = {
    validator: (_: unknown, text: string) => {
      const cents = textToCents(text ?? '');
      if (cents === undefined) return Promise.reject(new Error('Bitte einen Betrag in Euro eingeben, z. B. 120,00.'));
      if (max !== undefined && cents > max) return Promise.reject(new Error(`Höchstens ${formatCents(max)} (bezahlt, abzüglich schon erstattet).`));
      return Promise.resolve();
    },
  };

  return (
    <Modal open title={`Buchung stornieren: ${booking.apartment.name}, ${booking.semester.name}`} onCancel={onClose} footer={null} destroyOnHidden>
      {failure && <Alert type="error" title={failure} role="alert" style={{ marginBottom: 16 }} />}
      {refundable.error && <Alert type="error" title={errorMessage(refundable.error)} role="alert" />}
      {refundable.loading && <Spin />}
      {max !== undefined && (
        <Form form={form} layout="vertical" onFinish={save} disabled={state.loading} initialValues={{ reason: '', refund: centsToText(max) }}>
          <Typography.Paragraph>
            Der Mieter bekommt eine E-Mail mit dem Grund und der Erstattung; die Wohnung ist danach wieder frei. Die Erstattung geht auf dem Weg zurück, auf dem bezahlt wurde.
          </Typography.Paragraph>
          <Form.Item label="Grund" name="reason" rules={[{ required: true, whitespace: true, message: 'Angabe fehlt.' }]}>
            <Input maxLength={500} placeholder="z. B. Wasserschaden in der Wohnung" />
          </Form.Item>
          <Form.Item label="Erstattung (€)" name="refund" rules={[refundRule]} extra={`Bezahlt und noch nicht erstattet: ${formatCents(max)}`}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Space>
            <Button onClick={onClose}>Abbrechen</Button>
            <Button type="primary" danger htmlType="submit" loading={state.loading}>
              Stornieren
            </Button>
          </Space>
        </Form>
      )}
    </Modal>
  );
}
