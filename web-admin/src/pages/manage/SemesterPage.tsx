import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Table, Typography } from 'antd';
import { useQuery } from '@apollo/client/react';
import { errorMessage } from '../../apollo/errors';
import { formatDate } from '../../lib/date';
import { sortSemesters } from '../../lib/semesters';
import SemesterForm from './SemesterForm';
import { SEMESTERS, type Semester } from './SemesterPage.graphql';

const bold = (s: Semester, text: string | number) => (s.current ? <strong>{text}</strong> : text);

export default function SemesterPage() {
  const { data, loading, error } = useQuery(SEMESTERS);
  const rows = useMemo(() => sortSemesters(data?.semesters ?? []), [data]);
  // the dialog: closed, a new semester (null) or the semester being edited
  const [editing, setEditing] = useState<Semester | null | undefined>(undefined);
  return (
    <div>
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={2}>Semester</Typography.Title>
        <Button type="primary" onClick={() => setEditing(null)}>
          Semester anlegen
        </Button>
      </Flex>
      {editing !== undefined && <SemesterForm semester={editing ?? undefined} onClose={() => setEditing(undefined)} />}
      {error && <Alert type="error" title={errorMessage(error)} />}
      {/* on a phone the table scrolls sideways by itself, the page keeps its width */}
      <div style={{ overflowX: 'auto' }}>
        <Table<Semester>
          rowKey="id"
          loading={loading && !data}
          dataSource={rows}
          pagination={false}
          columns={[
            { title: 'Id', dataIndex: 'id', render: (_, s) => bold(s, s.id) },
            { title: 'Name', dataIndex: 'name', render: (_, s) => bold(s, s.name) },
            { title: 'Start', dataIndex: 'startDate', render: (_, s) => bold(s, formatDate(s.startDate)) },
            { title: 'Ende', dataIndex: 'endDate', render: (_, s) => bold(s, formatDate(s.endDate)) },
            { title: 'Mietphase', dataIndex: 'rentingPhase', render: (_, s) => bold(s, s.rentingPhase) },
            { title: 'Tage bis Start', dataIndex: 'startsInDays', render: (_, s) => bold(s, s.startsInDays) },
            {
              title: 'Aktion',
              key: 'edit',
              render: (_, s) => (
                <Button type="link" aria-label={`${s.name} bearbeiten`} onClick={() => setEditing(s)}>
                  Bearbeiten
                </Button>
              ),
            },
          ]}
        />
      </div>
    </div>
  );
}
