import { RESIDENCE } from './components/Residence/residence';
import { PICTURE_SIZES } from './components/Pictures/sizes';
import type { ApartmentDetailFragment } from './graphql/graphql';
import type { Operations } from './lib/operations';
import { AVAILABLE_APARTMENTS } from './pages/booking/Step1.graphql';
import { APARTMENT_AVAILABILITY, BOOK_APARTMENT, BOOKABLE_SEMESTER } from './pages/booking/Step2.graphql';

/** Paths with a screen of their own other than step1 and step2; every other path ends on step1. */
const OTHER_SCREENS =
  /^\/(booking\/(step2done|step3|step3done|step4|step4done|step5|step5done|success|extend|renewal-accepted|renewal-declined)|sandbox)\/?$/;

/**
 * Starts loading what the first screen needs while the shell starts up: its chunk and, for step1 and
 * step2, their queries (kept by lib/operations, where the screen's own query finds them). Without
 * this the screen's chunk would be requested only when the router renders it, and its data only when
 * the chunk has run: round trips one after the other instead of side by side.
 */
export function preloadFirstScreen(pathname: string, search: string, operations: Operations): void {
  const ignore = () => undefined;
  // Every screen's header names the residence.
  void operations.query(RESIDENCE).catch(ignore);
  if (/^\/booking\/step2\/?$/.test(pathname)) {
    void import('./pages/booking/Step2').catch(ignore);
    // step2 asks for the bookable semester, then for the apartment in it: both, one after the other, now;
    // and beside them whether the apartment is still free (fresh enough for the screen: FRESH_FOR_MS).
    const rawId = new URLSearchParams(search).get('apartment-id');
    const aid = rawId !== null && /^\d+$/.test(rawId) ? Number(rawId) : null;
    if (aid !== null) void operations.query(APARTMENT_AVAILABILITY).catch(ignore);
    void operations
      .query(BOOKABLE_SEMESTER)
      .then((data) => {
        const sid = data.bookableSemester?.id;
        if (aid !== null && sid !== undefined) return operations.query(BOOK_APARTMENT, { aid, sid });
        return undefined;
      })
      .then((data) => data && preloadPicture(data.bookApartment.apartment.pictures[0]))
      .catch(ignore);
  } else if (!OTHER_SCREENS.test(pathname)) {
    void import('./pages/booking/Step1').catch(ignore);
    void operations.query(AVAILABLE_APARTMENTS).catch(ignore);
  }
}

/**
 * Asks for step2's first picture, the page's largest content, as soon as its address is known instead
 * of when the screen draws it: in the first format the screen offers (a browser that does not know the
 * format skips the hint, and the screen's picture element then picks another).
 */
function preloadPicture(picture: ApartmentDetailFragment['pictures'][number] | undefined): void {
  if (!picture) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.fetchPriority = 'high';
  const source = picture.sources[0];
  if (source) {
    link.type = source.type;
    link.imageSrcset = source.srcset;
    link.imageSizes = PICTURE_SIZES;
  } else {
    link.href = picture.url;
  }
  document.head.appendChild(link);
}
