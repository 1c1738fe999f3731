import { Navigate, useSearchParams } from 'react-router';

/** Where step3failed sends the user: step1 with the failure heading, keeping the renting for reselection. */
export function step3FailedTarget(params: URLSearchParams): string {
  const next = new URLSearchParams({ booking: 'failed' });
  const rentingId = params.get('rentingId');
  if (rentingId) next.set('rentingId', rentingId);
  return `/booking/step1?${next.toString()}`;
}

export default function Step3Failed() {
  const [params] = useSearchParams();
  return <Navigate to={step3FailedTarget(params)} replace />;
}
