import { useState } from 'react';
import { Alert, Button, Form, Input, Space, Spin, Table, Typography } from 'antd';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { errorMessage } from '../../apollo/errors';
import type { BooksExportFormat } from '../../graphql/graphql';
import { isoDate } from '../../lib/date';
import { base64ToBlob, downloadBlob } from '../../lib/files';
import { formatCents } from '../../lib/money';
import { BOOKS_EXPORT, SEMESTER_BOOKS, type SemesterBooks as Books } from './StartPage.graphql';

const cents = (key: keyof Books, title: string) => ({
  title,
  key,
  align: 'right' as const,
  render: (_: unknown, b: Books) => formatCents(b[key] as number),
});

const columns = [
  { title: 'Semester', key: 'semester', render: (_: unknown, b: Books) => b.semester.name },
  cents('chargedCents', 'Berechnet'),
  cents('paidCents', 'Bezahlt'),
  cents('refundedCents', 'Erstattet'),
  cents('depositHeldCents', 'Kaution gehalten'),
  cents('keptCents', 'Einbehalten'),
  cents('openCents', 'Offen'),
];

/** The first and the last day of the month of a day (yyyy-MM-dd). */
function monthOf(day: string): { from: string; to: string } {
  const [year, month] = day.split('-').map(Number);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

const FORMATS: { format: BooksExportFormat; label: string }[] = [
  { format: 'DATEV', label: 'DATEV-Export' },
  { format: 'CSV', label: 'CSV-Export' },
];

/**
 * The ledger entries of a date range (preset: this month) as a file for the tax advisor: DATEV's
 * Buchungsstapel or CSV, saved under the name the server gives it.
 */
function BooksExportForm() {
  const client = useApolloClient();
  const [range, setRange] = useState(() => monthOf(isoDate(new Date())));
  const [running, setRunning] = useState<BooksExportFormat>();
  const [failure, setFailure] = useState<string>();

  const download = async (format: BooksExportFormat) => {
    setFailure(undefined);
    setRunning(format);
    try {
      const { data } = await client.query({ query: BOOKS_EXPORT, variables: { ...range, format }, fetchPolicy: 'network-only' });
      if (data) downloadBlob(data.booksExport.fileName, base64ToBlob(data.booksExport.content, data.booksExport.contentType));
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setRunning(undefined);
    }
  };

  return (
    <section aria-labelledby="books-export">
      <Typography.Title level={4} id="books-export">
        Export für die Steuerberatung
      </Typography.Title>
      <Form layout="inline" style={{ rowGap: 8 }}>
        <Form.Item label="Von" htmlFor="books-from">
          <Input id="books-from" type="date" value={range.from} onChange={(ev) => setRange({ ...range, from: ev.target.value })} />
        </Form.Item>
        <Form.Item label="Bis" htmlFor="books-to">
          <Input id="books-to" type="date" value={range.to} onChange={(ev) => setRange({ ...range, to: ev.target.value })} />
        </Form.Item>
        <Space wrap>
          {FORMATS.map(({ format, label }) => (
            <Button key={format} loading={running === format} disabled={running !== undefined || !range.from || !range.to} onClick={() => download(format)}>
              {label}
            </Button>
          ))}
        </Space>
      </Form>
      {failure && <Alert type="error" title={failure} role="alert" style={{ marginTop: 8 }} />}
    </section>
  );
}

/** The books per semester (from the ledgers, latest first) and the export for the tax advisor. */
export function SemesterBooks() {
  const { data, error } = useQuery(SEMESTER_BOOKS, { fetchPolicy: 'cache-and-network' });
  return (
    <section aria-labelledby="books" style={{ marginTop: 24 }}>
      <Typography.Title level={3} id="books">
        Bücher
      </Typography.Title>
      {error && <Alert type="error" title={errorMessage(error)} />}
      {!data && !error && <Spin />}
      {data && (
        <Table<Books>
          aria-label="Bücher je Semester"
          size="small"
          rowKey={(b) => b.semester.id}
          columns={columns}
          dataSource={data.semesterBooks}
          pagination={false}
          scroll={{ x: true }}
          locale={{ emptyText: 'Noch keine Buchungen.' }}
          style={{ marginBottom: 16 }}
        />
      )}
      <BooksExportForm />
    </section>
  );
}
