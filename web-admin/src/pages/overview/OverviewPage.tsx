import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Row, Select, Space, Spin, Typography, theme } from 'antd';
import { skipToken, useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { errorMessage, exceptionMessage } from '../../apollo/errors';
import { StatusTag } from '../../components/StatusTag/StatusTag';
import { initialSemester, sortSemesters } from '../../lib/semesters';
import { holdsApartment, statusTag } from '../../lib/status';
import { downloadCsv } from '../../lib/csv';
import { occupancyFileName, occupancyRows } from '../../lib/exports';
import { SEMESTERS } from '../manage/SemesterPage.graphql';
import { attention } from '../../theme';
import BlockDialog from './BlockDialog';
import { APARTMENTS_PAGE, useUnblockApartment, type OccupancyApartment as Apartment } from './OverviewPage.graphql';

/** Blocks or unblocks an apartment nobody holds in the semester (renting refuses to block a held one). */
function BlockAction({ apartment, semester }: { apartment: Apartment; semester: { id: number; name: string } }) {
  const [blocking, setBlocking] = useState(false);
  const [unblock, unblocking] = useUnblockApartment();
  const [failure, setFailure] = useState<string>();
  if (apartment.adminStatus === 'APARTMENT_BLOCKED') {
    const lift = async () => {
      setFailure(undefined);
      try {
        const ex = (await unblock({ variables: { apartmentId: apartment.id, semesterId: semester.id } })).data?.unblockApartment.exception;
        if (ex) setFailure(exceptionMessage(ex));
      } catch (e) {
        setFailure(errorMessage(e));
      }
    };
    return (
      <>
        <Button size="small" loading={unblocking.loading} onClick={lift} aria-label={`Blockierung von ${apartment.name} aufheben`}>
          Blockierung aufheben
        </Button>
        {failure && <Alert type="error" title={failure} role="alert" style={{ marginTop: 8 }} />}
      </>
    );
  }
  return (
    <>
      <Button size="small" onClick={() => setBlocking(true)} aria-label={`${apartment.name} blockieren`}>
        Blockieren
      </Button>
      {blocking && <BlockDialog apartment={apartment} semester={semester} onClose={() => setBlocking(false)} />}
    </>
  );
}

function ApartmentCard({ apartment, semester }: { apartment: Apartment; semester?: { id: number; name: string } }) {
  const { renter } = apartment;
  const { token } = theme.useToken();
  const card = (
    <Card
      size="small"
      title={apartment.name}
      data-testid={`apartment-${apartment.id}`}
      data-highlight={statusTag(apartment.adminStatus).highlight}
      style={statusTag(apartment.adminStatus).highlight ? attention(token) : undefined}
      hoverable={!!renter}
      styles={{ title: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
    >
      <StatusTag state={apartment.adminStatus} />
      <div style={{ marginTop: 8, overflowWrap: 'anywhere' }}>{renter ? `${renter.firstName} ${renter.lastName}` : '-'}</div>
      {apartment.blockReason && <div style={{ marginTop: 8, overflowWrap: 'anywhere' }}>Grund: {apartment.blockReason}</div>}
      {!renter && semester && !holdsApartment(apartment.adminStatus) && (
        <div style={{ marginTop: 8 }}>
          <BlockAction apartment={apartment} semester={semester} />
        </div>
      )}
    </Card>
  );
  return renter ? <Link to={`/mieter/${renter.id}/info`}>{card}</Link> : card;
}

export default function OverviewPage() {
  const semestersQuery = useQuery(SEMESTERS);
  const sorted = useMemo(() => sortSemesters(semestersQuery.data?.semesters ?? []), [semestersQuery.data]);
  const [chosen, setChosen] = useState<number>();
  const semesterId = chosen ?? initialSemester(sorted)?.id;

  const semester = sorted.find((s) => s.id === semesterId);

  const page = useQuery(APARTMENTS_PAGE, semesterId === undefined ? skipToken : { variables: { semesterId } });

  const exportCsv = () => {
    if (!page.data || !semester) return;
    downloadCsv(occupancyFileName(semester.name), occupancyRows(page.data.apartmentsPage));
  };

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={2}>Übersicht</Typography.Title>
      {semestersQuery.error && <Alert type="error" title={errorMessage(semestersQuery.error)} />}
      <Space wrap>
        <Select
          aria-label="Semester"
          style={{ minWidth: 240, maxWidth: '100%' }}
          loading={semestersQuery.loading}
          value={semesterId}
          onChange={setChosen}
          options={sorted.map((s) => ({ value: s.id, label: `${s.name} (${s.rentingPhase})` }))}
        />
        <Button disabled={!page.data || !semester} onClick={exportCsv}>
          Belegung als CSV
        </Button>
      </Space>
      {page.error && <Alert type="error" title={errorMessage(page.error)} />}
      {page.loading && !page.data && <Spin />}
      {page.data && (
        <div>
          <Typography.Paragraph strong>{page.data.apartmentsPage.address}</Typography.Paragraph>
          {page.data.apartmentsPage.floors.map((floor) => (
            <section key={floor.id} style={{ marginBottom: 24 }}>
              <Typography.Title level={4}>{floor.name}</Typography.Title>
              <Row gutter={[12, 12]}>
                {floor.apartments.map((a) => (
                  <Col key={a.id} xs={24} sm={12} md={8} lg={6} xl={4}>
                    <ApartmentCard apartment={a} semester={semester} />
                  </Col>
                ))}
              </Row>
            </section>
          ))}
        </div>
      )}
    </Space>
  );
}
