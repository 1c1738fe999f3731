import { Suspense } from 'react';
import { Layout, Spin } from 'antd';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Header } from '../Header/Header';

export function AppLayout() {
  const { t } = useTranslation();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Header />
      <Layout.Content style={{ padding: 16, maxWidth: 1100, width: '100%', margin: '0 auto' }}>
        <Suspense fallback={<Spin aria-label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}
