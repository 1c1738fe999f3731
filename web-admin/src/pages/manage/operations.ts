import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ApartmentUpdate } from '../../lib/apartments';
import type { UserDataException } from '../../apollo/errors';

export interface AdminApartment extends ApartmentUpdate {
  name: string;
  floor: { id: number; name: string };
}

export interface AdminBuilding {
  adminBuilding: {
    id: number;
    floors: { id: number; name: string; apartments: AdminApartment[] }[];
  };
}

export const ADMIN_BUILDING: TypedDocumentNode<AdminBuilding, Record<string, never>> = gql`
  query AdminBuilding {
    adminBuilding {
      id
      floors {
        id
        name
        apartments {
          id
          name
          descriptionDe
          descriptionEn
          pricePerMonth
          priceDeposit
          priceCleaning
          floor {
            id
            name
          }
        }
      }
    }
  }
`;

export const UPDATE_APARTMENT: TypedDocumentNode<
  { updateApartment: { exception: UserDataException | null } },
  { update: ApartmentUpdate }
> = gql`
  mutation UpdateApartment($update: ApartmentUpdate!) {
    updateApartment(update: $update) {
      exception {
        path
        params {
          key
          value
        }
        messageId
      }
    }
  }
`;
