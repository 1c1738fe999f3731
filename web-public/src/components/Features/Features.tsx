import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function Features({ features }: { features: string[] }) {
  const { t } = useTranslation();
  return (
    <section>
      <Typography.Title level={4}>{t('booking.step2.features')}</Typography.Title>
      <ul style={{ listStyle: 'none', padding: 0, display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {features.map((f) => (
          <li key={f}>
            <Tag>{t(`features.${f}`, { defaultValue: f })}</Tag>
          </li>
        ))}
      </ul>
    </section>
  );
}
