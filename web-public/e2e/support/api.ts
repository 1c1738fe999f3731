import { expect, request as newRequest, type APIRequestContext } from '@playwright/test';
import { cancelContractOut } from '../../../tools/e2e/support/cancellation';
import type { AdminGraphQL } from '../../../tools/e2e/support/waitlist';
import { certificate, identityBack, identityFront } from './files';
import { linkFromMail } from './mail';

// The system's own API, for what a browser user does not do: an administrator's approval, and
// finding the demo building's apartments. Everything goes through the gateway like the apps do.
export const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:8080';

export async function graphql<T>(api: APIRequestContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await api.post(`${baseURL}/api/graphql`, { data: { query, variables } });
  expect(res.ok(), `GraphQL ${res.status()}`).toBeTruthy();
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  expect(body.errors ?? []).toEqual([]);
  return body.data as T;
}

export interface Apartment {
  id: number;
  name: string;
  floorIndex: number;
}

/** The demo building's apartments, sorted by id, with the index of their floor in the floor selector. */
export async function apartments(api: APIRequestContext): Promise<Apartment[]> {
  const data = await graphql<{
    availableApartments: { building: { floors: { apartments: { id: number; name: string }[] }[] } };
  }>(api, '{ availableApartments { building { floors { apartments { id name } } } } }');
  return data.availableApartments.building.floors
    .flatMap((f, floorIndex) => f.apartments.map((a) => ({ ...a, floorIndex })))
    .sort((a, b) => a.id - b.id);
}

/**
 * The apartment reserved for one test: every test books its own apartment of the demo building (24),
 * so that tests never depend on each other's data, whatever order they run in.
 */
export async function apartmentFor(api: APIRequestContext, slot: number): Promise<Apartment> {
  const all = await apartments(api);
  expect(all.length).toBeGreaterThan(slot);
  await freeApartment(all[slot].id);
  return all[slot];
}

/**
 * Frees the apartment in the bookable semester (the admins' "delete contract", after cancelling an
 * earlier run's booking whose contract is out), so that a test can run again against the same system;
 * on a fresh system it changes nothing.
 */
async function freeApartment(apartmentId: number): Promise<void> {
  await asAdmin(async (admin) => {
    const { bookableSemester } = await graphql<{ bookableSemester: { id: number } }>(admin, '{ bookableSemester { id } }');
    await cancelContractOut((query, variables) => graphql(admin, query, variables), apartmentId, bookableSemester.id);
    await graphql(admin, 'mutation Free($a: Int!, $s: Int!) { freeApartment(apartmentId: $a, semesterId: $s) }', {
      a: apartmentId,
      s: bookableSemester.id,
    });
  });
}

async function asAdmin<T>(work: (admin: APIRequestContext) => Promise<T>): Promise<T> {
  const admin = await newRequest.newContext({ baseURL });
  try {
    const login = await admin.post('/api/auth/login', { data: { username: 'admin', password: 'admin' } });
    expect(login.ok(), `admin login ${login.status()}`).toBeTruthy();
    return await work(admin);
  } finally {
    await admin.dispose();
  }
}

/** Runs work with GraphQL calls signed in as an administrator (for tools/e2e/support/waitlist.ts). */
export function withAdmin<T>(work: (admin: AdminGraphQL) => Promise<T>): Promise<T> {
  return asAdmin((admin) => work((query, variables) => graphql(admin, query, variables)));
}

/** An administrator approves the identity card of a renting (admin / admin, the local default). */
export async function approveIdentity(rentingId: string): Promise<void> {
  await asAdmin(async (admin) => {
    const data = await graphql<{ approveIdentityCard: boolean }>(
      admin,
      'mutation Approve($rentingId: ID!) { approveIdentityCard(rentingId: $rentingId) }',
      { rentingId },
    );
    expect(data.approveIdentityCard).toBe(true);
  });
}

/**
 * An administrator offers the renter of a PAYED renting the same apartment for the following semester
 * now (offerRenewal), as the renewal window would; the renewal mail goes out. Returns the new
 * RENEWAL_REQUEST renting's id.
 */
export async function offerRenewal(rentingId: string): Promise<string> {
  return asAdmin(async (admin) => {
    const data = await graphql<{ offerRenewal: { uuid: string | null; exception: { messageId: string } | null } }>(
      admin,
      'mutation Offer($rentingId: ID!) { offerRenewal(rentingId: $rentingId) { uuid exception { messageId } } }',
      { rentingId },
    );
    expect(data.offerRenewal.exception).toBeNull();
    expect(data.offerRenewal.uuid).toBeTruthy();
    return data.offerRenewal.uuid!;
  });
}

/** A damage the office records at a handover: what, what it keeps of the deposit (cents), its photos. */
export interface DamageInput {
  description: string;
  amountCents: number;
  photos: Buffer[];
}

/**
 * An administrator records the handover of a PAYED renting today (the residence's day), with a
 * reading of every meter the building file asks for and the damages; the handover mail goes out.
 */
export async function recordHandover(rentingId: string, damages: DamageInput[]): Promise<void> {
  await asAdmin(async (admin) => {
    const { handoverForm } = await graphql<{ handoverForm: { meters: string[]; refusal: { messageId: string } | null } }>(
      admin,
      'query Form($rentingId: ID!) { handoverForm(rentingId: $rentingId) { meters refusal { messageId } } }',
      { rentingId },
    );
    expect(handoverForm.refusal).toBeNull();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    const data = await graphql<{ recordHandover: { exception: { messageId: string; path: string | null } | null } }>(
      admin,
      'mutation Record($h: HandoverInput!) { recordHandover(handover: $h) { exception { messageId path } } }',
      {
        h: {
          rentingId,
          date: today,
          meterReadings: handoverForm.meters.map((meter, i) => ({ meter, value: String(1000 + i) })),
          damages: damages.map((d) => ({ ...d, photos: d.photos.map((p) => p.toString('base64')) })),
        },
      },
    );
    expect(data.recordHandover.exception).toBeNull();
  });
}

/** A fresh e-mail address per test run. */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
}

/**
 * Books an apartment through the API as the form would (real PNG and PDF files) and confirms the
 * e-mail with the confirmation mail's link: the apartment is then held (Booked on step1).
 */
export async function bookAndConfirm(api: APIRequestContext, apartmentId: number, email: string): Promise<string> {
  const rentingId = await requestBooking(api, apartmentId, email);
  const step3 = new URL(`${baseURL}${await linkFromMail(api, email, '/booking/step3')}`);
  const verify = await api.get(`${baseURL}/api/verify?${step3.searchParams.toString()}`, { maxRedirects: 0 });
  expect(verify.headers()['location']).toMatch(/\/booking\/step3done\?/);
  return rentingId;
}

/** Books an apartment through the API as the form would (real PNG and PDF files), unconfirmed. */
export async function requestBooking(api: APIRequestContext, apartmentId: number, email: string): Promise<string> {
  const { bookableSemester } = await graphql<{ bookableSemester: { id: number } }>(api, '{ bookableSemester { id } }');
  const files = { front: identityFront(), back: identityBack(), certificate: certificate() };
  const data = await graphql<{ createRentingRequest: { uuid: string | null; exception: { messageId: string } | null } }>(
    api,
    'mutation Create($c: CreateRentingRequest!) { createRentingRequest(create: $c) { uuid exception { messageId } } }',
    {
      c: {
        apartmentId,
        semesterId: bookableSemester.id,
        birthday: '2004-05-17',
        city: 'Heidelberg',
        country: 'DEU',
        email,
        firstName: 'Erika',
        lastName: 'Mustermann',
        gender: 'female',
        identityCardFront: files.front.buffer.toString('base64'),
        identityCardBack: files.back.buffer.toString('base64'),
        nationality: 'de',
        phone: '+49 151 23456789',
        street: 'Plöck 42',
        zip: '69117',
        language: 'en',
        immatriculation: files.certificate.buffer.toString('base64'),
      },
    },
  );
  expect(data.createRentingRequest.exception).toBeNull();
  return data.createRentingRequest.uuid!;
}
