import { useMemo } from 'react';
import { Alert, Table, Typography } from 'antd';
import { useQuery } from '@apollo/client/react';
import { errorMessage } from '../../apollo/errors';
import { formatDate } from '../../lib/date';
import { sortSemesters } from '../../lib/semesters';
import { SEMESTERS, type Semester } from './SemesterPage.graphql';

const bold = (s: Semester, text: string | number) => (s.current ? <strong>{text}</strong> : text);

export default function SemesterPage() {
  const { data, loading, error } = useQuery(SEMESTERS);
  const rows = useMemo(() => sortSemesters(data?.semesters ?? []), [data]);
  return (
    <div>
      <Typography.Title level={2}>Semester</Typography.Title>
      {error && <Alert type="error" title={errorMessage(error)} />}
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
        ]}
      />
    </div>
  );
}
