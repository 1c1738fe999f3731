import { graphql } from '../../graphql';

export const RENTER_DOCUMENTS_FIELDS = graphql(`
  fragment RenterDocumentsFields on Renter {
    id
    documents {
      id
      description
      link
      type
      uploaded
    }
  }
`);
