import { useMemo } from 'react';
import { ApolloProvider } from '@apollo/client/react';
import { App as AntApp, ConfigProvider } from 'antd';
import deDE from 'antd/locale/de_DE';
import { BrowserRouter } from 'react-router';
import { createClient } from './apollo/client';
import { RoleProvider } from './pages/auth/RoleContext';
import { AdminRoutes } from './router';
import { theme } from './theme';

export function App() {
  const client = useMemo(createClient, []);
  return (
    <ConfigProvider theme={theme} locale={deDE}>
      <AntApp>
        <ApolloProvider client={client}>
          <RoleProvider>
            <BrowserRouter basename="/admin">
              <AdminRoutes />
            </BrowserRouter>
          </RoleProvider>
        </ApolloProvider>
      </AntApp>
    </ConfigProvider>
  );
}
