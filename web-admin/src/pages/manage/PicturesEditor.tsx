import { useState } from 'react';
import { Alert, Button, Input, Space, Spin, Typography } from 'antd';
import { useQuery } from '@apollo/client/react';
import { errorMessage, exceptionMessage } from '../../apollo/errors';
import { APARTMENT_PICTURES, useUpdateApartmentPictures, type AdminPicture } from './ApartmentsPage.graphql';

type Edit = Pick<AdminPicture, 'name' | 'descriptionDe' | 'descriptionEn'>;

/** The descriptions, each with the language shown beside its input. */
const LANGUAGES = [
  ['descriptionDe', 'DE'],
  ['descriptionEn', 'EN'],
] as const;

const toEdit = ({ name, descriptionDe, descriptionEn }: AdminPicture): Edit => ({ name, descriptionDe, descriptionEn });

interface Apartment {
  id: number;
  name: string;
}

/** An apartment's pictures behind a button that opens their editor (and only then loads them). */
export function PicturesEditor({ apartment }: { apartment: Apartment }) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-label={`Bilder ${apartment.name}`}>
      <Button aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Bilder schließen' : 'Bilder bearbeiten'}
      </Button>
      {open && <LoadedPictures apartment={apartment} />}
    </section>
  );
}

function LoadedPictures({ apartment }: { apartment: Apartment }) {
  const { data, loading, error } = useQuery(APARTMENT_PICTURES, { variables: { id: apartment.id } });
  if (error) return <Alert type="error" title={errorMessage(error)} />;
  if (loading || !data?.apartmentById) return <Spin />;
  return <PictureList apartment={apartment} pictures={data.apartmentById.pictures} />;
}

/**
 * An apartment's pictures as the booking site shows them: moved up and down, described in German and
 * English, deleted; saved together with their own button (the booking site shows them from then on).
 */
function PictureList({ apartment, pictures }: { apartment: Apartment; pictures: AdminPicture[] }) {
  const [edits, setEdits] = useState<Edit[]>();
  const [failure, setFailure] = useState<string>();
  const [saved, setSaved] = useState(false);
  const [mutate, { loading }] = useUpdateApartmentPictures(pictures);
  const list = edits ?? pictures.map(toEdit);
  const picture = (name: string) => pictures.find((p) => p.name === name);

  const change = (next: Edit[]) => {
    setSaved(false);
    setFailure(undefined);
    setEdits(next);
  };
  const move = (from: number, to: number) => {
    const next = [...list];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    change(next);
  };
  const describe = (i: number, patch: Partial<Edit>) => change(list.map((e, j) => (j === i ? { ...e, ...patch } : e)));

  const save = async () => {
    setFailure(undefined);
    try {
      const res = await mutate({ variables: { apartmentId: apartment.id, pictures: list } });
      const ex = res.data?.updateApartmentPictures.exception;
      if (ex) {
        setFailure(exceptionMessage(ex));
        return;
      }
      setEdits(undefined);
      setSaved(true);
    } catch (e) {
      setFailure(errorMessage(e));
    }
  };

  return (
    <div style={{ marginTop: 12 }}>
      {list.length === 0 && <Typography.Paragraph type="secondary">Keine Bilder.</Typography.Paragraph>}
      <ol style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.map((e, i) => (
          <li key={e.name} style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-start', marginBottom: 12 }}>
            <img src={picture(e.name)?.url} alt="" width={120} height={80} loading="lazy" decoding="async" style={{ objectFit: 'cover', background: '#e8e8e8' }} />
            <Space orientation="vertical" style={{ flex: '1 1 240px' }}>
              {LANGUAGES.map(([field, language]) => (
                <Input
                  key={field}
                  aria-label={`Bild ${i + 1} ${apartment.name} Beschreibung ${language}`}
                  prefix={language}
                  maxLength={300}
                  value={e[field]}
                  onChange={(ev) => describe(i, { [field]: ev.target.value })}
                />
              ))}
            </Space>
            <Space wrap>
              <Button aria-label={`Bild ${i + 1} ${apartment.name} nach oben`} disabled={i === 0} onClick={() => move(i, i - 1)}>
                ↑
              </Button>
              <Button aria-label={`Bild ${i + 1} ${apartment.name} nach unten`} disabled={i === list.length - 1} onClick={() => move(i, i + 1)}>
                ↓
              </Button>
              <Button danger aria-label={`Bild ${i + 1} ${apartment.name} löschen`} onClick={() => change(list.filter((_, j) => j !== i))}>
                Löschen
              </Button>
            </Space>
          </li>
        ))}
      </ol>
      {failure && <Alert type="error" title={failure} role="alert" style={{ marginBottom: 8 }} />}
      <Space>
        <Button disabled={!edits || loading} loading={loading} onClick={save}>
          Bilder speichern
        </Button>
        {saved && <Typography.Text role="status">Bilder gespeichert</Typography.Text>}
      </Space>
    </div>
  );
}
