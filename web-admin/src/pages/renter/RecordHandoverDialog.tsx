import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Modal, Space, Typography } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { errorMessage, exceptionMessage, exceptionText, type UserDataException } from '../../apollo/errors';
import { readAsBase64 } from '../../lib/files';
import { textToCents } from '../../lib/money';
import { DepositSummary } from './DepositSummary';
import { MAX_DAMAGES, MAX_PHOTOS, PHOTO_TYPES, today } from './handover';
import { useRecordHandover } from './Handover.graphql';
import { PhotoPicker } from './PhotoPicker';

interface DamageValues {
  description?: string;
  amount?: string;
  photos?: File[];
}

interface HandoverValues {
  date: string;
  readings: string[];
  damages: DamageValues[];
}

/** The damages' amounts in cents, those not (yet) an amount counted as nothing. */
export function deductionsOf(damages: readonly DamageValues[] | undefined): number {
  return (damages ?? []).reduce((sum, d) => sum + (textToCents(d?.amount ?? '') ?? 0), 0);
}

/**
 * The field a refusal of the server concerns: a meter's reading (by its param meter or path
 * meterReadings.<i>.value), the day, or a damage's description, amount or photos (path damages.<i>.…);
 * undefined for the others.
 */
function fieldOf(ex: UserDataException, meters: readonly string[]): NamePath | undefined {
  const meter = ex.params.find((p) => p.key === 'meter')?.value;
  if (meter !== undefined) {
    const i = meters.indexOf(meter);
    return i >= 0 ? ['readings', i] : undefined;
  }
  const path = (ex.path ?? '').replace(/^handover\./, '');
  if (path === 'date') return ['date'];
  // the readings go in the order of the meters
  const reading = /^meterReadings\.(\d+)\.value$/.exec(path);
  if (reading) return ['readings', Number(reading[1])];
  const damage = /^damages\.(\d+)\.(description|amountCents|photos)(?:\.(\d+))?$/.exec(path);
  if (!damage) return undefined;
  return ['damages', Number(damage[1]), damage[2] === 'amountCents' ? 'amount' : damage[2]];
}

/** A refusal's text at its field; a photo's names which one (path damages.<i>.photos.<j>). */
function fieldText(ex: UserDataException): string {
  const photo = /photos\.(\d+)$/.exec(ex.path ?? '');
  return photo ? `Foto ${Number(photo[1]) + 1}: ${exceptionText(ex)}` : exceptionText(ex);
}

const required = { required: true, whitespace: true, message: 'Angabe fehlt.' };

const dateRule = {
  validator: (_: unknown, day: string) =>
    day && day > today() ? Promise.reject(new Error('Der Tag darf nicht in der Zukunft liegen.')) : Promise.resolve(),
};

const amountRule = {
  validator: (_: unknown, text: string | undefined) => {
    const cents = textToCents(text ?? '');
    if (cents === undefined) return Promise.reject(new Error('Bitte einen Betrag in Euro eingeben, z. B. 50,00.'));
    if (cents <= 0) return Promise.reject(new Error('Der Betrag muss größer als 0 sein.'));
    return Promise.resolve();
  },
};

const photosRule = {
  validator: (_: unknown, files: File[] | undefined) => {
    if ((files ?? []).length > MAX_PHOTOS) return Promise.reject(new Error(`Höchstens ${MAX_PHOTOS} Fotos je Schaden.`));
    if ((files ?? []).some((f) => !PHOTO_TYPES.includes(f.type))) return Promise.reject(new Error('Nur JPEG- oder PNG-Bilder.'));
    return Promise.resolve();
  },
};

/**
 * "Übergabe erfassen": the day the renter handed the apartment back, a reading of each meter the
 * residence reads, and the damages (description, amount, up to three photos each), with the deposit,
 * the deductions and the refund as typed. Deductions above the deposit are refused before sending; a
 * refusal of the server shows at its field, any other above the form.
 */
export function RecordHandoverDialog({
  rentingId,
  title,
  meters,
  depositCents,
  renterId,
  onClose,
}: {
  rentingId: string;
  title: string;
  meters: readonly string[];
  depositCents: number;
  renterId: number;
  onClose: () => void;
}) {
  const [form] = Form.useForm<HandoverValues>();
  const damages = Form.useWatch('damages', form);
  const [record, state] = useRecordHandover(renterId);
  const [failure, setFailure] = useState<string>();
  const [reading, setReading] = useState(false);
  const deductionsCents = deductionsOf(damages);

  const refuse = (ex: UserDataException) => {
    const name = fieldOf(ex, meters);
    if (name) form.setFields([{ name, errors: [fieldText(ex)] }]);
    else setFailure(exceptionMessage(ex));
  };

  const save = async (values: HandoverValues) => {
    setFailure(undefined);
    if (deductionsOf(values.damages) > depositCents) return; // the summary says so
    setReading(true);
    try {
      const handover = {
        rentingId,
        date: values.date,
        meterReadings: meters.map((meter, i) => ({ meter, value: values.readings[i].trim() })),
        damages: await Promise.all(
          (values.damages ?? []).map(async (d) => ({
            description: (d.description ?? '').trim(),
            amountCents: textToCents(d.amount ?? '') ?? 0,
            photos: await Promise.all((d.photos ?? []).map(readAsBase64)),
          })),
        ),
      };
      const ex = (await record({ variables: { handover } })).data?.recordHandover.exception;
      if (ex) refuse(ex);
      else onClose();
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setReading(false);
    }
  };

  const saving = reading || state.loading;
  return (
    <Modal open title={`Übergabe erfassen: ${title}`} onCancel={onClose} footer={null} destroyOnHidden width={720}>
      {failure && <Alert type="error" title={failure} role="alert" style={{ marginBottom: 16 }} />}
      <Form<HandoverValues>
        form={form}
        layout="vertical"
        onFinish={save}
        disabled={saving}
        initialValues={{ date: today(), readings: meters.map(() => ''), damages: [] }}
      >
        <Typography.Paragraph>
          Der Mieter bekommt die Übergabe per E-Mail und kann sie auf „Meine Buchung“ bestätigen oder ihr widersprechen. Danach wird die Kaution abgerechnet.
        </Typography.Paragraph>
        <Form.Item label="Übergeben am" name="date" rules={[{ required: true, message: 'Angabe fehlt.' }, dateRule]}>
          <Input type="date" />
        </Form.Item>
        {meters.map((meter, i) => (
          <Form.Item key={meter} label={`Zählerstand ${meter}`} name={['readings', i]} rules={[required]}>
            <Input maxLength={40} inputMode="decimal" />
          </Form.Item>
        ))}
        <Form.List name="damages">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, i) => (
                <Card
                  key={field.key}
                  size="small"
                  title={`Schaden ${i + 1}`}
                  style={{ marginBottom: 12 }}
                  extra={
                    <Button type="link" danger onClick={() => remove(field.name)}>
                      Schaden {i + 1} entfernen
                    </Button>
                  }
                >
                  <Form.Item label={`Beschreibung Schaden ${i + 1}`} name={[field.name, 'description']} rules={[required]}>
                    <Input maxLength={300} placeholder="z. B. Brandfleck auf der Arbeitsplatte" />
                  </Form.Item>
                  <Form.Item label={`Betrag Schaden ${i + 1} (€)`} name={[field.name, 'amount']} rules={[amountRule]}>
                    <Input inputMode="decimal" placeholder="50,00" />
                  </Form.Item>
                  <Form.Item label={`Fotos Schaden ${i + 1}`} name={[field.name, 'photos']} rules={[photosRule]} extra={`JPEG oder PNG, höchstens ${MAX_PHOTOS}.`}>
                    <PhotoPicker label={`Fotos Schaden ${i + 1}`} />
                  </Form.Item>
                </Card>
              ))}
              {fields.length < MAX_DAMAGES && (
                <Button onClick={() => add({ description: '', amount: '', photos: [] })} style={{ marginBottom: 16 }}>
                  Schaden hinzufügen
                </Button>
              )}
            </>
          )}
        </Form.List>
        <DepositSummary depositCents={depositCents} deductionsCents={deductionsCents} />
        <Space>
          <Button onClick={onClose}>Abbrechen</Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            Übergabe speichern
          </Button>
        </Space>
      </Form>
    </Modal>
  );
}
