import { Card, Space } from 'antd';
import type { RenterDocumentsFieldsFragment } from '../../graphql/graphql';
import { formatDate } from '../../lib/date';

const IDENTITY_TYPES = new Set(['IDENTITY_CARD_FRONT', 'IDENTITY_CARD_BACK']);

/** 'Dokumente': the identity card's two sides (audited downloads) and the other uploads. */
export function RenterDocuments({ renter }: { renter: RenterDocumentsFieldsFragment }) {
  const others = renter.documents.filter((d) => !IDENTITY_TYPES.has(d.type));
  return (
    <Card title="Dokumente">
      <Space orientation="vertical">
        <a href={`/api/renter/${renter.id}/identity/front`} target="_blank" rel="noreferrer" download={`personalausweis-vorne-${renter.id}`}>
          Personalausweis Vorderseite
        </a>
        <a href={`/api/renter/${renter.id}/identity/back`} target="_blank" rel="noreferrer" download={`personalausweis-hinten-${renter.id}`}>
          Personalausweis Rückseite
        </a>
        {others.map((d) => (
          <a key={d.id} href={d.link} target="_blank" rel="noreferrer">
            {d.description} ({formatDate(d.uploaded)})
          </a>
        ))}
      </Space>
    </Card>
  );
}
