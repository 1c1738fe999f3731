import { StrictMode } from 'react';
// antd runs in zero-runtime mode (theme.ts): its components' styles come from the prebuilt CSS.
import 'antd/dist/antd.css';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createApolloClient } from './apollo/client';
import { createI18n } from './i18n';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App client={createApolloClient()} i18n={createI18n()} />
  </StrictMode>,
);
