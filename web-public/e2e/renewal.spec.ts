import { test } from '@playwright/test';

// Renewal accept and decline need a renting in RENEWAL_REQUEST. Only renting's scheduled job creates
// one: for every PAYED renting of the semester before a semester in its RENEWAL phase, which the
// calendar decides (the 30 days after the previous semester's start). A booking made by these tests is
// for the bookable semester, whose successor is not in its RENEWAL phase until that semester starts,
// and a running system offers no way to open a renewal earlier (no admin or test hook, no clock
// setting). Until there is one, the two flows stay here as fixme instead of being faked in the
// database; the extend page is covered by Vitest (Extend.test.tsx) and, for a renting without an open
// renewal, by routes.spec.ts.
//
// With a hook that opens a renewal for a PAYED renting, each test would: book and pay an apartment as
// in booking.spec.ts, open the renewal, read the renewal mail's /booking/extend link, and then
// - accept: upload a new enrollment certificate, tick the disclaimer, Accept → renewal-accepted;
// - decline: Decline, confirm → renewal-declined (moves out at the end of the semester).

test.fixme('renewal accept: the extend page with a new enrollment certificate ends on renewal-accepted', async () => {});
test.fixme('renewal decline: the extend page ends on renewal-declined', async () => {});
