import { LinkStep } from '../../components/InfoPage/LinkStep';
import { FETCH_PAYMENT_LINK } from './links.graphql';

export default function Step5() {
  return <LinkStep step={4} area="step5" query={FETCH_PAYMENT_LINK} field="fetchPaymentLink" />;
}
