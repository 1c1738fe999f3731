import { useState } from 'react';
import { Alert, Button, Popconfirm, Space, Typography } from 'antd';
import type { BookingCardFieldsFragment as Booking } from '../../graphql/graphql';
import { errorMessage, exceptionMessage, type UserDataException } from '../../apollo/errors';
import { formatDate } from '../../lib/date';
import { useAnswerRenewal, useOfferRenewal } from './RenewalActions.graphql';

/**
 * The renewal part of a booking block: 'Verlängerung anbieten' on a paid booking; on a renewal its
 * deadline and answer, and while it waits 'annehmen' / 'ablehnen' on the renter's behalf.
 */
export function RenewalActions({ booking: b, renterId }: { booking: Booking; renterId: number }) {
  const [offer, offering] = useOfferRenewal(renterId);
  const { accept, decline } = useAnswerRenewal(renterId);
  const [failure, setFailure] = useState<string>();
  const [offered, setOffered] = useState(false);

  const run = async (send: () => Promise<UserDataException | null | undefined>, done?: () => void) => {
    setFailure(undefined);
    try {
      const ex = await send();
      if (ex) setFailure(exceptionMessage(ex));
      else done?.();
    } catch (e) {
      setFailure(errorMessage(e));
    }
  };
  const variables = { rentingId: b.rentingId };
  const alert = failure && <Alert type="error" title={failure} role="alert" style={{ marginTop: 8 }} />;

  if (b.renewal) {
    const answer =
      b.state === 'RENEWAL_REQUEST' ? 'offen' : b.state === 'CANCELED' ? 'abgelehnt' : 'angenommen';
    return (
      <div data-testid={`renewal-${b.rentingId}`} style={{ marginTop: 12 }}>
        <Typography.Text>
          Verlängerung: Antwort bis {formatDate(b.renewalDeadline)} – {answer}
        </Typography.Text>
        {b.state === 'RENEWAL_REQUEST' && (
          <Space wrap style={{ marginLeft: 12 }}>
            <Button size="small" type="primary" loading={accept[1].loading}
              onClick={() => run(async () => (await accept[0]({ variables })).data?.acceptRenewalForRenter.exception)}>
              Verlängerung annehmen
            </Button>
            <Popconfirm title="Verlängerung für den Mieter ablehnen? Der Mieter zieht zum Semesterende aus." okText="Ablehnen" cancelText="Abbrechen"
              onConfirm={() => run(async () => (await decline[0]({ variables })).data?.declineRenewalForRenter.exception)}>
              <Button size="small" danger loading={decline[1].loading}>
                Verlängerung ablehnen
              </Button>
            </Popconfirm>
          </Space>
        )}
        {alert}
      </div>
    );
  }
  if (b.state !== 'PAYED' || offered) return null;
  return (
    <div style={{ marginTop: 12 }}>
      <Button size="small" loading={offering.loading}
        onClick={() => run(async () => (await offer({ variables })).data?.offerRenewal.exception, () => setOffered(true))}>
        Verlängerung anbieten
      </Button>
      {alert}
    </div>
  );
}
