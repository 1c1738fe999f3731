import { useEffect, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Message/ShowMessage';
import { useResidence } from '../../components/Residence/residence';
import { Spinner } from '../../components/Spinner/Spinner';
import { currentLanguage } from '../../i18n';
import { fillResidence, isLegalPage, LEGAL_TEXTS_URL, type LegalTexts } from './legalPages';

/** Impressum, Datenschutzerklärung, Nutzungsbedingungen: the operator's texts with the residence filled in. */
export default function Legal() {
  const { t, i18n } = useTranslation();
  const { page } = useParams();
  const { residence, loading } = useResidence();
  const [texts, setTexts] = useState<LegalTexts | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    fetch(LEGAL_TEXTS_URL)
      .then((r) => (r.ok ? (r.json() as Promise<LegalTexts>) : Promise.reject(new Error(String(r.status)))))
      .then((json) => live && setTexts(json))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);
  if (!isLegalPage(page)) return <Navigate to="/booking/step1" replace />;
  if (failed) return <Alert>{t('common.error')}</Alert>;
  if (!texts || loading) return <Spinner />;
  const text = texts[page][currentLanguage(i18n)];
  const fill = (s: string) => (residence ? fillResidence(s, residence) : s);
  return (
    <article className="legal">
      <h1>{fill(text.title)}</h1>
      {text.paragraphs.map((p, i) => (
        <p key={i}>{fill(p)}</p>
      ))}
    </article>
  );
}
