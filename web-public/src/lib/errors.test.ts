import { describe, expect, it } from 'vitest';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { businessException, describeRequestError, exceptionValues, interpretResult } from './errors';

function serverError(status: number) {
  return new ServerError('failed', { response: new Response('too large', { status }), bodyText: 'too large' });
}

describe('interpretResult', () => {
  it('goes on with a uuid', () => expect(interpretResult({ uuid: 'abc' })).toEqual({ kind: 'ok', uuid: 'abc' }));
  it('shows the exception', () => {
    const exception = { messageId: 'TOO_YOUNG', params: [{ key: 'min', value: '17' }] };
    expect(interpretResult({ exception })).toEqual({ kind: 'exception', exception });
  });
  it('is a backend error with neither', () => expect(interpretResult({})).toEqual({ kind: 'backend' }));
  it('is a backend error without a result', () => expect(interpretResult(null)).toEqual({ kind: 'backend' }));
});

describe('exceptionValues', () => {
  it('turns params into values', () =>
    expect(exceptionValues({ messageId: 'x', params: [{ key: 'max', value: '10' }] })).toEqual({ max: '10' }));
});

describe('describeRequestError', () => {
  it('413 on an upload is doc_too_large', () =>
    expect(describeRequestError(serverError(413), { upload: true })).toEqual({ key: 'validation.doc_too_large' }));
  it('415 on an upload is doc_too_large', () =>
    expect(describeRequestError(serverError(415), { upload: true })).toEqual({ key: 'validation.doc_too_large' }));
  it('500 is the generic message', () =>
    expect(describeRequestError(serverError(500), { upload: true })).toEqual({ key: 'errors.generic' }));
  it('429 from the abuse limit says in how many minutes to try again (Retry-After)', () =>
    expect(
      describeRequestError(
        new ServerError('failed', {
          response: new Response('{"errors":[]}', { status: 429, headers: { 'Retry-After': '125' } }),
          bodyText: '{"errors":[]}',
        }),
        { upload: true },
      ),
    ).toEqual({ key: 'errors.tooManyRequests', values: { minutes: '3' } }));
  it('429 without Retry-After says a minute', () =>
    expect(describeRequestError(serverError(429))).toEqual({ key: 'errors.tooManyRequests', values: { minutes: '1' } }));
  it('a GraphQL error shows its first message', () =>
    expect(describeRequestError(new CombinedGraphQLErrors({ errors: [{ message: 'depth limit' }] }))).toEqual({
      text: 'depth limit',
    }));
  it('a business exception refused before any resolver ran shows its translated text', () =>
    expect(
      describeRequestError(
        new CombinedGraphQLErrors({
          errors: [{ message: 'INVALID_ID', extensions: { messageId: 'INVALID_ID', path: 'rentingId', params: {} } }],
        }),
      ),
    ).toEqual({ key: 'validation.INVALID_ID', values: {} }));
  it('a lookup keeps its message although it carries a message id', () =>
    expect(
      describeRequestError(
        new CombinedGraphQLErrors({
          errors: [{ message: 'No Semester found.', extensions: { messageId: 'NO_SEMESTER', path: 'semesterId', params: {} } }],
        }),
      ),
    ).toEqual({ text: 'No Semester found.' }));
  it('a GraphQL error without messages is unknown', () =>
    expect(describeRequestError(new CombinedGraphQLErrors({ errors: [] }))).toEqual({ key: 'errors.unknownGraphql' }));
  it('something that is not an error is unknown', () =>
    expect(describeRequestError('boom')).toEqual({ key: 'errors.unknown' }));
});

describe('businessException', () => {
  it('reads the messageId and params a subgraph put in the first error', () =>
    expect(
      businessException(
        new CombinedGraphQLErrors({
          errors: [{ message: 'TOO_YOUNG', extensions: { messageId: 'TOO_YOUNG', path: 'birthday', params: { min: 17 } } }],
        }),
      ),
    ).toEqual({ path: 'birthday', messageId: 'TOO_YOUNG', params: [{ key: 'min', value: '17' }] }));
  it('is none for an error without a messageId', () =>
    expect(businessException(new CombinedGraphQLErrors({ errors: [{ message: 'depth limit' }] }))).toBeUndefined());
  it('is none for a network error', () => expect(businessException(serverError(500))).toBeUndefined());
});
