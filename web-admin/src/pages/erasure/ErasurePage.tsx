import { useState } from 'react';
import { Alert, Button, Popconfirm, Spin, Table, Tag, Typography } from 'antd';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { errorMessage, exceptionMessage } from '../../apollo/errors';
import type { ErasureRequestsQuery } from '../../graphql/graphql';
import { formatDateTime } from '../../lib/date';
import { ERASURE_REQUESTS, useExecuteErasure } from './ErasurePage.graphql';

type Request = ErasureRequestsQuery['erasureRequests'][number];

/**
 * Löschanträge: the renters who asked on their own page to erase their data, the oldest first; an
 * open request is executed here (the personal data replaced, links and mails deleted; what a legal
 * retention duty keeps stays: contracts and payments).
 */
export default function ErasurePage() {
  const { data, loading, error } = useQuery(ERASURE_REQUESTS);
  return (
    <div>
      <Typography.Title level={2}>Löschanträge</Typography.Title>
      <Typography.Paragraph>
        Mieter beantragen auf ihrer Seite „Meine Buchung“ die Löschung ihrer Daten (Art. 17 DSGVO). Das Ausführen ersetzt Name,
        Anschrift, Geburtstag, Telefon, Staatsangehörigkeit, E-Mail-Adresse und Notizen, löscht Links und Mails an den Mieter und
        entfernt die persönlichen Daten aus dem Protokoll. Verträge und Zahlungen bleiben für die gesetzliche Aufbewahrungsfrist.
      </Typography.Paragraph>
      {error && <Alert type="error" title={errorMessage(error)} role="alert" />}
      {loading && !data && <Spin />}
      {data && (
        <Table<Request>
          rowKey="id"
          dataSource={data.erasureRequests}
          pagination={false}
          locale={{ emptyText: 'Keine Löschanträge.' }}
          columns={[
            {
              title: 'Mieter',
              key: 'renter',
              render: (_, r) => (r.erasedAt ? `Mieter ${r.id} (gelöscht)` : <Link to={`/mieter/${r.id}`}>{`${r.lastName}, ${r.firstName}`}</Link>),
            },
            { title: 'E-Mail', key: 'email', render: (_, r) => (r.erasedAt ? '–' : r.email) },
            { title: 'Beantragt am', key: 'requested', render: (_, r) => formatDateTime(r.erasureRequestedAt) },
            { title: 'Stand', key: 'state', render: (_, r) => <ErasureState request={r} /> },
          ]}
        />
      )}
    </div>
  );
}

function ErasureState({ request: r }: { request: Request }) {
  const [execute, { loading }] = useExecuteErasure();
  const [failure, setFailure] = useState<string>();
  if (r.erasedAt) return <Tag color="green">Gelöscht am {formatDateTime(r.erasedAt)}</Tag>;
  const run = async () => {
    setFailure(undefined);
    try {
      const ex = (await execute({ variables: { renterId: r.id } })).data?.executeErasure.exception;
      if (ex) setFailure(exceptionMessage(ex));
    } catch (e) {
      setFailure(errorMessage(e));
    }
  };
  return (
    <>
      <Popconfirm
        title={`Daten von ${r.firstName} ${r.lastName} löschen? Das lässt sich nicht rückgängig machen.`}
        okText="Löschen"
        cancelText="Abbrechen"
        onConfirm={run}
      >
        <Button danger size="small" loading={loading}>
          Löschung ausführen
        </Button>
      </Popconfirm>
      {failure && <Alert type="error" title={failure} role="alert" style={{ marginTop: 8 }} />}
    </>
  );
}
