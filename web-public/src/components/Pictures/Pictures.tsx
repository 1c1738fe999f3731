import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApartmentDetailFragment } from '../../graphql/graphql';

type PictureFields = ApartmentDetailFragment['pictures'][number];

/**
 * The apartment's pictures, one at a time with previous/next and a dot per picture. Every picture has
 * its box reserved (2:1, like the demo pictures) so nothing moves when it arrives; the first one is
 * the page's largest content and loads at once, the others only when shown.
 */
export function Pictures({ pictures }: { pictures: PictureFields[] }) {
  const { t, i18n } = useTranslation();
  const [index, setIndex] = useState(0);
  if (pictures.length === 0) return null;
  const go = (i: number) => setIndex((i + pictures.length) % pictures.length);
  return (
    <section aria-label={t('booking.step2.pictures')} aria-roledescription="carousel" className="pictures">
      {pictures.map((p, i) => {
        const alt = i18n.language === 'de' ? p.descriptionDe : p.descriptionEn;
        return (
          <div
            key={p.url}
            hidden={i !== index}
            role="group"
            aria-roledescription="slide"
            aria-label={t('booking.step2.pictureOf', { n: i + 1, total: pictures.length })}
          >
            <figure>
              <img
                src={p.url}
                alt={alt || p.name}
                width={640}
                height={320}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                decoding="async"
              />
              {alt && <figcaption>{alt}</figcaption>}
            </figure>
          </div>
        );
      })}
      {pictures.length > 1 && (
        <div className="pictures-nav">
          <button type="button" className="btn" aria-label={t('booking.step2.previousPicture')} onClick={() => go(index - 1)}>
            ‹
          </button>
          {pictures.map((p, i) => (
            <button
              key={p.url}
              type="button"
              className={i === index ? 'btn btn-primary' : 'btn'}
              aria-label={t('booking.step2.pictureOf', { n: i + 1, total: pictures.length })}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => go(i)}
            >
              {i + 1}
            </button>
          ))}
          <button type="button" className="btn" aria-label={t('booking.step2.nextPicture')} onClick={() => go(index + 1)}>
            ›
          </button>
        </div>
      )}
    </section>
  );
}
