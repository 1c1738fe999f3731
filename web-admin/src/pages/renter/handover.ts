import type { HandoverStatus } from '../../graphql/graphql';
import type { UserDataException } from '../../apollo/errors';
import { isoDate } from '../../lib/date';

/** German names of where a handover stands, with a tag colour. */
export const HANDOVER_STATUS: Record<HandoverStatus, { text: string; color: string }> = {
  RECORDED: { text: 'Erfasst', color: 'blue' },
  CONFIRMED: { text: 'Bestätigt', color: 'green' },
  DISPUTED: { text: 'Widersprochen', color: 'red' },
  SETTLED: { text: 'Abgerechnet', color: 'default' },
};

/** The most damages a handover records and photos a damage has, as the renting service allows. */
export const MAX_DAMAGES = 20;
export const MAX_PHOTOS = 3;
export const PHOTO_TYPES = ['image/jpeg', 'image/png'];

/** Today in the residence's time zone (yyyy-MM-dd), as the server compares handover days and deadlines. */
export function today(): string {
  return isoDate(new Date());
}

/** The refusal of deductions above the deposit, as the server words it. */
export function deductionsExceedDeposit(depositCents: number, deductionsCents: number): UserDataException {
  return {
    path: 'damages',
    messageId: 'DEDUCTIONS_EXCEED_DEPOSIT',
    params: [
      { key: 'deposit', value: String(depositCents) },
      { key: 'deductions', value: String(deductionsCents) },
    ],
  };
}
