import { initialLanguage } from '../lib/language';
import { loadTexts } from './texts';

// The build runs this module as a script of its own ahead of the app's entry (vite.config.ts,
// startTextsEarly): the texts' chunk is asked for while the app's code still loads, not a round trip
// after it has run. Kept this small so that its script arrives long before the entry.

/** The language the visitor starts in. */
export const startLanguage = initialLanguage();

/** Its texts, asked for as soon as this module runs; the app's first render waits for them (main.tsx). */
export const startTexts = loadTexts(startLanguage);
