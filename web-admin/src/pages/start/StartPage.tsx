import { Alert, Col, List, Row, Spin, Tag, theme, Typography } from 'antd';
import { useQuery } from '@apollo/client/react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../apollo/errors';
import { formatDate, isoDate } from '../../lib/date';
import type { OfficeTaskKind } from '../../graphql/graphql';
import { OFFICE_TASKS, SEMESTER_STATISTICS, type OfficeTask } from './StartPage.graphql';
import { SemesterBooks } from './SemesterBooks';

// recharts is large: the charts load after the page, in their own chunk.
const SemesterCharts = lazy(() => import('./SemesterCharts'));

/** German labels of what a renting waits for, with a tag colour. */
export const TASK_LABELS: Record<OfficeTaskKind, { text: string; color: string }> = {
  REQUEST_EXPIRING: { text: 'Anfrage läuft bald ab', color: 'volcano' },
  IDENTITY_APPROVAL: { text: 'Freischaltung offen', color: 'orange' },
  CONTRACT_UNSIGNED: { text: 'Vertrag nicht unterschrieben', color: 'purple' },
  PAYMENT_OPEN: { text: 'Zahlung offen', color: 'red' },
  RENEWAL_UNANSWERED: { text: 'Verlängerung unbeantwortet', color: 'magenta' },
  PAYMENT_DISPUTED: { text: 'Zahlung angefochten', color: 'red' },
  REFUND_FAILED: { text: 'Erstattung fehlgeschlagen', color: 'red' },
  HANDOVER_DISPUTED: { text: 'Übergabe widersprochen', color: 'red' },
  DEPOSIT_SETTLEMENT_DUE: { text: 'Kaution abrechnen', color: 'gold' },
};

/** A task's deadline, "fällig bis …", in red once it passed. */
function Due({ day }: { day: string }) {
  const { token } = theme.useToken();
  const overdue = day < isoDate(new Date());
  return <span style={overdue ? { color: token.colorError, fontWeight: 600 } : undefined}>, fällig bis {formatDate(day)}{overdue && ' (überfällig)'}</span>;
}

function TaskItem({ task }: { task: OfficeTask }) {
  const label = TASK_LABELS[task.kind];
  return (
    <List.Item>
      <Link to={`/mieter/${task.renter.id}/info`} style={{ overflowWrap: 'anywhere' }}>
        <Tag color={label.color}>{label.text}</Tag>
        {task.renter.firstName} {task.renter.lastName} – {task.apartment.name} ({task.semester.name}), seit {formatDate(task.since)}
        {task.due && <Due day={task.due} />}
      </Link>
    </List.Item>
  );
}

/** Per semester the occupancy and the rent expected against the rent collected, as charts. */
function Statistics() {
  const { data, error } = useQuery(SEMESTER_STATISTICS, { fetchPolicy: 'cache-and-network' });
  if (error) return <Alert type="error" title={errorMessage(error)} />;
  return <Suspense fallback={<Spin />}>{data ? <SemesterCharts statistics={data.semesterStatistics} /> : <Spin />}</Suspense>;
}

/** The office's start page: what waits for it, oldest first, each linking to the renter; below, the semesters in charts and beside them the books. */
export default function StartPage() {
  const { data, loading, error } = useQuery(OFFICE_TASKS, { fetchPolicy: 'cache-and-network' });
  return (
    <div>
      <Typography.Title level={2}>Was wartet</Typography.Title>
      {error && <Alert type="error" title={errorMessage(error)} />}
      {loading && !data && <Spin />}
      {data && (
        <List
          aria-label="Aufgaben"
          bordered
          dataSource={data.officeTasks}
          locale={{ emptyText: 'Nichts zu tun.' }}
          renderItem={(task) => <TaskItem key={`${task.kind}-${task.rentingId}`} task={task} />}
        />
      )}
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={14}>
          <Statistics />
        </Col>
        <Col xs={24} xl={10}>
          <SemesterBooks />
        </Col>
      </Row>
    </div>
  );
}
