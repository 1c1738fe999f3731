import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Input, InputNumber, Row, Space, Spin, Typography, theme } from 'antd';
import { useQuery } from '@apollo/client/react';
import { errorMessage, exceptionMessage } from '../../apollo/errors';
import { changedApartments, sortById, toUpdate, type ApartmentUpdate } from '../../lib/apartments';
import { ADMIN_BUILDING, useUpdateApartment, type AdminApartment } from './ApartmentsPage.graphql';

type NumberField = 'pricePerMonth' | 'priceDeposit' | 'priceCleaning';
type TextField = 'descriptionDe' | 'descriptionEn';

export default function ApartmentsPage() {
  const { token } = theme.useToken();
  const { data, loading, error } = useQuery(ADMIN_BUILDING);
  const [mutate] = useUpdateApartment();
  const [edited, setEdited] = useState<Record<number, ApartmentUpdate>>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string>();

  const floors = useMemo(
    () => sortById(data?.adminBuilding.floors ?? []).map((f) => ({ ...f, apartments: sortById(f.apartments) })),
    [data],
  );
  const original = useMemo(() => floors.flatMap((f) => f.apartments.map(toUpdate)), [floors]);
  const changes = useMemo(() => changedApartments(original, edited), [original, edited]);

  const valueOf = (a: AdminApartment): ApartmentUpdate => edited[a.id] ?? toUpdate(a);
  const set = (a: AdminApartment, patch: Partial<ApartmentUpdate>) => {
    setSaved(false);
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
          setFailure(`Wohnung ${name}: ${exceptionMessage(ex)}`);
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

  const numberInput = (a: AdminApartment, field: NumberField, label: string) => (
    <label>
      {label}
      <InputNumber
        aria-label={`${label} ${a.name}`}
        style={{ width: '100%' }}
        min={0}
        step={0.01}
        precision={2}
        decimalSeparator=","
        value={valueOf(a)[field]}
        onChange={(v) => set(a, { [field]: v ?? 0 })}
      />
    </label>
  );
  const textInput = (a: AdminApartment, field: TextField, label: string) => (
    <label>
      {label}
      <Input.TextArea
        aria-label={`${label} ${a.name}`}
        autoSize={{ minRows: 2, maxRows: 6 }}
        value={valueOf(a)[field]}
        onChange={(e) => set(a, { [field]: e.target.value })}
      />
    </label>
  );

  return (
    <div>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={2}>Wohnungen</Typography.Title>
        <Space>
          {saved && <span aria-label="Gespeichert" style={{ color: token.green8, fontSize: 20 }}>✓</span>}
          <Button type="primary" disabled={changes.length === 0 || loading || saving} loading={saving} onClick={save}>
            Speichern
          </Button>
        </Space>
      </Space>
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
              </Row>
            </Card>
          ))}
        </section>
      ))}
    </div>
  );
}
