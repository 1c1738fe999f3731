import { Suspense, useState } from 'react';
import { Button, Layout, Menu, Spin, theme } from 'antd';
import { Link, Outlet, useLocation } from 'react-router';
import { useApolloClient } from '@apollo/client/react';
import { logout } from '../../pages/auth/api';
import { useRole } from '../../pages/auth/RoleContext';

const LINKS = [
  { key: '/overview', label: 'Übersicht' },
  { key: '/mieter', label: 'Mieter' },
  { key: '/verwalten/apartments', label: 'Wohnungen' },
  { key: '/verwalten/semester', label: 'Semester' },
  { key: '/verwalten/warteliste', label: 'Warteliste' },
  { key: '/loeschantraege', label: 'Löschanträge' },
];

export function AdminLayout() {
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const client = useApolloClient();
  const { refresh } = useRole();
  // below antd's md breakpoint (phones) the sidebar folds away behind a menu button
  const [narrow, setNarrow] = useState(false);
  const [open, setOpen] = useState(false);
  const collapsed = narrow && !open;
  const selected = LINKS.filter((l) => pathname === l.key || pathname.startsWith(l.key + '/')).map((l) => l.key);

  const signOut = async () => {
    await logout().catch(() => undefined);
    await client.clearStore();
    await refresh();
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={200}
        theme="light"
        breakpoint="md"
        collapsedWidth={0}
        collapsed={collapsed}
        onBreakpoint={(broken) => {
          setNarrow(broken);
          setOpen(false);
        }}
        trigger={null}
        style={{ borderRight: collapsed ? undefined : `1px solid ${token.colorBorderSecondary}` }}
      >
        <nav aria-label="Hauptnavigation" style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
          <Link to="/" style={{ display: 'block', padding: '16px 24px', fontWeight: 700, fontSize: 18 }}>
            Semesterhaus
          </Link>
          <Menu
            mode="inline"
            selectedKeys={selected}
            onClick={() => setOpen(false)}
            items={LINKS.map((l) => ({ key: l.key, label: <Link to={l.key}>{l.label}</Link> }))}
          />
          <div style={{ padding: 16, marginTop: 'auto' }}>
            <Button block onClick={signOut}>
              Abmelden
            </Button>
          </div>
        </nav>
      </Layout.Sider>
      <Layout.Content style={{ padding: narrow ? 12 : 24, background: token.colorBgContainer, minWidth: 0 }}>
        {narrow && (
          <Button aria-expanded={open} onClick={() => setOpen(!open)} style={{ marginBottom: 12 }}>
            {open ? 'Menü schließen' : 'Menü'}
          </Button>
        )}
        <Suspense fallback={<Spin />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}
