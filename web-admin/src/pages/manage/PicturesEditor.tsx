import { useState } from 'react';
import { Alert, Button, Input, Space, Typography } from 'antd';
import { errorMessage, exceptionMessage } from '../../apollo/errors';
import { useUpdateApartmentPictures, type AdminApartment, type AdminPicture } from './ApartmentsPage.graphql';

type Edit = Pick<AdminPicture, 'name' | 'descriptionDe' | 'descriptionEn'>;

/** The descriptions, each with the language shown beside its input. */
const LANGUAGES = [
  ['descriptionDe', 'DE'],
  ['descriptionEn', 'EN'],
] as const;

const toEdit = ({ name, descriptionDe, descriptionEn }: AdminPicture): Edit => ({ name, descriptionDe, descriptionEn });

/** A picture's smallest size that fills 120 × 80 px, loaded when it comes near the screen. */
function Thumbnail({ picture }: { picture?: AdminPicture }) {
  return (
    <picture>
      {picture?.sources.map((s) => <source key={s.type} type={s.type} srcSet={s.srcset} sizes="120px" />)}
      <img src={picture?.url} alt="" width={120} height={80} loading="lazy" decoding="async" style={{ objectFit: 'cover', background: '#e8e8e8' }} />
    </picture>
  );
}

/**
 * An apartment's pictures as the booking site shows them: moved up and down, described in German and
 * English, deleted; saved together with their own button (the booking site shows them from then on).
 */
export function PicturesEditor({ apartment }: { apartment: AdminApartment }) {
  const [edits, setEdits] = useState<Edit[]>();
  const [failure, setFailure] = useState<string>();
  const [saved, setSaved] = useState(false);
  const [mutate, { loading }] = useUpdateApartmentPictures(apartment.pictures);
  const list = edits ?? apartment.pictures.map(toEdit);
  const picture = (name: string) => apartment.pictures.find((p) => p.name === name);

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
    <section aria-label={`Bilder ${apartment.name}`}>
      <Typography.Title level={5}>Bilder</Typography.Title>
      {list.length === 0 && <Typography.Paragraph type="secondary">Keine Bilder.</Typography.Paragraph>}
      <ol style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.map((e, i) => (
          <li key={e.name} style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-start', marginBottom: 12 }}>
            <Thumbnail picture={picture(e.name)} />
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
    </section>
  );
}
