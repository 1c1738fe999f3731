import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * A renewal waiting for its answer, answered in the renewal form (/booking/extend) with the page's
 * token: the renting service takes the token of the renter's own page for their renewal as it takes
 * the renewal mail's, with the same deadline.
 */
export function RenewalAnswer({ token, rentingId, deadline }: { token: string; rentingId: string; deadline: string }) {
  const { t } = useTranslation();
  const query = new URLSearchParams({ rentingId, token });
  return (
    <>
      <p>{t('booking.renterPage.renewal.text', { date: deadline })}</p>
      <Link to={`/booking/extend?${query.toString()}`}>{t('booking.renterPage.renewal.answer')}</Link>
    </>
  );
}
