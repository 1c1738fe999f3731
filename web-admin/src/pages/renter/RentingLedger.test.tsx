import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { RentingLedger } from './RentingLedger';
import { LEDGER } from './Ledger.graphql';
import { renderWithProviders } from '../../test/render';

const entry = (id: string, at: string, kind: string, item: string | null, description: string, amountCents: number, itemCents: number, reference: string) => ({
  __typename: 'LedgerEntry',
  id,
  at,
  kind,
  item,
  description,
  amountCents,
  itemCents,
  reference,
});

const ledger = (entries: ReturnType<typeof entry>[]) => ({
  request: { query: LEDGER, variables: { rentingId: 'r-1' } },
  result: {
    data: {
      ledger: {
        __typename: 'RentingLedger',
        rentingId: 'r-1',
        entries,
        chargedCents: 376500,
        paidCents: 376500,
        refundedCents: 74950,
        depositHeldCents: 0,
        keptCents: 5050,
        balanceCents: 74950,
      },
    },
  },
});

/** The table's rows as their cells' texts (any space as a plain one). */
const rows = (section: HTMLElement) =>
  Array.from(section.querySelectorAll('.ant-table-tbody > tr.ant-table-row'), (row) =>
    Array.from(row.querySelectorAll('td'), (cell) => cell.textContent?.replace(/\s/g, ' ')),
  );

describe('RentingLedger', () => {
  it('lists every line with its German kind and item, signed amounts and references, and the totals', async () => {
    renderWithProviders(<RentingLedger rentingId="r-1" />, {
      mocks: [
        ledger([
          entry('1', '2026-05-05T09:00:00Z', 'CHARGE', 'RENT', 'Miete 6 × 480,00 €', 288000, 288000, 'r-1'),
          entry('2', '2026-05-05T09:00:00Z', 'CHARGE', 'CLEANING', 'Endreinigung', 8500, 8500, 'r-1'),
          entry('3', '2026-05-05T09:00:00Z', 'CHARGE', 'DEPOSIT', 'Kaution', 80000, 80000, 'r-1'),
          entry('4', '2026-05-06T09:00:00Z', 'PAYMENT', null, 'Zahlung per Karte', -376500, 376500, '2026-0042'),
          entry('5', '2026-12-02T10:00:00Z', 'DEDUCTION', 'DEPOSIT', 'Brandfleck Arbeitsplatte', 0, 5050, 'r-1'),
          entry('6', '2026-12-02T10:00:00Z', 'REFUND', 'DEPOSIT', 'Rückzahlung der Kaution', 74950, 74950, 're_123'),
        ]),
      ],
    });
    const section = await screen.findByRole('region', { name: 'Buchungen' });
    expect(rows(section)).toEqual([
      ['05.05.26', 'Forderung', 'Miete', 'Miete 6 × 480,00 €', '2.880,00 €', 'r-1'],
      ['05.05.26', 'Forderung', 'Endreinigung', 'Endreinigung', '85,00 €', 'r-1'],
      ['05.05.26', 'Forderung', 'Kaution', 'Kaution', '800,00 €', 'r-1'],
      ['06.05.26', 'Zahlung', '', 'Zahlung per Karte', '-3.765,00 €', '2026-0042'],
      ['02.12.26', 'Einbehalt', 'Kaution', 'Brandfleck Arbeitsplatte', '50,50 € aus der Kaution', 'r-1'],
      ['02.12.26', 'Erstattung', 'Kaution', 'Rückzahlung der Kaution', '749,50 €', 're_123'],
    ]);
    const total = (label: string) => within(section).getByText(label).nextElementSibling?.textContent?.replace(/\s/g, ' ');
    expect(['Berechnet', 'Bezahlt', 'Erstattet', 'Kaution gehalten', 'Einbehalten', 'Saldo'].map(total)).toEqual([
      '3.765,00 €',
      '3.765,00 €',
      '749,50 €',
      '0,00 €',
      '50,50 €',
      '749,50 €',
    ]);
  });

  it('shows nothing while the renting has no lines', async () => {
    renderWithProviders(<RentingLedger rentingId="r-1" />, { mocks: [ledger([])] });
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('region', { name: 'Buchungen' })).toBeNull();
  });
});
