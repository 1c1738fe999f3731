import type { AdminGraphQL } from './waitlist';

/** The states in which a booking's contract is out: freeApartment refuses to delete it, the office cancels it. */
const CONTRACT_OUT = ['CONTRACT_REQUESTED', 'CONTRACT_SIGNED', 'UNPAID', 'PAYED'];

/**
 * Cancels the booking of an earlier run that holds the apartment in the semester with its contract
 * out (refunding nothing), so that freeApartment may delete it; on a fresh system there is none.
 */
export async function cancelContractOut(admin: AdminGraphQL, apartmentId: number, semesterId: number): Promise<void> {
  const { renterCurrentRentingInfo: holder } = await admin<{ renterCurrentRentingInfo: { rentingId: string | null; state: string | null } | null }>(
    'query Holder($a: Int!, $s: Int!) { renterCurrentRentingInfo(apartmentId: $a, semesterId: $s) { rentingId state } }',
    { a: apartmentId, s: semesterId },
  );
  if (!holder?.rentingId || !CONTRACT_OUT.includes(holder.state ?? '')) return;
  const { cancelBooking } = await admin<{ cancelBooking: { exception: { messageId: string } | null } }>(
    'mutation Cancel($r: ID!) { cancelBooking(rentingId: $r, reason: "Testlauf wiederholt", refundCents: 0) { exception { messageId } } }',
    { r: holder.rentingId },
  );
  if (cancelBooking.exception) throw new Error(`cancelling ${holder.rentingId}: ${cancelBooking.exception.messageId}`);
}
