import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createApolloClient } from './apollo/client';
import { createI18n } from './i18n';
import { preloadFirstScreen } from './preload';
// The site's own styles; antd's come only with the forms' chunks (components/Antd).
import './styles/app.css';

const client = createApolloClient();
preloadFirstScreen(window.location.pathname, window.location.search, client);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App client={client} i18n={createI18n()} />
  </StrictMode>,
);
