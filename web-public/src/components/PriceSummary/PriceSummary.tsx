import { Descriptions } from 'antd';
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
  return (
    <Descriptions title={t('booking.step2.priceTitle')} column={1} bordered size="small">
      <Descriptions.Item label={t('booking.step2.monthlyRent')}>{formatMoney(apartment.pricePerMonth, lang)}</Descriptions.Item>
      <Descriptions.Item label={t('booking.step2.semester')}>{semester.name}</Descriptions.Item>
      {price.items.map((item, i) => (
        <Descriptions.Item key={i} label={`${item.qty} × ${lang === 'de' ? item.textDe : item.textEn}`}>
          {formatMoney(item.total, lang)}
        </Descriptions.Item>
      ))}
      <Descriptions.Item label={t('booking.step2.total')}>
        <strong>{formatMoney(price.total, lang)}</strong>
      </Descriptions.Item>
      <Descriptions.Item label={t('booking.step2.moveIn')}>{formatDay(semester.startDate, lang)}</Descriptions.Item>
      <Descriptions.Item label={t('booking.step2.moveOut')}>{formatDay(semester.endDate, lang)}</Descriptions.Item>
    </Descriptions>
  );
}
