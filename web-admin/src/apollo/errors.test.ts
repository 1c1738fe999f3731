import { describe, expect, it } from 'vitest';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { errorMessage, exceptionMessage } from './errors';

const graphqlError = (message: string, extensions?: Record<string, unknown>) =>
  new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions }] });

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

  it.each([
    // business exceptions of operations that answer a plain Boolean come as GraphQL errors
    [
      graphqlError('TRANSITION_NOT_ALLOWED', {
        messageId: 'TRANSITION_NOT_ALLOWED',
        path: 'rentingId',
        params: { from: 'APARTMENT_REQUESTED', to: 'OWNER_ACKNOWLEDGED' },
      }),
      'Buchung: Das ist im aktuellen Stand der Buchung (Angefragt) nicht möglich.',
    ],
    [graphqlError('NO_RENTING', { messageId: 'NO_RENTING', path: 'rentingId', params: {} }), 'Buchung: Diese Buchung gibt es nicht (mehr).'],
    [graphqlError('forbidden', { code: 'FORBIDDEN' }), 'Keine Berechtigung. Bitte erneut anmelden.'],
    [graphqlError('internal error', { code: 'INTERNAL' }), 'Interner Serverfehler. Bitte später erneut versuchen.'],
    [
      graphqlError('subgraph renting is unavailable', { code: 'SUBGRAPH_UNAVAILABLE' }),
      'Ein Dienst ist gerade nicht erreichbar. Bitte später erneut versuchen.',
    ],
    [new ServerError('x', { response: new Response('', { status: 403 }), bodyText: '' }), 'Keine Berechtigung. Bitte erneut anmelden.'],
    // the gateway ended an operation after OPERATION_TIMEOUT
    [
      new ServerError('x', { response: new Response('', { status: 504 }), bodyText: '' }),
      'Die Anfrage hat zu lange gedauert. Bitte später erneut versuchen.',
    ],
    [new TypeError('Failed to fetch'), 'Der Server ist nicht erreichbar. Bitte später erneut versuchen.'],
  ])('%s → %s', (err, want) => expect(errorMessage(err)).toBe(want));
});

describe('exceptionMessage', () => {
  it.each([
    [{ path: 'firstName', messageId: 'STRING_MIN', params: [{ key: 'min', value: '1' }] }, 'Vorname: Bitte mindestens 1 Zeichen eingeben.'],
    [{ path: 'update.phone', messageId: 'STRING_MAX', params: [{ key: 'max', value: '100' }] }, 'Mobil: Bitte höchstens 100 Zeichen eingeben.'],
    [
      { path: 'lastName', messageId: 'SINGLE_LINE', params: [] },
      'Nachname: Bitte in einer Zeile eingeben, ohne Zeilenumbrüche oder Steuerzeichen.',
    ],
    [{ path: null, messageId: 'INVALID_ZIP', params: [] }, 'Die Postleitzahl ist ungültig.'],
    [
      { path: 'pricePerMonth', messageId: 'INVALID_PRICE', params: [{ key: 'min', value: '0.00' }, { key: 'max', value: '10000.00' }] },
      'Miete: Der Betrag muss zwischen 0,00 und 10000,00 Euro liegen.',
    ],
    [{ path: 'descriptionDe', messageId: 'NOT_NULL', params: [] }, 'Beschreibung DE: Angabe fehlt.'],
    [{ path: 'pictures[1].name', messageId: 'NO_PICTURE', params: [{ key: 'name', value: 'bath' }] }, 'Name: Das Bild bath gibt es bei dieser Wohnung nicht (mehr).'],
    [
      { path: 'identityCardFront', messageId: 'TOO_MANY_PIXELS', params: [{ key: 'maxMegapixels', value: '25' }] },
      'Personalausweis Vorderseite: Das Bild hat zu viele Pixel (höchstens 25 Megapixel).',
    ],
    [{ path: 'firstName', messageId: 'missing', params: [] }, 'Vorname: Angabe fehlt.'],
    [{ path: 'id', messageId: 'NO_RENTER', params: [{ key: 'id', value: '7' }] }, 'Nummer: Diesen Mieter gibt es nicht (mehr).'],
    // unknown ids and inputs stay recognisable
    [{ path: 'foo', messageId: 'SOMETHING_NEW', params: [] }, 'foo: Die Eingabe wurde abgelehnt (SOMETHING_NEW).'],
    // a missing param does not break the text
    [{ messageId: 'TOO_YOUNG', params: [] }, 'Mieter müssen mindestens ? Jahre alt sein.'],
  ])('%o → %s', (ex, want) => expect(exceptionMessage(ex)).toBe(want));
});
