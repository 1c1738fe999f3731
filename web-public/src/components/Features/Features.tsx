import { useTranslation } from 'react-i18next';

export function Features({ features }: { features: string[] }) {
  const { t } = useTranslation();
  return (
    <section>
      <h2 className="h4">{t('booking.step2.features')}</h2>
      <ul className="features">
        {features.map((f) => (
          <li key={f}>
            <span className="tag">{t(`features.${f}`, { defaultValue: f })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
