import { useMemo, useState } from 'react';
import { Alert, Button, Input, Spin, Typography, theme } from 'antd';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { Link, Outlet, useParams } from 'react-router';
import { errorMessage } from '../../apollo/errors';
import { downloadCsv } from '../../lib/csv';
import { renterListFileName, renterRows } from '../../lib/exports';
import { searchRenters, visibleLetterGroups } from '../../lib/renters';
import { loadRenterExport } from './exportRenters';
import { RENTER_APARTMENTS, RENTERS_BY_LETTER } from './RentersPage.graphql';

/** The renter list (350 px) on the left, the chosen renter or a prompt on the right. */
export default function RentersPage() {
  const { token } = theme.useToken();
  const { data, loading, error } = useQuery(RENTERS_BY_LETTER);
  const groups = useMemo(() => visibleLetterGroups(data?.rentersByLetter ?? []), [data]);
  const [search, setSearch] = useState('');
  const apartmentsQuery = useQuery(RENTER_APARTMENTS);
  const apartmentsOf = useMemo(
    () => new Map((apartmentsQuery.data?.renterApartments ?? []).map((r) => [r.renterId, r.apartments.map((a) => a.name)])),
    [apartmentsQuery.data],
  );
  const shown = useMemo(() => searchRenters(groups, search, apartmentsOf), [groups, search, apartmentsOf]);
  const { id } = useParams();
  const client = useApolloClient();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string>();

  const exportCsv = async () => {
    setExporting(true);
    setExportError(undefined);
    try {
      const renters = await loadRenterExport(client, groups.flatMap((g) => g.renters));
      downloadCsv(renterListFileName(new Date()), renterRows(renters));
    } catch (e) {
      setExportError(errorMessage(e));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24, alignItems: 'flex-start' }}>
      <aside aria-label="Mieterliste" style={{ width: 350, maxWidth: '100%', flex: '0 1 350px', minWidth: 0, maxHeight: 'calc(100vh - 48px)', overflowY: 'auto' }}>
        <Typography.Title level={2}>Mieter</Typography.Title>
        <Button onClick={exportCsv} loading={exporting} disabled={!data || groups.length === 0} style={{ marginBottom: 8 }}>
          Mieterliste als CSV
        </Button>
        <Input.Search
          aria-label="Mieter suchen"
          placeholder="Name, E-Mail oder Wohnung"
          allowClear
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ marginBottom: 8 }}
        />
        {exportError && <Alert type="error" title={exportError} role="alert" />}
        {error && <Alert type="error" title={errorMessage(error)} />}
        {loading && !data && <Spin />}
        {data && search.trim() !== '' && shown.length === 0 && <Typography.Paragraph>Kein Mieter gefunden.</Typography.Paragraph>}
        {shown.map((g) => (
          <section key={g.letter}>
            <Typography.Title level={4} style={{ marginTop: 16 }}>
              {g.letter}
            </Typography.Title>
            <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {g.renters.map((r) => (
                <li key={r.id} style={{ padding: '4px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
                  <Link to={`/mieter/${r.id}`} style={{ display: 'block', overflowWrap: 'anywhere' }}>
                    <div>
                      {r.firstName} {r.lastName}
                    </div>
                    <Typography.Text type="secondary">{r.email}</Typography.Text>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </aside>
      <div style={{ flex: '1 1 320px', minWidth: 0 }}>
        {id === undefined ? <Typography.Title level={3}>Wähle einen Mieter</Typography.Title> : <Outlet />}
      </div>
    </div>
  );
}
