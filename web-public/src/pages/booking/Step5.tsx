import { useSearchParams } from 'react-router';
import { LinkStep } from '../../components/InfoPage/LinkStep';
import { FETCH_PAYMENT_LINK } from './links.graphql';

/** The payment step; the payment provider sends the renter back here with payment=failed when paying failed. */
export default function Step5() {
  const [params] = useSearchParams();
  const failed = params.get('payment') === 'failed';
  return <LinkStep step={4} area="step5" query={FETCH_PAYMENT_LINK} field="fetchPaymentLink" problem={failed ? 'failed' : undefined} />;
}
