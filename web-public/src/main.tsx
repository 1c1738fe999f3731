import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createI18n } from './i18n';
import { startLanguage, startTexts } from './start';
// The site's own styles; antd's come only with the forms' chunks (components/Antd).
import './styles/app.css';

// The first render waits for the texts (asked for by start.ts, with the first screen's chunk and data,
// mostly here by now): no key shows.
void startTexts.then((texts) =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App i18n={createI18n(startLanguage, texts)} />
    </StrictMode>,
  ),
);
