import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApartmentDetailFragment } from '../../graphql/graphql';
import { PICTURE_SIZES } from './sizes';

type PictureFields = ApartmentDetailFragment['pictures'][number];


/**
 * The apartment's pictures, one at a time with previous/next and a dot per picture. Every picture has
 * its box reserved (3:2, like the demo pictures) so nothing moves when it arrives; the browser picks
 * the most compact format it knows (AVIF, WebP) in the width the screen needs. The first one is the
 * page's largest content and loads at once, the others only when shown.
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
              <picture>
                {p.sources.map((s) => (
                  <source key={s.type} type={s.type} srcSet={s.srcset} sizes={PICTURE_SIZES} />
                ))}
                <img
                  src={p.url}
                  alt={alt || p.name}
                  width={p.width || 960}
                  height={p.height || 640}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : undefined}
                  decoding="async"
                />
              </picture>
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
