// The waitlist's end-to-end tests (web-public/e2e/waitlist.spec.ts, web-admin/e2e/waitlist.spec.ts)
// need a full house: they block every free apartment of the bookable semester and lift the blocks
// afterwards. They run last (the "waitlist" project of config.ts, which tools/e2e/run.sh runs after
// every other test of the app), so that no other test finds the house full. Each app passes its own GraphQL call as an
// administrator: this module cannot import @playwright/test, which each app has in its own
// node_modules.

/** A GraphQL call signed in as an administrator; it fails the test on any error. */
export type AdminGraphQL = <T>(query: string, variables?: Record<string, unknown>) => Promise<T>;

const BLOCK = 'mutation B($a: Int!, $s: Int!) { blockApartment(apartmentId: $a, semesterId: $s, reason: "Warteliste (Test)") { exception { messageId } } }';
const UNBLOCK = 'mutation U($a: Int!, $s: Int!) { unblockApartment(apartmentId: $a, semesterId: $s) { exception { messageId } } }';

export interface FullHouse {
  semesterId: number;
  /** The apartments blocked to fill the house, by id. */
  blocked: number[];
}

/** Blocks every apartment of the bookable semester that is free. */
export async function fillHouse(admin: AdminGraphQL): Promise<FullHouse> {
  const { availableApartments } = await admin<{
    availableApartments: { bookableSemester: { id: number }; apartmentBookable: { apartmentId: number; free: boolean }[] };
  }>('{ availableApartments { bookableSemester { id } apartmentBookable { apartmentId free } } }');
  const semesterId = availableApartments.bookableSemester.id;
  const blocked = availableApartments.apartmentBookable.filter((a) => a.free).map((a) => a.apartmentId);
  for (const a of blocked) await admin(BLOCK, { a, s: semesterId });
  return { semesterId, blocked };
}

/** Lifts the block of an apartment; an apartment not blocked (any more) is no error. */
export async function unblock(admin: AdminGraphQL, house: FullHouse, apartmentId: number): Promise<void> {
  await admin(UNBLOCK, { a: apartmentId, s: house.semesterId });
}

/** Removes every entry of the bookable semester's waitlist, so that the apartments are free for all again. */
async function emptyWaitlist(admin: AdminGraphQL, house: FullHouse): Promise<void> {
  const { waitlist } = await admin<{ waitlist: { id: string }[] }>('query W($s: Int!) { waitlist(semesterId: $s) { id } }', { s: house.semesterId });
  for (const e of waitlist) await admin('mutation R($id: ID!) { removeWaitlistEntry(id: $id) { exception { messageId } } }', { id: e.id });
}

/** Gives the house back as fillHouse found it: the waitlist emptied, every block lifted. */
export async function emptyHouse(admin: AdminGraphQL, house: FullHouse): Promise<void> {
  await emptyWaitlist(admin, house);
  for (const a of house.blocked) await unblock(admin, house, a);
}
