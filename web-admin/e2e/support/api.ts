import { expect, request as newRequest, type APIRequestContext } from '@playwright/test';
import { pdf, png } from './files';
import { findLink, type Mail } from '../../../tools/e2e/support/mail';
import { cancelContractOut } from '../../../tools/e2e/support/cancellation';
import type { AdminGraphQL } from '../../../tools/e2e/support/waitlist';

// The system's own API through the gateway, for what the admin does not do in the browser: a renter's
// booking with its e-mail confirmation, and finding the demo data.

export const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:8080';
export const mailURL = process.env.E2E_MAIL_URL ?? 'http://localhost:8025';
export const ADMIN = { username: 'admin', password: 'admin' };

export interface GraphQLAnswer<T> {
  status: number;
  data?: T | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

export async function graphqlRaw<T>(api: APIRequestContext, query: string, variables: Record<string, unknown> = {}): Promise<GraphQLAnswer<T>> {
  const res = await api.post(`${baseURL}/api/graphql`, { data: { query, variables } });
  const body = (await res.json()) as Omit<GraphQLAnswer<T>, 'status'>;
  return { status: res.status(), ...body };
}

export async function graphql<T>(api: APIRequestContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const answer = await graphqlRaw<T>(api, query, variables);
  expect(answer.status, 'GraphQL HTTP status').toBe(200);
  expect(answer.errors ?? []).toEqual([]);
  return answer.data as T;
}

/** Runs work with GraphQL calls signed in as the local admin (for tools/e2e/support/waitlist.ts). */
export function withAdmin<T>(work: (admin: AdminGraphQL) => Promise<T>): Promise<T> {
  return asAdmin((admin) => work((query, variables) => graphql(admin, query, variables)));
}

/** Runs work with a request context signed in as the local admin. */
export async function asAdmin<T>(work: (admin: APIRequestContext) => Promise<T>): Promise<T> {
  const admin = await newRequest.newContext({ baseURL });
  try {
    const login = await admin.post('/api/auth/login', { data: ADMIN });
    expect(login.ok(), `admin sign-in answered ${login.status()}`).toBeTruthy();
    return await work(admin);
  } finally {
    await admin.dispose();
  }
}

export interface Apartment {
  id: number;
  name: string;
  floor: string;
}

export interface Semester {
  id: number;
  name: string;
  current: boolean;
  rentingPhase: string;
  startsInDays: number;
}

/** The demo building's apartments, sorted by id. */
export async function apartments(api: APIRequestContext): Promise<Apartment[]> {
  const data = await graphql<{ building: { floors: { name: string; apartments: { id: number; name: string }[] }[] } }>(
    api,
    '{ building { floors { name apartments { id name } } } }',
  );
  return data.building.floors.flatMap((f) => f.apartments.map((a) => ({ ...a, floor: f.name }))).sort((a, b) => a.id - b.id);
}

export async function semesters(api: APIRequestContext): Promise<{ all: Semester[]; bookable: Semester; current: Semester | undefined }> {
  const data = await graphql<{ semesters: Semester[]; bookableSemester: { id: number } }>(
    api,
    '{ semesters { id name current rentingPhase startsInDays } bookableSemester { id } }',
  );
  const bookable = data.semesters.find((s) => s.id === data.bookableSemester.id);
  expect(bookable, 'a bookable semester').toBeTruthy();
  return { all: data.semesters, bookable: bookable!, current: data.semesters.find((s) => s.current) };
}

/**
 * The apartment one test owns. The browser tests of the booking site take the first apartments of
 * the demo building; these take theirs from the end (slot 1 is the last), so no two tests share data.
 * It is freed in the bookable semester first (an earlier run's booking with its contract out is
 * cancelled first), so that a test also runs again on the same system.
 */
export async function apartmentFor(api: APIRequestContext, slotFromEnd: number): Promise<Apartment> {
  const all = await apartments(api);
  expect(all.length).toBeGreaterThanOrEqual(slotFromEnd + 4);
  return freed(all[all.length - slotFromEnd]);
}

/** The apartment, freed in the bookable semester (an earlier run's booking with its contract out is cancelled first). */
async function freed(apartment: Apartment): Promise<Apartment> {
  await asAdmin(async (admin) => {
    const { bookable } = await semesters(admin);
    await cancelContractOut((query, variables) => graphql(admin, query, variables), apartment.id, bookable.id);
    await graphql(admin, 'mutation Free($a: Int!, $s: Int!) { freeApartment(apartmentId: $a, semesterId: $s) }', {
      a: apartment.id,
      s: bookable.id,
    });
  });
  return apartment;
}

/**
 * An apartment beyond the slots apartmentFor hands out, every one of which belongs to a file: the
 * building's index-th from its start (0 to 3), which apartmentFor keeps away from and only the booking
 * site's tests book (they run after these, against the same system, and free theirs first). It is
 * freed in the bookable semester as apartmentFor frees its apartment.
 */
export async function apartmentBeyondSlots(api: APIRequestContext, index: number): Promise<Apartment> {
  const all = await apartments(api);
  expect(index, 'one of the four apartments apartmentFor keeps away from').toBeLessThan(4);
  return freed(all[index]);
}

/**
 * An apartment a test only edits (its pictures, its description) and never books: counted from the end
 * like apartmentFor, but nothing is freed, so a booking test that owns the same slot keeps its booking.
 */
export async function apartmentToEdit(api: APIRequestContext, slotFromEnd: number): Promise<Apartment> {
  const all = await apartments(api);
  expect(all.length).toBeGreaterThanOrEqual(slotFromEnd + 4);
  return all[all.length - slotFromEnd];
}

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** A renter nobody else uses: unique e-mail and last name per test run. */
export function newPerson(tag: string): Person {
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return {
    firstName: 'Lena',
    lastName: `${tag} ${unique}`,
    email: `admin-e2e-${tag.toLowerCase()}-${unique}@example.org`,
    phone: '+49 170 5550123',
  };
}

export interface Booked {
  rentingId: string;
  renterId: number;
  semester: Semester;
  person: Person;
}

/**
 * Books the apartment for the bookable semester as the booking form does (createRentingRequest with
 * real small documents as base64), confirms the e-mail through the link the renter was mailed, and
 * returns the renting and the renter's id.
 */
export async function bookAndConfirm(api: APIRequestContext, apartment: Apartment, person: Person, { confirm = true } = {}): Promise<Booked> {
  const { bookable } = await semesters(api);
  const create = {
    apartmentId: apartment.id,
    semesterId: bookable.id,
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
    gender: 'female',
    birthday: '2003-05-17',
    street: 'Hauptstraße 1',
    zip: '69117',
    city: 'Heidelberg',
    country: 'DEU',
    nationality: 'de',
    phone: person.phone,
    language: 'de',
    identityCardFront: png(800, 500).toString('base64'),
    identityCardBack: png(820, 520).toString('base64'),
    immatriculation: pdf().toString('base64'),
  };
  const data = await graphql<{ createRentingRequest: { uuid: string | null; exception: { messageId: string; path: string } | null } }>(
    api,
    'mutation Book($c: CreateRentingRequest!) { createRentingRequest(create: $c) { uuid exception { messageId path } } }',
    { c: create },
  );
  expect(data.createRentingRequest.exception).toBeNull();
  const rentingId = data.createRentingRequest.uuid!;
  expect(rentingId).toBeTruthy();
  if (confirm) await confirmEmail(api, person.email);
  const renterId = await asAdmin(async (admin) => {
    const info = await graphql<{ renterCurrentRentingInfo: { rentingId: string; renter: { id: number } | null } | null }>(
      admin,
      'query Info($a: Int!, $s: Int!) { renterCurrentRentingInfo(apartmentId: $a, semesterId: $s) { rentingId renter { id } } }',
      { a: apartment.id, s: bookable.id },
    );
    expect(info.renterCurrentRentingInfo?.rentingId).toBe(rentingId);
    return info.renterCurrentRentingInfo!.renter!.id;
  });
  return { rentingId, renterId, semester: bookable, person };
}

/**
 * Waits for a mail to email in the mail catcher (MailDev: GET /email) with a link to the site's path
 * (e.g. /booking/step3) and returns the link's path and query.
 */
export async function linkFromMail(api: APIRequestContext, email: string, path: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const res = await api.get(`${mailURL}/email`);
        if (!res.ok()) return false;
        link = findLink((await res.json()) as Mail[], email, path)?.link ?? '';
        return link !== '';
      },
      { message: `a mail to ${email} with a link to ${path}`, timeout: 60_000 },
    )
    .toBe(true);
  return link;
}

/** Opens the check of the confirmation mail's link, as the renter's click does. */
export async function confirmEmail(api: APIRequestContext, email: string): Promise<void> {
  const query = new URLSearchParams((await linkFromMail(api, email, '/booking/step3')).split('?')[1]);
  expect(query.get('email')).toBe(email);
  const res = await api.get(`${baseURL}/api/verify?${new URLSearchParams({ email, token: query.get('token')! })}`, { maxRedirects: 0 });
  expect(res.status(), 'the verify link redirects').toBeGreaterThanOrEqual(300);
  expect(res.status()).toBeLessThan(400);
  expect(res.headers()['location']).toContain('/booking/step3done');
}
