import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatMoney } from '../../lib/money';
import { currentLanguage } from '../../i18n';
import type { ApartmentDetailFragment, PriceFieldsFragment, SemesterFieldsFragment } from '../../graphql/graphql';

export function PriceSummary({
  apartment,
  semester,
  price,
}: {
  apartment: ApartmentDetailFragment;
  semester: SemesterFieldsFragment;
  price: PriceFieldsFragment;
}) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const titleId = useId();
  const row = (label: string, value: React.ReactNode, key?: string | number) => (
    <tr key={key ?? label}>
      <th scope="row">{label}</th>
      <td>{value}</td>
    </tr>
  );
  return (
    <section aria-labelledby={titleId}>
      <div className="price-title" id={titleId}>
        <strong>{t('booking.step2.priceTitle')}</strong>
      </div>
      <table className="price">
        <tbody>
          {row(t('booking.step2.monthlyRent'), formatMoney(apartment.pricePerMonth, lang))}
          {row(t('booking.step2.semester'), semester.name)}
          {price.items.map((item, i) =>
            row(`${item.qty} × ${lang === 'de' ? item.textDe : item.textEn}`, formatMoney(item.total, lang), i),
          )}
          {row(t('booking.step2.total'), <strong>{formatMoney(price.total, lang)}</strong>)}
          {row(t('booking.step2.moveIn'), formatDay(semester.startDate, lang))}
          {row(t('booking.step2.moveOut'), formatDay(semester.endDate, lang))}
        </tbody>
      </table>
    </section>
  );
}
