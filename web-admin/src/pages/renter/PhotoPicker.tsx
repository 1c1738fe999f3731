import { Button, Space, Typography } from 'antd';
import { MAX_PHOTOS, PHOTO_TYPES } from './handover';

/**
 * The photos of a damage as a form control: a file input (JPEG, PNG) that adds the chosen files and
 * a list of them, each with a button that takes it out again.
 */
export function PhotoPicker({ id, value = [], onChange, label }: { id?: string; value?: File[]; onChange?: (files: File[]) => void; label: string }) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {value.length < MAX_PHOTOS && (
        <input
          // a new input after each choice, so that the same file can be chosen again
          key={value.length}
          id={id}
          type="file"
          multiple
          accept={PHOTO_TYPES.join(',')}
          aria-label={label}
          onChange={(ev) => onChange?.([...value, ...Array.from(ev.target.files ?? [])])}
        />
      )}
      {value.map((file, i) => (
        <Space key={`${i}-${file.name}`}>
          <Typography.Text>{file.name}</Typography.Text>
          <Button size="small" type="link" onClick={() => onChange?.(value.filter((_, j) => j !== i))}>
            Foto {file.name} entfernen
          </Button>
        </Space>
      ))}
    </Space>
  );
}
