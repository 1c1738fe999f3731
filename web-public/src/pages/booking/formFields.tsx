import { Form, Input, Select, Upload } from 'antd';
import type { Rule } from 'antd/es/form';
import type { UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { countryOptions, nationalityOptions } from './codeLists';
import {
  acceptAttribute,
  birthdayPlaceholder,
  checkBirthday,
  checkRequired,
  isAcceptedFile,
  type RuleCode,
  type UploadSlot,
} from './formRules';

/** The texts of a missing or unreadable file, per upload slot (SPEC section 8). */
export const FILE_ERRORS = {
  identityCardFront: { missing: 'errors.missingFront', invalid: 'errors.invalidFrontFile' },
  identityCardBack: { missing: 'errors.missingBack', invalid: 'errors.invalidBackFile' },
  immatriculation: { missing: 'errors.missingCertificate', invalid: 'errors.invalidCertificateFile' },
} as const satisfies Record<UploadSlot, { missing: string; invalid: string }>;

/**
 * An antd rule from one of the pure checks; the message is the translated code, except that a missing
 * value of a plain field reads 'Please fill in this field' (validation.required), and texts can name
 * their own keys per code (a missing file names the document).
 */
export function useRule() {
  const { t } = useTranslation();
  return (check: (value: unknown) => RuleCode | undefined, keys: Partial<Record<RuleCode, string>> = {}): Rule => ({
    validator: (_rule, value) => {
      const code = check(value);
      if (!code) return Promise.resolve();
      const key = keys[code] ?? (code === 'missing' ? 'validation.required' : `validation.${code}`);
      return Promise.reject(new Error(t(key)));
    },
  });
}

/** Validation runs on submit; after the first attempt also on every change. */
export const trigger = (submitted: boolean) => (submitted ? ['onChange', 'onBlur'] : []);

/** The personal data both the booking and the renewal form ask for. */
export function PersonalFields({ submitted }: { submitted: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const rule = useRule();
  const required = [rule(checkRequired)];
  const vt = trigger(submitted);
  return (
    <>
      <Form.Item name="gender" label={t('booking.form.gender')} rules={required} validateTrigger={vt}>
        <Select
          options={(['male', 'female', 'various'] as const).map((g) => ({ value: g, label: t(`booking.form.${g}`) }))}
        />
      </Form.Item>
      <Form.Item name="nationality" label={t('booking.form.nationality')} rules={required} validateTrigger={vt}>
        <Select showSearch={{ optionFilterProp: 'label' }} options={nationalityOptions(lang)} />
      </Form.Item>
      <Form.Item name="firstName" label={t('booking.form.first_name')} rules={required} validateTrigger={vt}>
        <Input autoComplete="given-name" />
      </Form.Item>
      <Form.Item name="lastName" label={t('booking.form.last_name')} rules={required} validateTrigger={vt}>
        <Input autoComplete="family-name" />
      </Form.Item>
      <Form.Item name="street" label={t('booking.form.street')} rules={required} validateTrigger={vt}>
        <Input autoComplete="street-address" />
      </Form.Item>
      <Form.Item name="country" label={t('booking.form.country')} rules={required} validateTrigger={vt}>
        <Select showSearch={{ optionFilterProp: 'label' }} options={countryOptions(lang)} />
      </Form.Item>
      <Form.Item name="zip" label={t('booking.form.postal_code')} rules={required} validateTrigger={vt}>
        <Input autoComplete="postal-code" />
      </Form.Item>
      <Form.Item name="city" label={t('booking.form.city')} rules={required} validateTrigger={vt}>
        <Input autoComplete="address-level2" />
      </Form.Item>
      <Form.Item
        name="birthday"
        label={t('booking.form.birthday')}
        rules={[rule((v) => checkBirthday(v as string | undefined))]}
        validateTrigger={vt}
      >
        <Input placeholder={birthdayPlaceholder(lang)} autoComplete="bday" />
      </Form.Item>
      <Form.Item name="phone" label={t('booking.form.mobile')} rules={required} validateTrigger={vt}>
        <Input type="tel" autoComplete="tel" />
      </Form.Item>
    </>
  );
}

/** One upload slot: one file, chosen by click or drag-and-drop, kept in the form (never uploaded alone). */
export function UploadField({ slot, submitted, required = true }: { slot: UploadSlot; submitted: boolean; required?: boolean }) {
  const { t } = useTranslation();
  const rule = useRule();
  const typesKey = slot === 'immatriculation' ? 'certificateTypes' : 'imageTypes';
  return (
    <Form.Item
      name={slot}
      label={t(`booking.form.${slot}`)}
      valuePropName="fileList"
      getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.slice(-1)}
      rules={[
        ...(required ? [rule(checkRequired, { missing: FILE_ERRORS[slot].missing })] : []),
        {
          validator: (_r, list: UploadFile[] | undefined) => {
            const f = list?.[0];
            return f && !isAcceptedFile(slot, { name: f.name, type: f.type ?? '' })
              ? Promise.reject(new Error(t('booking.form.wrongType')))
              : Promise.resolve();
          },
        },
      ]}
      validateTrigger={trigger(submitted)}
    >
      <Upload.Dragger maxCount={1} accept={acceptAttribute(slot)} beforeUpload={() => false}>
        <p>{t('booking.form.uploadHint')}</p>
        <p>{t(`booking.form.${typesKey}`)}</p>
      </Upload.Dragger>
    </Form.Item>
  );
}

/** Reads a chosen file as plain base64 (without the data-URL prefix). */
export function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = String(reader.result ?? '');
      const comma = result.indexOf(',');
      resolve(comma >= 0 ? result.slice(comma + 1) : result);
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
