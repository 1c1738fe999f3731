import { Alert, Descriptions, Table, Typography } from 'antd';
import { useQuery } from '@apollo/client/react';
import { errorMessage } from '../../apollo/errors';
import type { LedgerEntryKind } from '../../graphql/graphql';
import { formatDate } from '../../lib/date';
import { formatCents } from '../../lib/money';
import { LEDGER, type RentingLedger as Ledger } from './Ledger.graphql';

type Entry = Ledger['entries'][number];

/** German names of what a ledger line records. */
export const LEDGER_KINDS: Record<LedgerEntryKind, string> = {
  CHARGE: 'Forderung',
  CHARGE_CANCELED: 'Forderung storniert',
  CANCELLATION_FEE: 'Stornokosten',
  PAYMENT: 'Zahlung',
  REFUND: 'Erstattung',
  REFUND_RETURNED: 'Erstattung zurückgekommen',
  DEDUCTION: 'Einbehalt',
};

/** German names of the contract's items. */
export const LEDGER_ITEMS: Record<string, string> = {
  RENT: 'Miete',
  CLEANING: 'Endreinigung',
  DEPOSIT: 'Kaution',
  CANCELLATION: 'Stornierung',
};

/** A line's amount from the renter's side; a deduction moves deposit to damages, so its own amount is shown. */
function amount(e: Entry): string {
  return e.kind === 'DEDUCTION' ? `${formatCents(e.itemCents)} aus der Kaution` : formatCents(e.amountCents);
}

const columns = [
  { title: 'Datum', key: 'at', render: (_: unknown, e: Entry) => formatDate(e.at) },
  { title: 'Art', key: 'kind', render: (_: unknown, e: Entry) => LEDGER_KINDS[e.kind] },
  { title: 'Posten', key: 'item', render: (_: unknown, e: Entry) => (e.item ? (LEDGER_ITEMS[e.item] ?? e.item) : '') },
  { title: 'Text', dataIndex: 'description', key: 'description' },
  { title: 'Betrag', key: 'amount', align: 'right' as const, render: (_: unknown, e: Entry) => amount(e) },
  { title: 'Referenz', dataIndex: 'reference', key: 'reference' },
];

/** The ledger's lines as a table and its totals. */
export function LedgerTable({ ledger }: { ledger: Ledger }) {
  return (
    <>
      <Table<Entry> size="small" rowKey="id" columns={columns} dataSource={ledger.entries} pagination={false} scroll={{ x: true }} />
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginTop: 8 }} aria-label="Summen">
        <Descriptions.Item label="Berechnet">{formatCents(ledger.chargedCents)}</Descriptions.Item>
        <Descriptions.Item label="Bezahlt">{formatCents(ledger.paidCents)}</Descriptions.Item>
        <Descriptions.Item label="Erstattet">{formatCents(ledger.refundedCents)}</Descriptions.Item>
        <Descriptions.Item label="Kaution gehalten">{formatCents(ledger.depositHeldCents)}</Descriptions.Item>
        <Descriptions.Item label="Einbehalten">{formatCents(ledger.keptCents)}</Descriptions.Item>
        <Descriptions.Item label="Saldo">{formatCents(ledger.balanceCents)}</Descriptions.Item>
      </Descriptions>
    </>
  );
}

/**
 * "Buchungen" on a booking's card: the renting's ledger, from the signed contract on (no line comes
 * before its charges). Nothing while it has no lines.
 */
export function RentingLedger({ rentingId }: { rentingId: string }) {
  const { data, error } = useQuery(LEDGER, { variables: { rentingId } });
  if (error) return <Alert type="error" title={errorMessage(error)} style={{ marginTop: 12 }} />;
  if (!data || data.ledger.entries.length === 0) return null;
  return (
    <section aria-label="Buchungen" data-testid={`ledger-${rentingId}`} style={{ marginTop: 12 }}>
      <Typography.Title level={5}>Buchungen</Typography.Title>
      <LedgerTable ledger={data.ledger} />
    </section>
  );
}
