import { LinkStep } from '../../components/InfoPage/LinkStep';
import { FETCH_SIGNING_LINK } from './links.graphql';

export default function Step4() {
  return <LinkStep step={3} area="step4" query={FETCH_SIGNING_LINK} field="fetchSigningLink" />;
}
