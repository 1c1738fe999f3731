import { lazy, Suspense } from 'react';
import { useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/Message/ShowMessage';
import { Pictures } from '../../components/Pictures/Pictures';
import { PriceSummary } from '../../components/PriceSummary/PriceSummary';
import { Spinner } from '../../components/Spinner/Spinner';
import { businessException } from '../../lib/errors';
import { EXTEND_BOOKING } from './Extend.graphql';

// The form (antd) is its own chunk, loaded once the offer is shown.
const RenewalForm = lazy(() => import('./RenewalForm'));

export default function Extend() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const rentingId = params.get('rentingId');
  // The renewal mail's token, or the renter page's (its link to the renewal): the renting id alone
  // opens nothing (docs/security.md, "Capabilities").
  const token = params.get('token');
  const { data, loading, error } = useQuery(EXTEND_BOOKING, {
    variables: { rentingId: rentingId ?? '', token: token ?? '' },
    skip: !rentingId || !token,
    fetchPolicy: 'network-only',
  });
  if (!rentingId) return <ErrorAlert message={{ key: 'errors.missingRentingId' }} />;
  if (!token) return <ErrorAlert message={{ key: 'validation.RENEWAL_LINK_INVALID' }} />;
  if (loading) return <Spinner />;
  const refused = businessException(error);
  if (refused) return <ErrorAlert message={{ key: `validation.${refused.messageId}` }} />;
  if (error) return <ErrorAlert message={{ key: 'errors.occurred', values: { message: t('errors.retry') } }} />;
  const offer = data?.extendBookingQuery;
  const renter = data?.renterByRentingId;
  if (!offer || !renter) return <p>{t('booking.extend.notOpen')}</p>;
  return (
    <>
      <h1>{t('booking.extend.title')}</h1>
      <p>{t('booking.extend.text', { name: offer.apartment.name, semester: offer.semester.name })}</p>
      <div className="columns">
        <div>
          <Pictures pictures={offer.apartment.pictures} />
        </div>
        <div>
          <PriceSummary apartment={offer.apartment} semester={offer.semester} price={offer.priceCalculation} />
        </div>
      </div>
      <div style={{ marginTop: 32 }}>
        <Suspense fallback={<Spinner />}>
          <RenewalForm rentingId={rentingId} token={token} renter={renter} />
        </Suspense>
      </div>
    </>
  );
}
