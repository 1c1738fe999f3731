import { useQuery } from '@apollo/client/react';
import { graphql } from '../../graphql';

/** The residence's name and address: the catalog's building, the one place they are configured. */
export const RESIDENCE = graphql(`
  query Residence {
    building {
      id
      name
      address
    }
  }
`);

export interface Residence {
  name: string;
  address: string;
}

/** The residence: null while it loads or when the catalog cannot be asked. */
export function useResidence(): { residence: Residence | null; loading: boolean } {
  const { data, loading } = useQuery(RESIDENCE);
  return { residence: data?.building ?? null, loading };
}
