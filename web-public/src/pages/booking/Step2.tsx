import { lazy, Suspense, useDeferredValue } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BookingSteps } from '../../components/BookingSteps/BookingSteps';
import { Features } from '../../components/Features/Features';
import { Alert, ErrorAlert } from '../../components/Message/ShowMessage';
import { Pictures } from '../../components/Pictures/Pictures';
import { PriceSummary } from '../../components/PriceSummary/PriceSummary';
import { Spinner } from '../../components/Spinner/Spinner';
import { WhenNear } from '../../components/WhenNear/WhenNear';
import { ApolloScope } from '../../apollo';
import { businessException } from '../../lib/errors';
import { useOperation } from '../../lib/operations';
import { APARTMENT_AVAILABILITY, BOOK_APARTMENT, BOOKABLE_SEMESTER } from './Step2.graphql';

// The form (antd Form, Select, Upload and antd's CSS: ~190 KB gzip) is a chunk of its own, far below the
// fold on a phone: it loads when the user scrolls towards it or follows "Book now", not with the page.
const BookingForm = lazy(() => import('./BookingForm'));

const FAQ = ['faqMoveIn', 'faqPower', 'faqFurniture', 'faqPayment'] as const;

export default function Step2() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const rawId = params.get('apartment-id');
  const apartmentId = rawId !== null && /^\d+$/.test(rawId) ? Number(rawId) : null;
  // The extend flag (SPEC: the query parameter renter): a current renter, named by the renting of
  // their renewal link, looks at the apartment to extend their stay instead of booking it anew.
  const renter = params.get('renter');
  const extend = renter !== null && renter !== '';
  // The renewal mail's token travels along: the extend page opens nothing without it.
  const token = params.get('token');
  // A waitlist offer's link: the apartment is held for its token, so it shows as taken to everybody
  // else, and the form sends the token along.
  const offer = params.get('offer') ?? undefined;
  const extendLink = extend ? `/booking/extend?${new URLSearchParams({ rentingId: renter, ...(token ? { token } : {}) }).toString()}` : '';
  const semesterQuery = useOperation(BOOKABLE_SEMESTER, { skip: apartmentId === null });
  const semesterId = semesterQuery.data?.bookableSemester?.id;
  const bookQuery = useOperation(BOOK_APARTMENT, {
    variables: { aid: apartmentId ?? 0, sid: semesterId ?? 0 },
    skip: apartmentId === null || semesterId === undefined,
  });
  // Always asked anew: an apartment booked since step1 was loaded must not offer the form.
  const availability = useOperation(APARTMENT_AVAILABILITY, { skip: apartmentId === null, fresh: true });
  // The apartment is drawn in a deferred render, which React splits into short pieces between which
  // the browser can paint and react to input, instead of one long task when the data arrives.
  const shown = useDeferredValue(bookQuery.data);

  if (rawId === null) return <ErrorAlert message={{ key: 'errors.missingApartmentId' }} />;
  if (apartmentId === null) return <ErrorAlert message={{ key: 'errors.noApartment', values: { id: rawId } }} />;
  if (semesterQuery.loading || bookQuery.loading || availability.loading || (bookQuery.data && !shown)) return <Spinner />;
  if (businessException(bookQuery.error)?.messageId === 'NO_APARTMENT')
    return <ErrorAlert message={{ key: 'errors.noApartment', values: { id: String(apartmentId) } }} />;
  if (semesterQuery.error || bookQuery.error)
    return <ErrorAlert message={{ key: 'errors.occurred', values: { message: t('errors.retry') } }} />;
  if (!semesterQuery.data?.bookableSemester) return <ErrorAlert message={{ key: 'errors.noSemester' }} />;
  const booking = shown?.bookApartment;
  if (!booking) return <ErrorAlert message={{ key: 'errors.noApartment', values: { id: String(apartmentId) } }} />;
  const { apartment, semester, priceCalculation } = booking;
  const booked =
    !offer && (availability.data?.availableApartments.apartmentBookable.some((a) => a.apartmentId === apartment.id && !a.free) ?? false);
  const description = i18n.language === 'de' ? apartment.descriptionDe : apartment.descriptionEn;

  return (
    <>
      <BookingSteps current={1} />
      <h1>{t('booking.step2.title', { name: apartment.name })}</h1>
      {offer && !extend && (
        <div className="card notice" role="status" data-testid="offer-notice">
          <div className="card-body">{t('booking.waitlist.offerNotice', { name: apartment.name })}</div>
        </div>
      )}
      {booked && !extend && (
        <Alert type="warning">
          <h2 className="h4">{t('booking.step2.bookedTitle')}</h2>
          <p>{t('booking.step2.bookedText', { name: apartment.name, semester: semester.name })}</p>
          <Link to="/booking/step1">{t('booking.step2.toStep1')}</Link>
        </Alert>
      )}
      <div className="columns">
        <div>
          <Pictures pictures={apartment.pictures} />
          {description && <p>{description}</p>}
          <Features features={apartment.features} />
          <h2 className="h4">{t('booking.step2.faqTitle')}</h2>
          <div className="faq">
            {FAQ.map((k) => (
              <details key={k}>
                <summary>{t(`booking.step2.${k}Q`)}</summary>
                <p>{t(`booking.step2.${k}`)}</p>
              </details>
            ))}
          </div>
          <h2 className="h4">{t('booking.step2.expectTitle')}</h2>
          <p>{t('booking.step2.expectText')}</p>
          <h2 className="h4">{t('booking.step2.knowTitle')}</h2>
          <p>{t('booking.step2.knowText')}</p>
        </div>
        <div>
          <PriceSummary apartment={apartment} semester={semester} price={priceCalculation} />
          {extend ? (
            <button type="button" className="btn btn-primary btn-lg" style={{ marginTop: 16 }} onClick={() => void navigate(extendLink)}>
              {t('booking.extend.title')}
            </button>
          ) : booked ? null : (
            <a className="btn btn-primary btn-lg" href="#booking-form" style={{ marginTop: 16 }}>
              {t('booking.step2.book')}
            </a>
          )}
        </div>
      </div>
      {extend ? (
        <div className="card notice" data-testid="extend-notice">
          <div className="card-body">
            <p>{t('booking.step2.extendText')}</p>
            <Link to={extendLink}>{t('booking.extend.title')}</Link>
          </div>
        </div>
      ) : booked ? null : (
        <div id="booking-form" style={{ marginTop: 32 }}>
          <WhenNear minHeight={400}>
            <Suspense fallback={<div style={{ minHeight: 400 }}><Spinner /></div>}>
              <ApolloScope>
                <BookingForm apartmentId={apartment.id} semesterId={semester.id} sample={params.has('dummy')} offerToken={offer} />
              </ApolloScope>
            </Suspense>
          </WhenNear>
        </div>
      )}
    </>
  );
}
