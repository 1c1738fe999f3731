import { Navigate, Route, Routes, useParams } from 'react-router';
import { Typography } from 'antd';
import RenterInfo from './RenterInfo';
import RenterEdit from './RenterEdit';

/** Parses the renter id of /admin/mieter/{id}/*; it must be a whole number. */
export function parseRenterId(raw: string | undefined): number | undefined {
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

export default function RenterPage() {
  const id = parseRenterId(useParams().id);
  if (id === undefined) return <Typography.Text type="danger">No id (number) in URl</Typography.Text>;
  return (
    <Routes>
      <Route index element={<Navigate to="info" replace />} />
      <Route path="info" element={<RenterInfo id={id} />} />
      <Route path="edit" element={<RenterEdit id={id} />} />
      <Route path="*" element={<Navigate to={`/mieter/${id}/info`} replace />} />
    </Routes>
  );
}
