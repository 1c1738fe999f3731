import { graphql } from '../../graphql';
import type { AdminBuildingQuery } from '../../graphql/graphql';

export const ADMIN_BUILDING = graphql(`
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
`);

export type AdminApartment = AdminBuildingQuery['adminBuilding']['floors'][number]['apartments'][number];

export const UPDATE_APARTMENT = graphql(`
  mutation UpdateApartment($update: ApartmentUpdate!) {
    updateApartment(update: $update) {
      exception {
        ...ExceptionFields
      }
    }
  }
`);
