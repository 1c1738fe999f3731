import { loadTexts } from './i18n/texts';
import { initialLanguage } from './lib/language';
import { siteOperations } from './lib/operations';
import { preloadFirstScreen } from './preload';

// The build runs this module as a script of its own ahead of the app's entry (vite.config.ts,
// startEarly): what the first screen needs (the texts of the visitor's language, the screen's chunk and
// its data) is asked for while the app's code still loads, not a round trip after all of it has loaded
// and run. Kept small, with small imports, so that its script runs long before the entry.

/** The language the visitor starts in. */
export const startLanguage = initialLanguage();

/** Its texts, asked for as soon as this module runs; the app's first render waits for them (main.tsx). */
export const startTexts = loadTexts(startLanguage);

preloadFirstScreen(window.location.pathname, window.location.search, siteOperations);
