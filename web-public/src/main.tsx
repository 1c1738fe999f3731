import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createI18n } from './i18n';
import { startLanguage, startTexts } from './i18n/start';
import { siteOperations } from './lib/operations';
import { preloadFirstScreen } from './preload';
// The site's own styles; antd's come only with the forms' chunks (components/Antd).
import './styles/app.css';

preloadFirstScreen(window.location.pathname, window.location.search, siteOperations);

// The first render waits for the texts (asked for by i18n/start.ts, mostly here by now): no key shows.
void startTexts.then((texts) =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App i18n={createI18n(startLanguage, texts)} />
    </StrictMode>,
  ),
);
