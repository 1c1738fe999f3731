import { siteOperations } from './lib/operations';
import { preloadFirstScreen } from './preload';
// The site's own styles; antd's come only with the forms' chunks (components/Antd).
import './styles/app.css';

// The entry is small: it asks for the first screen's data and code at once, while the app itself
// (React DOM, the router, the texts: most of the JavaScript) still loads and starts (start.tsx).
preloadFirstScreen(window.location.pathname, window.location.search, siteOperations);
void import('./start');
