import { useState } from 'react';
import { Alert, Button, Input, Space, Spin, Typography } from 'antd';
import { useQuery } from '@apollo/client/react';
import { errorMessage, exceptionMessage } from '../../apollo/errors';
import { readAsBase64 } from '../../lib/files';
import { APARTMENT_PICTURES, useUpdateApartmentPictures, useUploadApartmentPicture, type AdminPicture } from './ApartmentsPage.graphql';

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
  const { data, previousData, error } = useQuery(APARTMENT_PICTURES, { variables: { id: apartment.id } });
  // While the pictures are fetched again (after an upload) the editor stays, with what it showed.
  const loaded = data?.apartmentById ?? previousData?.apartmentById;
  if (error) return <Alert type="error" title={errorMessage(error)} />;
  if (!loaded) return <Spin />;
  return <PictureList apartment={apartment} pictures={loaded.pictures} />;
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
      <PictureUpload apartment={apartment} unsaved={!!edits} />
    </div>
  );
}

/** The largest file the catalog takes (10 MiB), as the identity cards of the booking form. */
const MAX_PICTURE_BYTES = 10 * 1024 * 1024;

const emptyUpload = { file: undefined as File | undefined, descriptionDe: '', descriptionEn: '' };

/**
 * A new picture for the apartment: a PNG, JPEG or WebP file with its descriptions, uploaded at once
 * (the catalog checks it as it checks identity cards and offers it to the booking site 480 and 960 px
 * wide, after the apartment's other pictures). Unsaved changes of the list are saved first.
 */
function PictureUpload({ apartment, unsaved }: { apartment: Apartment; unsaved: boolean }) {
  const [upload, setUpload] = useState(emptyUpload);
  const [failure, setFailure] = useState<string>();
  const [uploaded, setUploaded] = useState(false);
  // A new file input after each upload, so that the same file can be chosen again.
  const [inputKey, setInputKey] = useState(0);
  const [mutate, { loading }] = useUploadApartmentPicture();
  const change = (patch: Partial<typeof emptyUpload>) => {
    setUploaded(false);
    setFailure(undefined);
    setUpload({ ...upload, ...patch });
  };

  const send = async () => {
    const { file, descriptionDe, descriptionEn } = upload;
    if (!file) return;
    setFailure(undefined);
    if (file.size > MAX_PICTURE_BYTES) {
      setFailure(exceptionMessage({ path: 'file', messageId: 'INVALID_SIZE', params: [{ key: 'max', value: String(MAX_PICTURE_BYTES) }] }));
      return;
    }
    try {
      const content = await readAsBase64(file);
      const res = await mutate({ variables: { apartmentId: apartment.id, picture: { content, descriptionDe, descriptionEn } } });
      const ex = res.data?.uploadApartmentPicture.exception;
      if (ex) {
        setFailure(exceptionMessage(ex));
        return;
      }
      setUpload(emptyUpload);
      setInputKey((k) => k + 1);
      setUploaded(true);
    } catch (e) {
      setFailure(errorMessage(e));
    }
  };

  const label = `Neues Bild ${apartment.name}`;
  return (
    <section aria-label={label} style={{ marginTop: 16, paddingTop: 12, borderTop: '1px solid #e8e8e8' }}>
      <Typography.Text strong>Neues Bild hochladen</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        PNG, JPEG oder WebP, höchstens 10 MB, mindestens 600 × 400 Pixel. Die Buchungsseite zeigt es nach den anderen Bildern.
      </Typography.Paragraph>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <input
          key={inputKey}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          aria-label={`${label} Datei`}
          onChange={(ev) => change({ file: ev.target.files?.[0] })}
        />
        {LANGUAGES.map(([field, language]) => (
          <Input
            key={field}
            aria-label={`${label} Beschreibung ${language}`}
            prefix={language}
            maxLength={300}
            value={upload[field]}
            onChange={(ev) => change({ [field]: ev.target.value })}
          />
        ))}
        {failure && <Alert type="error" title={failure} role="alert" />}
        {unsaved && <Typography.Text type="secondary">Erst die Änderungen an den Bildern speichern, dann hochladen.</Typography.Text>}
        <Space>
          <Button
            disabled={unsaved || !upload.file || !upload.descriptionDe.trim() || !upload.descriptionEn.trim() || loading}
            loading={loading}
            onClick={send}
          >
            Bild hochladen
          </Button>
          {uploaded && <Typography.Text role="status">Bild hochgeladen</Typography.Text>}
        </Space>
      </Space>
    </section>
  );
}
