import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { formatMoney } from '../../lib/money';
import type { ProgressFieldsFragment } from '../../graphql/graphql';

/** What the booking is about: the apartment, the semester and the total, as the price summary named them. */
export function BookingSummary({ progress }: { progress: ProgressFieldsFragment }) {
  const { t, i18n } = useTranslation();
  return (
    <dl className="booking-summary" data-testid="booking-summary">
      <div>
        <dt>{t('booking.summary.apartment')}</dt>
        <dd>{progress.apartment.name}</dd>
      </div>
      <div>
        <dt>{t('booking.step2.semester')}</dt>
        <dd>{progress.semester.name}</dd>
      </div>
      <div>
        <dt>{t('booking.step2.total')}</dt>
        <dd>{formatMoney(progress.priceCalculation.total, currentLanguage(i18n))}</dd>
      </div>
    </dl>
  );
}
