import { describe, expect, it } from 'vitest';
import { ALL_STATES, statusTag } from './status';

describe('statusTag', () => {
  it.each([
    ['APARTMENT_REQUESTED', 'Angefragt', false],
    ['SELECT_APARTMENT', 'Apartment Gewählt', false],
    ['APARTMENT_RESERVED', 'Reserviert', true],
    ['OWNER_ACKNOWLEDGED', 'Account Bestätigt', false],
    ['CONTRACT_REQUESTED', 'Vertrag Angefordert', false],
    ['CONTRACT_SIGNED', 'Vertrag Unterschrieben', true],
    ['UNPAID', 'Bezahlung Ausstehend', false],
    ['PAYED', 'Bezahlt', false],
    ['RENEWAL_REQUEST', 'Verlängerung Beantragt', true],
    ['RENEWAL_ACCEPTED', 'Verlängerung Akzeptiert', false],
    ['CANCELED', 'Gekündigt', false],
    ['AVAILABLE', 'Verfügbar', false],
    ['NOT_YET_BOOKABLE', 'Noch nicht buchbar', false],
    ['APARTMENT_BLOCKED', 'Blockiert', true],
    ['APARTMENT_EMPTY', 'Empty', false],
  ])('%s shows %s (highlight %s)', (state, text, highlight) => {
    const tag = statusTag(state);
    expect(tag.text).toBe(text);
    expect(tag.highlight).toBe(highlight);
    expect(tag.color).toBeTruthy();
  });

  it('covers every renting state of the API', () => {
    expect(ALL_STATES).toHaveLength(15);
  });

  it('highlights exactly reserved, contract signed, renewal request and blocked', () => {
    expect(ALL_STATES.filter((s) => statusTag(s).highlight).sort()).toEqual(
      ['APARTMENT_BLOCKED', 'APARTMENT_RESERVED', 'CONTRACT_SIGNED', 'RENEWAL_REQUEST'],
    );
  });

  it('gives distinct colours to distinct states', () => {
    expect(new Set(ALL_STATES.map((s) => statusTag(s).color)).size).toBe(ALL_STATES.length);
  });

  it.each([['SOMETHING_NEW'], [''], [null], [undefined], ['toString'], ['apartment_reserved']])(
    'unknown state %s shows Unhandled case',
    (state) => {
      expect(statusTag(state).text).toBe('Unhandled case');
      expect(statusTag(state).highlight).toBe(false);
    },
  );
});
