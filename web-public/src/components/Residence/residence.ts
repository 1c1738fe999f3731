import { graphql } from '../../graphql';
import { useOperation } from '../../lib/operations';

/**
 * The residence's name, address and contact: the catalog's building, the one place they are configured
 * (the mails and the contract take them from there too).
 */
export const RESIDENCE = graphql(`
  query Residence {
    building {
      id
      name
      address
      contact {
        email
        phone
      }
    }
  }
`);

export interface Residence {
  name: string;
  address: string;
  email: string;
  phone: string;
}

/** The residence: null while it loads or when the catalog cannot be asked. */
export function useResidence(): { residence: Residence | null; loading: boolean } {
  const { data, loading } = useOperation(RESIDENCE);
  const building = data?.building;
  const residence = building ? { name: building.name, address: building.address, ...building.contact } : null;
  return { residence, loading };
}
