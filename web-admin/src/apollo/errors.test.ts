import { describe, expect, it } from 'vitest';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { errorMessage, exceptionMessage } from './errors';

describe('errorMessage', () => {
  it('shows the first GraphQL error', () => {
    const err = new CombinedGraphQLErrors({ data: null, errors: [{ message: 'forbidden' }, { message: 'second' }] });
    expect(errorMessage(err)).toBe('forbidden');
  });
  it('falls back to Unknown Graphql Error for an empty message', () => {
    expect(errorMessage(new CombinedGraphQLErrors({ data: null, errors: [{ message: '' }] }))).toBe('Unknown Graphql Error');
  });
  it('names the status of a server error', () => {
    const err = new ServerError('bad', { response: new Response('', { status: 502 }), bodyText: '' });
    expect(errorMessage(err)).toBe('Serverfehler (Status 502)');
  });
  it('uses the message of other errors and Unknown Error for non-errors', () => {
    expect(errorMessage(new Error('network down'))).toBe('network down');
    expect(errorMessage('what')).toBe('Unknown Error');
  });
});

describe('exceptionMessage', () => {
  it.each([
    [{ path: 'firstName', messageId: 'STRING_MIN', params: [{ key: 'min', value: '1' }] }, 'firstName: STRING_MIN (min=1)'],
    [{ path: null, messageId: 'INVALID_ZIP', params: [] }, 'INVALID_ZIP'],
    [{ messageId: 'X', params: [{ key: 'a', value: '1' }, { key: 'b', value: '2' }] }, 'X (a=1, b=2)'],
  ])('%o → %s', (ex, want) => expect(exceptionMessage(ex)).toBe(want));
});
