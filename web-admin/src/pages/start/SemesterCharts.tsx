import { theme, Typography } from 'antd';
import type { CSSProperties } from 'react';
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

/**
 * The office's charts per semester: the occupancy (held, blocked, free apartments) and the rent
 * expected against the rent collected. The charts run oldest to newest; a table beside each, hidden
 * on screen, gives screen readers the numbers, latest first. Loaded lazily: recharts is large.
 */
export default function SemesterCharts({ statistics }: { statistics: SemesterStatistic[] }) {
  const { token } = theme.useToken();
  const chronological = [...statistics].reverse().map((s) => ({
    name: s.semester.name,
    held: s.held,
    blocked: s.blocked,
    free: free(s),
    rentExpected: s.rentExpected,
    rentCollected: s.rentCollected,
  }));
  return (
    <>
      <section aria-labelledby="chart-occupancy">
        <Typography.Title level={3} id="chart-occupancy">
          Belegung
        </Typography.Title>
        <div aria-hidden="true">
          <ResponsiveContainer width="100%" height={280}>
            <BarChart data={chronological}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="name" />
              <YAxis allowDecimals={false} />
              <Tooltip />
              <Legend />
              <Bar dataKey="held" name="Belegt" stackId="apartments" fill={token.colorPrimary} />
              <Bar dataKey="blocked" name="Gesperrt" stackId="apartments" fill={token.orange8} />
              <Bar dataKey="free" name="Frei" stackId="apartments" fill={token.green7} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <table style={visuallyHidden} aria-label="Belegung je Semester">
          <thead>
            <tr>
              <th scope="col">Semester</th>
              <th scope="col">Wohnungen</th>
              <th scope="col">Belegt</th>
              <th scope="col">Gesperrt</th>
              <th scope="col">Frei</th>
            </tr>
          </thead>
          <tbody>
            {statistics.map((s) => (
              <tr key={s.semester.id}>
                <th scope="row">{s.semester.name}</th>
                <td>{s.apartments}</td>
                <td>{s.held}</td>
                <td>{s.blocked}</td>
                <td>{free(s)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="chart-rent">
        <Typography.Title level={3} id="chart-rent">
          Miete: erwartet und eingenommen
        </Typography.Title>
        <div aria-hidden="true">
          <ResponsiveContainer width="100%" height={280}>
            <BarChart data={chronological}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="name" />
              <YAxis width={90} tickFormatter={(value: number) => euros.format(value)} />
              <Tooltip formatter={(value) => eurosExact.format(Number(value))} />
              <Legend />
              <Bar dataKey="rentExpected" name="Erwartet" fill={token.colorPrimary} />
              <Bar dataKey="rentCollected" name="Eingenommen" fill={token.green8} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <table style={visuallyHidden} aria-label="Miete je Semester">
          <thead>
            <tr>
              <th scope="col">Semester</th>
              <th scope="col">Erwartet</th>
              <th scope="col">Eingenommen</th>
            </tr>
          </thead>
          <tbody>
            {statistics.map((s) => (
              <tr key={s.semester.id}>
                <th scope="row">{s.semester.name}</th>
                <td>{eurosExact.format(s.rentExpected)}</td>
                <td>{eurosExact.format(s.rentCollected)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
