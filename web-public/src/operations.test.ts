import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSchema, type DocumentNode, print, validate } from 'graphql';
import { AVAILABLE_APARTMENTS, RESELECT_APARTMENT } from './pages/booking/Step1.graphql';
import { BOOK_APARTMENT, BOOKABLE_SEMESTER, CREATE_RENTING_REQUEST } from './pages/booking/Step2.graphql';
import { APPROVE_RENEWAL, DECLINE_RENEWAL, EXTEND_BOOKING } from './pages/booking/Extend.graphql';
import { FETCH_PAYMENT_LINK, FETCH_SIGNING_LINK } from './pages/booking/links.graphql';

// The composed API the gateway serves, committed in the repository.
const supergraph = readFileSync(resolve(__dirname, '../../gateway/schema/supergraph.graphql'), 'utf8');
const schema = buildSchema(supergraph, { assumeValidSDL: true });

const operations: Record<string, DocumentNode> = {
  AVAILABLE_APARTMENTS,
  RESELECT_APARTMENT,
  BOOKABLE_SEMESTER,
  BOOK_APARTMENT,
  CREATE_RENTING_REQUEST,
  EXTEND_BOOKING,
  APPROVE_RENEWAL,
  DECLINE_RENEWAL,
  FETCH_SIGNING_LINK,
  FETCH_PAYMENT_LINK,
};

describe('operations', () => {
  it.each(Object.entries(operations))('%s is valid against the composed schema', (_name, doc) => {
    expect(validate(schema, doc).map((e) => e.message)).toEqual([]);
  });

  it('use no admin-only field', () => {
    const adminFields = [...supergraph.matchAll(/^\s+(\w+)(?:\([^)]*\))?: [^\n]*@tag\(name: "admin"\)/gm)].map((m) => m[1]);
    expect(adminFields.length).toBeGreaterThan(0);
    for (const doc of Object.values(operations)) {
      const text = print(doc);
      for (const field of adminFields) expect(text).not.toMatch(new RegExp(`\\b${field}\\b\\s*[({]`));
    }
  });
});
