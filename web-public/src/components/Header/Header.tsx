import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../../i18n';
import { loadTexts } from '../../i18n/texts';
import { type Language, SUPPORTED_LANGUAGES } from '../../lib/language';
import { useResidence } from '../Residence/residence';

/**
 * The header: home link and the language menu. Plain elements (no antd) because it is part of every
 * first paint; the menu follows the WAI-ARIA menu button pattern (Escape and a click outside close it).
 */
export function Header() {
  const { t, i18n } = useTranslation();
  const current = i18n.language === 'de' ? 'de' : 'en';
  const { residence } = useResidence();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  // The tab shows the residence's name, as the header does.
  useEffect(() => {
    if (residence) document.title = residence.name;
  }, [residence]);

  useEffect(() => {
    if (!open) return;
    // Each language's texts are a chunk of their own: asked for as the menu opens, they are mostly
    // here by the time one is chosen, and the switch shows at once.
    for (const lng of SUPPORTED_LANGUAGES) void loadTexts(lng).catch(() => undefined);
    menu.current?.querySelector<HTMLButtonElement>('[aria-current="true"]')?.focus();
    const outside = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  const choose = (lng: Language) => {
    setOpen(false);
    button.current?.focus();
    void switchLanguage(i18n, lng);
  };

  const onMenuKey = (e: React.KeyboardEvent<HTMLUListElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape' || e.key === 'Tab') {
      setOpen(false);
      if (e.key === 'Escape') button.current?.focus();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
    }
  };

  return (
    <header className="app-header">
      <Link to="/" aria-label={residence ? t('header.home', { name: residence.name }) : t('header.homePlain')} className="app-home">
        {residence?.name}
      </Link>
      <div className="lang" ref={root}>
        <button
          ref={button}
          type="button"
          className="btn"
          aria-label={t('header.language')}
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls="language-menu"
          onClick={() => setOpen((o) => !o)}
        >
          {t(`header.${current}`)} ▾
        </button>
        {open && (
          <ul id="language-menu" role="menu" aria-label={t('header.language')} className="lang-menu" ref={menu} onKeyDown={onMenuKey}>
            {SUPPORTED_LANGUAGES.map((lng) => (
              <li role="none" key={lng}>
                <button type="button" role="menuitem" aria-current={lng === current ? "true" : undefined} lang={lng} onClick={() => choose(lng)}>
                  {t(`header.${lng}`)}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </header>
  );
}
