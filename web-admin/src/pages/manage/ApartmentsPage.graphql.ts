import { useMutation } from '@apollo/client/react';
import { refetched, written } from '../../apollo/cache';
import { graphql } from '../../graphql';
import type { AdminBuildingQuery, ApartmentPicturesQuery } from '../../graphql/graphql';

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

/** Saves an apartment's prices and descriptions; once saved they are written into the cached apartment. */
export function useUpdateApartment() {
  return useMutation(UPDATE_APARTMENT, {
    update(cache, result, { variables }) {
      if (!variables || result.data?.updateApartment.exception) return;
      const { id, ...values } = variables.update;
      cache.modify({ id: cache.identify({ __typename: 'Apartment', id }), fields: written(values) });
    },
  });
}

/** An apartment's pictures for their editor, loaded when it opens (for every apartment at once they
 * would cost the building's query more than the gateway allows). */
export const APARTMENT_PICTURES = graphql(`
  query ApartmentPictures($id: Int!) {
    apartmentById(id: $id) {
      id
      pictures {
        name
        url
        descriptionDe
        descriptionEn
      }
    }
  }
`);

export type AdminPicture = NonNullable<ApartmentPicturesQuery['apartmentById']>['pictures'][number];

export const UPDATE_APARTMENT_PICTURES = graphql(`
  mutation UpdateApartmentPictures($apartmentId: Int!, $pictures: [PictureEdit!]!) {
    updateApartmentPictures(apartmentId: $apartmentId, pictures: $pictures) {
      exception {
        ...ExceptionFields
      }
    }
  }
`);

/**
 * Saves an apartment's pictures (their order, descriptions, and which are left); once saved the
 * cached apartment holds them in that order with those descriptions.
 */
export function useUpdateApartmentPictures(pictures: readonly AdminPicture[]) {
  return useMutation(UPDATE_APARTMENT_PICTURES, {
    update(cache, result, { variables }) {
      if (!variables || result.data?.updateApartmentPictures.exception) return;
      const edits = Array.isArray(variables.pictures) ? variables.pictures : [variables.pictures];
      const saved = edits.map((e) => ({ ...pictures.find((p) => p.name === e.name), ...e }));
      cache.modify({ id: cache.identify({ __typename: 'Apartment', id: variables.apartmentId }), fields: written({ pictures: saved }) });
    },
  });
}

export const UPLOAD_APARTMENT_PICTURE = graphql(`
  mutation UploadApartmentPicture($apartmentId: Int!, $picture: PictureUpload!) {
    uploadApartmentPicture(apartmentId: $apartmentId, picture: $picture) {
      exception {
        ...ExceptionFields
      }
    }
  }
`);

/**
 * Uploads a picture for an apartment (its file as base64, its descriptions); once stored, the cached
 * apartment's pictures leave the cache, so its editor fetches them again with the new one last (its
 * files' addresses are the server's).
 */
export function useUploadApartmentPicture() {
  return useMutation(UPLOAD_APARTMENT_PICTURE, {
    update(cache, result, { variables }) {
      if (!variables || result.data?.uploadApartmentPicture.exception) return;
      cache.modify({ id: cache.identify({ __typename: 'Apartment', id: variables.apartmentId }), fields: refetched('pictures') });
    },
  });
}
