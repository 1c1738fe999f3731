import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';
import { Alert } from '../../../components/Message/ShowMessage';

/** A document the residence keeps of the renter, as the document service lists it: never its content. */
export interface MyDocument {
  id: string;
  type: string;
  fileName: string;
  contentType: string;
  size: number;
  uploadedAt: string;
}

const BASE = '/api/my-booking/documents';

/** The renter's documents, listed by the document service for the page token; rejects when it answers otherwise. */
export async function fetchMyDocuments(token: string): Promise<MyDocument[]> {
  const response = await fetch(`${BASE}?token=${encodeURIComponent(token)}`);
  if (!response.ok) throw new Error(`the documents answered HTTP ${response.status}`);
  return ((await response.json()) as { documents: MyDocument[] }).documents;
}

/** The kinds of document the page names; anything else is "a document". */
const TYPES = ['IDENTITY_CARD_FRONT', 'IDENTITY_CARD_BACK', 'IMMATRICULATION', 'CONTRACT', 'SIGNED_CONTRACT'];

/**
 * The documents the residence keeps of the renter (identity card copies while kept, enrollment
 * certificates, contracts), each with its own download. The page token in the link is the
 * credential: the document service serves only the token's renter's documents.
 */
export function MyDocuments({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const [documents, setDocuments] = useState<MyDocument[]>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    fetchMyDocuments(token)
      .then((list) => live && setDocuments(list))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [token]);
  const date = (value: string) =>
    new Intl.DateTimeFormat(currentLanguage(i18n) === 'de' ? 'de-DE' : 'en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(value));
  return (
    <section aria-labelledby="my-documents">
      <h2 id="my-documents">{t('booking.renterPage.documents.title')}</h2>
      {failed && <Alert>{t('booking.renterPage.documents.failed')}</Alert>}
      {documents?.length === 0 && <p>{t('booking.renterPage.documents.none')}</p>}
      {documents && documents.length > 0 && (
        <ul className="my-booking-files">
          {documents.map((d) => (
            <li key={d.id}>
              <a href={`${BASE}/${encodeURIComponent(d.id)}?token=${encodeURIComponent(token)}`} download>
                {t('booking.renterPage.documents.item', {
                  type: t(`booking.renterPage.documents.type.${TYPES.includes(d.type) ? d.type : 'OTHER'}`),
                  date: date(d.uploadedAt),
                })}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
