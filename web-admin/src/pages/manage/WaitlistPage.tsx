import { useMemo, useState } from 'react';
import { Alert, Button, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { skipToken, useQuery } from '@apollo/client/react';
import { errorMessage, exceptionMessage } from '../../apollo/errors';
import { formatDateTime } from '../../lib/date';
import { initialSemester, sortSemesters } from '../../lib/semesters';
import { SEMESTERS } from './SemesterPage.graphql';
import { useRemoveWaitlistEntry, WAITLIST, type WaitlistEntry } from './WaitlistPage.graphql';

/** The state of an entry as the office reads it. */
export function entryState(e: WaitlistEntry): { text: string; color?: string } {
  switch (e.state) {
    case 'WAITING':
      return { text: 'Wartet' };
    case 'OFFERED':
      return { text: `Angeboten: ${e.offeredApartment?.name ?? '?'} bis ${formatDateTime(e.offerExpiresAt)}`, color: 'orange' };
    case 'BOOKED':
      return { text: `Gebucht: ${e.offeredApartment?.name ?? '?'}`, color: 'green' };
    case 'EXPIRED':
      return { text: `Angebot abgelaufen: ${e.offeredApartment?.name ?? '?'}` };
  }
}

function wishes(e: WaitlistEntry): string {
  const parts = [e.floorId != null ? `Etage ${e.floorId}` : '', e.minSize != null ? `ab ${e.minSize} m²` : ''].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : '–';
}

/** The waitlist of a semester (docs/booking.md, "Waitlist"): its order, each entry's state, removal. */
export default function WaitlistPage() {
  const semestersQuery = useQuery(SEMESTERS);
  const sorted = useMemo(() => sortSemesters(semestersQuery.data?.semesters ?? []), [semestersQuery.data]);
  const [chosen, setChosen] = useState<number>();
  // the semester open for booking has the list that matters; else the overview's choice
  const semesterId = chosen ?? (sorted.find((s) => s.rentingPhase === 'BOOKING') ?? initialSemester(sorted))?.id;
  const list = useQuery(WAITLIST, semesterId === undefined ? skipToken : { variables: { semesterId } });
  const [remove, removing] = useRemoveWaitlistEntry();
  const [problem, setProblem] = useState<string>();

  const onRemove = async (e: WaitlistEntry) => {
    setProblem(undefined);
    try {
      const { data } = await remove({ variables: { id: e.id } });
      const exception = data?.removeWaitlistEntry.exception;
      if (exception) setProblem(exceptionMessage(exception));
    } catch (err) {
      setProblem(errorMessage(err));
    }
  };

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={2}>Warteliste</Typography.Title>
      {semestersQuery.error && <Alert type="error" title={errorMessage(semestersQuery.error)} />}
      <Select
        aria-label="Semester"
        style={{ minWidth: 240, maxWidth: '100%' }}
        loading={semestersQuery.loading}
        value={semesterId}
        onChange={setChosen}
        options={sorted.map((s) => ({ value: s.id, label: `${s.name} (${s.rentingPhase})` }))}
      />
      {list.error && <Alert type="error" title={errorMessage(list.error)} />}
      {problem && <Alert type="error" title={problem} />}
      <div style={{ overflowX: 'auto' }}>
        <Table<WaitlistEntry>
          rowKey="id"
          loading={list.loading && !list.data}
          dataSource={list.data?.waitlist ?? []}
          pagination={false}
          locale={{ emptyText: 'Niemand steht auf der Warteliste.' }}
          columns={[
            { title: 'Platz', dataIndex: 'position' },
            { title: 'Name', dataIndex: 'name', render: (_, e) => e.name ?? '–' },
            { title: 'E-Mail', dataIndex: 'email', render: (_, e) => (e.email ? <a href={`mailto:${e.email}`}>{e.email}</a> : '–') },
            { title: 'Sprache', dataIndex: 'language', render: (_, e) => e.language ?? '–' },
            { title: 'Wünsche', key: 'wishes', render: (_, e) => wishes(e) },
            { title: 'Bestätigt', dataIndex: 'confirmedAt', render: (_, e) => formatDateTime(e.confirmedAt) },
            {
              title: 'Status',
              dataIndex: 'state',
              render: (_, e) => {
                const state = entryState(e);
                return <Tag color={state.color}>{state.text}</Tag>;
              },
            },
            {
              title: 'Aktion',
              key: 'remove',
              render: (_, e) => (
                <Popconfirm
                  title="Eintrag von der Warteliste entfernen? Ein offenes Angebot endet damit."
                  okText="Entfernen"
                  cancelText="Abbrechen"
                  onConfirm={() => void onRemove(e)}
                >
                  <Button type="link" danger loading={removing.loading} aria-label={`Platz ${e.position} entfernen`}>
                    Entfernen
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </div>
    </Space>
  );
}
