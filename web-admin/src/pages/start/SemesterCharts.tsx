import { theme, Typography } from 'antd';
import type { CSSProperties, ReactElement, ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SemesterStatistic } from './StartPage.graphql';

const euros = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
const eurosExact = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

/** Hidden on screen, read by screen readers: the numbers behind a chart. */
const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

const free = (s: SemesterStatistic) => Math.max(0, s.apartments - s.held - s.blocked);

interface ChartProps {
  id: string;
  title: string;
  /** The hidden table's name, its column heads after "Semester", and a row's cells. */
  table: { label: string; columns: string[]; cells: (s: SemesterStatistic) => (string | number)[] };
  statistics: SemesterStatistic[];
  data: Record<string, string | number>[];
  yAxis: ReactElement;
  /** How the tooltip shows a value; as it is when unset. */
  format?: (value: number) => string;
  children: ReactNode;
}

/** One titled bar chart over the semesters, oldest to newest, with its numbers in a hidden table, latest first. */
function Chart({ id, title, table, statistics, data, yAxis, format, children }: ChartProps) {
  return (
    <section aria-labelledby={id}>
      <Typography.Title level={3} id={id}>
        {title}
      </Typography.Title>
      <div aria-hidden="true">
        <ResponsiveContainer width="100%" height={280}>
          <BarChart data={data}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" />
            {yAxis}
            <Tooltip formatter={format && ((value) => format(Number(value)))} />
            <Legend />
            {children}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table style={visuallyHidden} aria-label={table.label}>
        <thead>
          <tr>
            {['Semester', ...table.columns].map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {statistics.map((s) => (
            <tr key={s.semester.id}>
              <th scope="row">{s.semester.name}</th>
              {table.cells(s).map((cell, i) => (
                <td key={table.columns[i]}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The office's charts per semester: the occupancy (held, blocked, free apartments) and the rent
 * expected against the rent collected. Loaded lazily: recharts is large.
 */
export default function SemesterCharts({ statistics }: { statistics: SemesterStatistic[] }) {
  const { token } = theme.useToken();
  const data = [...statistics].reverse().map((s) => ({
    name: s.semester.name,
    held: s.held,
    blocked: s.blocked,
    free: free(s),
    rentExpected: s.rentExpected,
    rentCollected: s.rentCollected,
  }));
  return (
    <>
      <Chart
        id="chart-occupancy"
        title="Belegung"
        table={{
          label: 'Belegung je Semester',
          columns: ['Wohnungen', 'Belegt', 'Gesperrt', 'Frei'],
          cells: (s) => [s.apartments, s.held, s.blocked, free(s)],
        }}
        statistics={statistics}
        data={data}
        yAxis={<YAxis allowDecimals={false} />}
      >
        <Bar dataKey="held" name="Belegt" stackId="apartments" fill={token.colorPrimary} />
        <Bar dataKey="blocked" name="Gesperrt" stackId="apartments" fill={token.orange8} />
        <Bar dataKey="free" name="Frei" stackId="apartments" fill={token.green7} />
      </Chart>
      <Chart
        id="chart-rent"
        title="Miete: erwartet und eingenommen"
        table={{
          label: 'Miete je Semester',
          columns: ['Erwartet', 'Eingenommen'],
          cells: (s) => [eurosExact.format(s.rentExpected), eurosExact.format(s.rentCollected)],
        }}
        statistics={statistics}
        data={data}
        yAxis={<YAxis width={90} tickFormatter={(value: number) => euros.format(value)} />}
        format={(value) => eurosExact.format(value)}
      >
        <Bar dataKey="rentExpected" name="Erwartet" fill={token.colorPrimary} />
        <Bar dataKey="rentCollected" name="Eingenommen" fill={token.green8} />
      </Chart>
    </>
  );
}
