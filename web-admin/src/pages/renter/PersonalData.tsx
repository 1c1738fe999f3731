import { Card, Descriptions } from 'antd';
import type { PersonalDataFieldsFragment } from '../../graphql/graphql';
import { formatDate } from '../../lib/date';

export function salutation(gender: string): string {
  if (gender === 'male') return 'Herr';
  if (gender === 'female') return 'Frau';
  return '';
}

/** 'Persönliche Daten': salutation, name, address, birthday, phone and e-mail. */
export function PersonalData({ renter }: { renter: PersonalDataFieldsFragment }) {
  return (
    <Card title="Persönliche Daten" style={{ marginBottom: 16 }}>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="Anrede">{salutation(renter.gender)}</Descriptions.Item>
        <Descriptions.Item label="Name">
          {renter.firstName} {renter.lastName}
        </Descriptions.Item>
        <Descriptions.Item label="Straße">{renter.street}</Descriptions.Item>
        <Descriptions.Item label="PLZ">{renter.zip}</Descriptions.Item>
        <Descriptions.Item label="Ort">{renter.city}</Descriptions.Item>
        <Descriptions.Item label="Land">{renter.country}</Descriptions.Item>
        <Descriptions.Item label="Geburtstag">{formatDate(renter.birthday)}</Descriptions.Item>
        <Descriptions.Item label="Telefon">{renter.phone}</Descriptions.Item>
        <Descriptions.Item label="E-Mail">
          <a href={`mailto:${renter.email}`}>{renter.email}</a>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
