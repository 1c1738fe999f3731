import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { testI18n } from '../../test/i18n';
import { Pictures } from './Pictures';

const picture = (name: string, descriptionEn: string) => ({
  __typename: 'Picture' as const,
  name,
  url: `/images/${name}-960.webp`,
  width: 960,
  height: 640,
  sources: [
    { __typename: 'PictureSource' as const, type: 'image/avif', srcset: `/images/${name}-480.avif 480w, /images/${name}-960.avif 960w` },
    { __typename: 'PictureSource' as const, type: 'image/webp', srcset: `/images/${name}-480.webp 480w, /images/${name}-960.webp 960w` },
  ],
  descriptionDe: `${descriptionEn} (de)`,
  descriptionEn,
});

function renderPictures(language: 'de' | 'en' = 'en') {
  return render(
    <I18nextProvider i18n={testI18n(language)}>
      <Pictures pictures={[picture('room', 'Room'), picture('kitchen', 'Kitchen')]} />
    </I18nextProvider>,
  );
}

describe('Pictures', () => {
  it('offers each picture as AVIF and WebP in its widths, with its size so the box is reserved', () => {
    const { container } = renderPictures();
    const first = container.querySelectorAll('picture')[0];
    const sources = [...first.querySelectorAll('source')].map((s) => [s.getAttribute('type'), s.getAttribute('srcset'), s.getAttribute('sizes')]);
    expect(sources).toEqual([
      ['image/avif', '/images/room-480.avif 480w, /images/room-960.avif 960w', '(max-width: 672px) calc(100vw - 32px), 640px'],
      ['image/webp', '/images/room-480.webp 480w, /images/room-960.webp 960w', '(max-width: 672px) calc(100vw - 32px), 640px'],
    ]);
    const img = screen.getByRole('img', { name: 'Room' });
    expect([img.getAttribute('src'), img.getAttribute('width'), img.getAttribute('height')]).toEqual(['/images/room-960.webp', '960', '640']);
    expect(img.getAttribute('decoding')).toBe('async');
  });

  it('loads the first picture at once and the others only when shown', () => {
    const { container } = renderPictures();
    const loading = [...container.querySelectorAll('img')].map((img) => img.getAttribute('loading'));
    expect(loading).toEqual(['eager', 'lazy']);
  });

  it('shows the next picture with its description in the chosen language', () => {
    renderPictures('de');
    fireEvent.click(screen.getByRole('button', { name: /nächstes bild/i }));
    expect(screen.getByRole('img', { name: 'Kitchen (de)' })).toBeTruthy();
    expect(screen.getByText('Kitchen (de)').tagName).toBe('FIGCAPTION');
  });
});
