// Hand-written operation types (GraphQL codegen is not set up yet; see README).
export type Gender = 'male' | 'female' | 'various';

export interface PictureFields {
  name: string;
  url: string;
  descriptionDe: string;
  descriptionEn: string;
}

export interface ApartmentFields {
  id: number;
  name: string;
  descriptionDe: string;
  descriptionEn: string;
  pricePerMonth: number;
  features: string[];
  pictures: PictureFields[];
}

export interface SemesterFields {
  id: number;
  name: string;
  startDate: string;
  endDate: string;
}

export interface PriceCalculationFields {
  items: { textDe: string; textEn: string; qty: number; amount: number; total: number }[];
  total: number;
}

export interface UserDataExceptionFields {
  path: string | null;
  messageId: string;
  params: { key: string; value: string }[];
}

export interface RentingResultFields {
  uuid: string | null;
  exception: UserDataExceptionFields | null;
}
