import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createApolloClient } from './apollo/client';
import { createI18n } from './i18n';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App client={createApolloClient()} i18n={createI18n()} />
  </StrictMode>,
);
