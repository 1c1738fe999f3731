import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Input, InputNumber, Row, Spin, Typography, theme } from 'antd';
import { useQuery } from '@apollo/client/react';
import { errorMessage, exceptionField, exceptionText } from '../../apollo/errors';
import { amountError, changedApartments, sortById, toUpdate, type ApartmentUpdate } from '../../lib/apartments';
import { ADMIN_BUILDING, useUpdateApartment, type AdminApartment } from './ApartmentsPage.graphql';
import { PicturesEditor } from './PicturesEditor';

type NumberField = 'pricePerMonth' | 'priceDeposit' | 'priceCleaning';
type TextField = 'descriptionDe' | 'descriptionEn';
/** Messages by apartment id and field: what the server refused or what cannot be read as an amount. */
type FieldErrors = Record<number, Partial<Record<NumberField | TextField, string>>>;

function withError(errors: FieldErrors, id: number, field: NumberField | TextField, message: string | undefined): FieldErrors {
  const { [field]: _, ...rest } = errors[id] ?? {};
  return { ...errors, [id]: message ? { ...rest, [field]: message } : rest };
}

export default function ApartmentsPage() {
  const { token } = theme.useToken();
  const { data, loading, error } = useQuery(ADMIN_BUILDING);
  const [mutate] = useUpdateApartment();
  const [edited, setEdited] = useState<Record<number, ApartmentUpdate>>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string>();
  // unreadable amounts (typed, not sent) and the server's refusals, shown at their field
  const [unreadable, setUnreadable] = useState<FieldErrors>({});
  const [refused, setRefused] = useState<FieldErrors>({});
  const invalid = Object.values(unreadable).some((fields) => Object.keys(fields).length > 0);

  const floors = useMemo(
    () => sortById(data?.adminBuilding.floors ?? []).map((f) => ({ ...f, apartments: sortById(f.apartments) })),
    [data],
  );
  const original = useMemo(() => floors.flatMap((f) => f.apartments.map(toUpdate)), [floors]);
  const changes = useMemo(() => changedApartments(original, edited), [original, edited]);

  const valueOf = (a: AdminApartment): ApartmentUpdate => edited[a.id] ?? toUpdate(a);
  const set = (a: AdminApartment, patch: Partial<ApartmentUpdate>) => {
    setSaved(false);
    for (const field of Object.keys(patch) as (NumberField | TextField)[]) setRefused((prev) => withError(prev, a.id, field, undefined));
    setEdited((prev) => ({ ...prev, [a.id]: { ...(prev[a.id] ?? toUpdate(a)), ...patch } }));
  };

  const save = async () => {
    setSaving(true);
    setSaved(false);
    setFailure(undefined);
    const done: number[] = [];
    try {
      for (const update of changes) {
        const res = await mutate({ variables: { update } });
        const ex = res.data?.updateApartment.exception;
        if (ex) {
          const name = floors.flatMap((f) => f.apartments).find((a) => a.id === update.id)?.name ?? update.id;
          const field = exceptionField(ex) as NumberField | TextField | undefined;
          if (field && field in update) {
            setRefused((prev) => withError(prev, update.id, field, exceptionText(ex)));
            setFailure(`Wohnung ${name}: nicht gespeichert, bitte die markierte Angabe korrigieren.`);
          } else {
            setFailure(`Wohnung ${name}: ${exceptionText(ex)}`);
          }
          break;
        }
        done.push(update.id);
      }
    } catch (e) {
      setFailure(errorMessage(e));
    }
    setEdited((prev) => Object.fromEntries(Object.entries(prev).filter(([id]) => !done.includes(Number(id)))));
    setSaving(false);
    setSaved(done.length === changes.length);
  };

  const message = (a: AdminApartment, field: NumberField | TextField) => unreadable[a.id]?.[field] ?? refused[a.id]?.[field];
  const fieldMessage = (a: AdminApartment, field: NumberField | TextField, label: string) => {
    const text = message(a, field);
    return text ? (
      <Typography.Text type="danger" id={`${a.id}-${field}-message`} role="alert" aria-label={`${label} ${a.name}: ${text}`}>
        {text}
      </Typography.Text>
    ) : null;
  };
  const numberInput = (a: AdminApartment, field: NumberField, label: string) => (
    <label>
      {label}
      <InputNumber
        aria-label={`${label} ${a.name}`}
        aria-invalid={!!message(a, field)}
        aria-describedby={message(a, field) ? `${a.id}-${field}-message` : undefined}
        status={message(a, field) ? 'error' : undefined}
        style={{ width: '100%' }}
        min={0}
        step={0.01}
        precision={2}
        decimalSeparator=","
        value={valueOf(a)[field]}
        onInput={(text) => setUnreadable((prev) => withError(prev, a.id, field, amountError(text)))}
        onChange={(v) => {
          if (v !== null) set(a, { [field]: v });
        }}
      />
      {fieldMessage(a, field, label)}
    </label>
  );
  const textInput = (a: AdminApartment, field: TextField, label: string) => (
    <label>
      {label}
      <Input.TextArea
        aria-label={`${label} ${a.name}`}
        aria-invalid={!!message(a, field)}
        status={message(a, field) ? 'error' : undefined}
        autoSize={{ minRows: 2, maxRows: 6 }}
        value={valueOf(a)[field]}
        onChange={(e) => set(a, { [field]: e.target.value })}
      />
      {fieldMessage(a, field, label)}
    </label>
  );

  return (
    <div>
      <Typography.Title level={2}>Wohnungen</Typography.Title>
      {/* the save bar stays in view while the list scrolls (the last apartment is far down) */}
      <div
        role="toolbar"
        aria-label="Änderungen speichern"
        style={{
          position: 'sticky', top: 0, zIndex: 10, display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', justifyContent: 'flex-end',
          padding: '8px 0', marginBottom: 12, background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        {invalid && <Typography.Text type="danger">Bitte die markierten Angaben korrigieren.</Typography.Text>}
        {!invalid && changes.length > 0 && <Typography.Text>{changes.length === 1 ? '1 Wohnung geändert' : `${changes.length} Wohnungen geändert`}</Typography.Text>}
        {saved && <span aria-label="Gespeichert" style={{ color: token.green8, fontSize: 20 }}>✓</span>}
        {/* A new button when saving starts and ends: antd's button keeps its own copy of `loading`, which a
            fresh-clone run of manage.spec.ts caught still spinning beside the ✓ long after the save. */}
        <Button key={saving ? 'saving' : 'idle'} type="primary" disabled={changes.length === 0 || invalid || loading || saving} loading={saving} onClick={save}>
          Speichern
        </Button>
      </div>
      {error && <Alert type="error" title={errorMessage(error)} />}
      {failure && <Alert type="error" title={failure} role="alert" style={{ marginBottom: 16 }} />}
      {loading && !data && <Spin />}
      {floors.map((floor) => (
        <section key={floor.id}>
          <Typography.Title level={4}>{floor.name}</Typography.Title>
          {floor.apartments.map((a) => (
            <Card key={a.id} size="small" title={`${a.name} (${a.floor.name})`} style={{ marginBottom: 12 }}>
              <Row gutter={[12, 12]}>
                <Col xs={24} md={8}>{numberInput(a, 'pricePerMonth', 'Miete')}</Col>
                <Col xs={24} md={8}>{numberInput(a, 'priceDeposit', 'Kaution')}</Col>
                <Col xs={24} md={8}>{numberInput(a, 'priceCleaning', 'Reinigung')}</Col>
                <Col xs={24} md={12}>{textInput(a, 'descriptionDe', 'Beschreibung DE')}</Col>
                <Col xs={24} md={12}>{textInput(a, 'descriptionEn', 'Beschreibung EN')}</Col>
                <Col span={24}>
                  <PicturesEditor apartment={a} />
                </Col>
              </Row>
            </Card>
          ))}
        </section>
      ))}
    </div>
  );
}
