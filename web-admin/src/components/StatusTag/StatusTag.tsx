import { Tag } from 'antd';
import { statusTag } from '../../lib/status';

export function StatusTag({ state }: { state: string | null | undefined }) {
  const tag = statusTag(state);
  return <Tag color={tag.color}>{tag.text}</Tag>;
}
