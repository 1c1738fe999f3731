import { describe, expect, it } from 'vitest';
import { amountError, changedApartments, sortById, toUpdate } from './apartments';

const apt = (id: number, pricePerMonth = 400) => ({
  id,
  descriptionDe: `DE ${id}`,
  descriptionEn: `EN ${id}`,
  pricePerMonth,
  priceDeposit: 800,
  priceCleaning: 90,
});

describe('changedApartments', () => {
  const original = [apt(1), apt(2), apt(3)];

  it('sends nothing when nothing was edited', () => {
    expect(changedApartments(original, {})).toEqual([]);
  });

  it('sends nothing when edits equal the loaded values', () => {
    expect(changedApartments(original, { 2: apt(2) })).toEqual([]);
  });

  it.each([
    ['descriptionDe', 'neu'],
    ['descriptionEn', 'new'],
    ['pricePerMonth', 420],
    ['priceDeposit', 1],
    ['priceCleaning', 0],
  ])('detects a change of %s', (field, value) => {
    const edited = { 2: { ...apt(2), [field]: value } };
    expect(changedApartments(original, edited)).toEqual([{ ...apt(2), [field]: value }]);
  });

  it('sends only the changed apartments, in id order, without extra fields', () => {
    const edited = { 3: { ...apt(3, 500), name: 'x' } as never, 1: apt(1, 450), 2: apt(2) };
    const changes = changedApartments(original, edited);
    expect(changes.map((c) => c.id)).toEqual([1, 3]);
    expect(Object.keys(changes[1]).sort()).toEqual(Object.keys(apt(3)).sort());
  });

  it('ignores edits of apartments that were not loaded', () => {
    expect(changedApartments(original, { 9: apt(9, 1) })).toEqual([]);
  });
});

describe('toUpdate and sortById', () => {
  it('drops fields the update does not take', () => {
    expect(toUpdate({ ...apt(1), name: 'A1', floor: { id: 1 } } as never)).toEqual(apt(1));
  });
  it('sorts by id without changing the input', () => {
    const input = [{ id: 3 }, { id: 1 }, { id: 2 }];
    expect(sortById(input).map((x) => x.id)).toEqual([1, 2, 3]);
    expect(input.map((x) => x.id)).toEqual([3, 1, 2]);
  });
});

describe('amountError', () => {
  it.each([
    ['495', undefined],
    ['495,5', undefined],
    ['495.50', undefined],
    [' 12,00 ', undefined],
    ['', 'Angabe fehlt.'],
    ['abc', 'Bitte einen Betrag in Euro eingeben, z. B. 495,00.'],
    ['4,955', 'Bitte einen Betrag in Euro eingeben, z. B. 495,00.'],
    ['-5', 'Bitte einen Betrag in Euro eingeben, z. B. 495,00.'],
    ['1.000,00', 'Bitte einen Betrag in Euro eingeben, z. B. 495,00.'],
  ])('%s: %s', (text, message) => {
    expect(amountError(text)).toBe(message);
  });
});
