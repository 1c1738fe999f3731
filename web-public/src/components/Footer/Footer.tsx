import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useResidence } from '../Residence/residence';
import { LEGAL_PAGES } from '../../pages/legal/legalPages';

/** Every page's footer: who runs the residence and how to reach them, and the legal pages. */
export function Footer() {
  const { t } = useTranslation();
  const { residence } = useResidence();
  return (
    <footer className="app-footer">
      {residence && (
        <>
          <p>
            {residence.name} · {residence.address}
          </p>
          <p>
            <a href={`mailto:${residence.email}`}>{residence.email}</a> ·{' '}
            <a href={`tel:${residence.phone.replace(/[^+\d]/g, '')}`}>{residence.phone}</a>
          </p>
        </>
      )}
      <nav aria-label={t('legal.nav')}>
        <ul>
          {LEGAL_PAGES.map((page) => (
            <li key={page}>
              <Link to={`/legal/${page}`}>{t(`legal.${page}`)}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
