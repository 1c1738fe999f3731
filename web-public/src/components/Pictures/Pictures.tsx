import { Carousel, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApartmentDetailFragment } from '../../graphql/graphql';

type PictureFields = ApartmentDetailFragment['pictures'][number];

export function Pictures({ pictures }: { pictures: PictureFields[] }) {
  const { t, i18n } = useTranslation();
  if (pictures.length === 0) return null;
  return (
    <section aria-label={t('booking.step2.pictures')} style={{ maxWidth: 640, marginBottom: 16 }}>
      <Carousel dots arrows adaptiveHeight>
        {pictures.map((p) => {
          const alt = i18n.language === 'de' ? p.descriptionDe : p.descriptionEn;
          return (
            <figure key={p.url} style={{ margin: 0 }}>
              <img src={p.url} alt={alt || p.name} loading="lazy" style={{ width: '100%', maxHeight: 420, objectFit: 'cover' }} />
              {alt && <Typography.Text type="secondary">{alt}</Typography.Text>}
            </figure>
          );
        })}
      </Carousel>
    </section>
  );
}
