import { useTranslation } from 'react-i18next';

/** What decides which files of a booking there are: its state and the days it was signed and paid. */
export interface BookingFilesProps {
  token: string;
  rentingId: string;
  state: string;
  contractSignedDate?: string | null;
  paidDate?: string | null;
}

/**
 * The booking's contract (the signed one once signed, the one to sign while signing is open) and,
 * once paid, its receipt, as PDFs. The page token in the link is the credential: the document
 * service serves only the token's renter's files.
 */
export function BookingFiles({ token, rentingId, state, contractSignedDate, paidDate }: BookingFilesProps) {
  const { t } = useTranslation();
  const base = `/api/my-booking/${encodeURIComponent(rentingId)}`;
  const query = `?token=${encodeURIComponent(token)}`;
  const signed = Boolean(contractSignedDate);
  const contract = signed || state === 'CONTRACT_REQUESTED';
  if (!contract && !paidDate) return null;
  return (
    <ul className="my-booking-files" aria-label={t('booking.renterPage.files.title')}>
      {contract && (
        <li>
          <a href={`${base}/contract.pdf${query}`} download>
            {t(signed ? 'booking.renterPage.files.signedContract' : 'booking.renterPage.files.contract')}
          </a>
        </li>
      )}
      {paidDate && (
        <li>
          <a href={`${base}/receipt.pdf${query}`} download>
            {t('booking.renterPage.files.receipt')}
          </a>
        </li>
      )}
    </ul>
  );
}
