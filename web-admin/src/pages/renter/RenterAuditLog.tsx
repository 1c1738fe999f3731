import { Alert, Card, Table, Typography } from 'antd';
import { useQuery } from '@apollo/client/react';
import { errorMessage } from '../../apollo/errors';
import { actionLabel, auditDetails, newestFirst, type AuditEntry } from '../../lib/audit';
import { formatDateTime } from '../../lib/date';
import { RENTER_AUDIT_LOG } from './RenterAuditLog.graphql';

/** 'Protokoll': what admins did about the renter, in every service, newest first. */
export function RenterAuditLog({ id }: { id: number }) {
  const { data, loading, error } = useQuery(RENTER_AUDIT_LOG, { variables: { id }, fetchPolicy: 'network-only' });
  const entries = newestFirst(data?.renter?.auditLog ?? []);
  return (
    <Card title="Protokoll" style={{ marginTop: 16 }} data-testid="audit-log">
      {error && <Alert type="error" title={`Das Protokoll kann nicht geladen werden: ${errorMessage(error)}`} />}
      {!error && (
        <Table<AuditEntry>
          size="small"
          rowKey={(e) => `${e.at}|${e.action}|${e.subject}`}
          loading={loading && !data}
          dataSource={entries}
          pagination={entries.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          locale={{ emptyText: 'Keine Einträge.' }}
          columns={[
            { title: 'Zeitpunkt', dataIndex: 'at', width: 140, render: (at: string) => formatDateTime(at) },
            { title: 'Wer', dataIndex: 'actor', width: 120 },
            {
              title: 'Aktion',
              dataIndex: 'action',
              width: 220,
              render: (action: string) => <span title={action}>{actionLabel(action)}</span>,
            },
            {
              title: 'Details',
              key: 'details',
              render: (_, e) => (
                <div>
                  {auditDetails(e.details).map((line, i) => (
                    <div key={i}>{line}</div>
                  ))}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {e.subject}
                  </Typography.Text>
                </div>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
