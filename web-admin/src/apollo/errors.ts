import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';

/** A business exception as the API returns it (UserDataException). */
export interface UserDataException {
  path?: string | null;
  params: { key: string; value: string }[];
  messageId: string;
}

/** What the user sees for a failed call (SPEC section 8): the first GraphQL error, else a generic text. */
export function errorMessage(error: unknown): string {
  if (CombinedGraphQLErrors.is(error)) {
    return error.errors[0]?.message || 'Unknown Graphql Error';
  }
  if (ServerError.is(error)) {
    return `Serverfehler (Status ${error.statusCode})`;
  }
  if (error instanceof Error && error.message) {
    return error.message;
  }
  return 'Unknown Error';
}

/** A business exception as one line: the message id, the input it concerns and its parameters. */
export function exceptionMessage(ex: UserDataException): string {
  const params = ex.params.map((p) => `${p.key}=${p.value}`).join(', ');
  return [ex.path ? `${ex.path}: ${ex.messageId}` : ex.messageId, params && `(${params})`]
    .filter(Boolean)
    .join(' ');
}
