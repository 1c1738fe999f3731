/** Renting states as the API names them (the generated RentingState). */
import type { RentingState } from '../graphql/graphql';

export interface StatusTag {
  /** German label (SPEC section 4). */
  text: string;
  /** antd Tag preset colour. */
  color: string;
  /** The overview card is highlighted orange. */
  highlight: boolean;
}

const TAGS: Record<RentingState, StatusTag> = {
  APARTMENT_REQUESTED: { text: 'Angefragt', color: 'blue', highlight: false },
  SELECT_APARTMENT: { text: 'Apartment Gewählt', color: 'geekblue', highlight: false },
  APARTMENT_RESERVED: { text: 'Reserviert', color: 'orange', highlight: true },
  OWNER_ACKNOWLEDGED: { text: 'Account Bestätigt', color: 'cyan', highlight: false },
  CONTRACT_REQUESTED: { text: 'Vertrag Angefordert', color: 'purple', highlight: false },
  CONTRACT_SIGNED: { text: 'Vertrag Unterschrieben', color: 'gold', highlight: true },
  UNPAID: { text: 'Bezahlung Ausstehend', color: 'volcano', highlight: false },
  PAYED: { text: 'Bezahlt', color: 'green', highlight: false },
  RENEWAL_REQUEST: { text: 'Verlängerung Beantragt', color: 'magenta', highlight: true },
  RENEWAL_ACCEPTED: { text: 'Verlängerung Akzeptiert', color: 'lime', highlight: false },
  CANCELED: { text: 'Gekündigt', color: 'red', highlight: false },
  AVAILABLE: { text: 'Verfügbar', color: 'success', highlight: false },
  NOT_YET_BOOKABLE: { text: 'Noch nicht buchbar', color: 'processing', highlight: false },
  APARTMENT_BLOCKED: { text: 'Blockiert', color: 'error', highlight: true },
  APARTMENT_EMPTY: { text: 'Empty', color: 'default', highlight: false },
};

const UNHANDLED: StatusTag = { text: 'Unhandled case', color: 'default', highlight: false };

/** The admin status tag of a renting state; unknown or missing states give 'Unhandled case'. */
export function statusTag(state: string | null | undefined): StatusTag {
  if (state && Object.prototype.hasOwnProperty.call(TAGS, state)) {
    return TAGS[state as RentingState];
  }
  return UNHANDLED;
}

export const ALL_STATES = Object.keys(TAGS) as RentingState[];

/**
 * The states in which a renting holds its apartment for the semester (renting's domain.holding): an
 * administrator cannot block the apartment then, whether or not the renter's data is still there.
 */
const HOLDING: readonly string[] = [
  'APARTMENT_RESERVED',
  'OWNER_ACKNOWLEDGED',
  'CONTRACT_REQUESTED',
  'CONTRACT_SIGNED',
  'UNPAID',
  'PAYED',
  'RENEWAL_REQUEST',
  'RENEWAL_ACCEPTED',
] satisfies RentingState[];

/** Whether a renting in this state holds the apartment, so that blocking it is refused. */
export function holdsApartment(state: string): boolean {
  return HOLDING.includes(state);
}
