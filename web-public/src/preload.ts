import type { Operations } from './lib/operations';
import { AVAILABLE_APARTMENTS } from './pages/booking/Step1.graphql';
import { BOOK_APARTMENT, BOOKABLE_SEMESTER } from './pages/booking/Step2.graphql';

/** Paths with a screen of their own other than step1 and step2; every other path ends on step1. */
const OTHER_SCREENS =
  /^\/(booking\/(step2done|step3|step3done|step4|step4done|step5|step5done|success|extend|renewal-accepted|renewal-declined)|sandbox)\/?$/;

/**
 * Starts loading what the first screen needs while the shell starts up: its chunk and, for step1 and
 * step2, their queries (kept by lib/operations, where the screen's own query finds them). Without
 * this the screen's chunk would be requested only when the router renders it, and its data only when
 * the chunk has run: three round trips one after the other instead of side by side.
 */
export function preloadFirstScreen(pathname: string, search: string, operations: Operations): void {
  const ignore = () => undefined;
  if (/^\/booking\/step2\/?$/.test(pathname)) {
    void import('./pages/booking/Step2').catch(ignore);
    // step2 asks for the bookable semester, then for the apartment in it: both, one after the other, now.
    const rawId = new URLSearchParams(search).get('apartment-id');
    const aid = rawId !== null && /^\d+$/.test(rawId) ? Number(rawId) : null;
    void operations
      .query(BOOKABLE_SEMESTER)
      .then((data) => {
        const sid = data.bookableSemester?.id;
        if (aid !== null && sid !== undefined) return operations.query(BOOK_APARTMENT, { aid, sid });
        return undefined;
      })
      .catch(ignore);
  } else if (!OTHER_SCREENS.test(pathname)) {
    void import('./pages/booking/Step1').catch(ignore);
    void operations.query(AVAILABLE_APARTMENTS).catch(ignore);
  }
}
