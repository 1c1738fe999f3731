/**
 * A request's GraphQL errors, as Apollo Client's CombinedGraphQLErrors and lib/operations' GraphQLErrors
 * both carry them (told apart by shape: this module is on the first screens, which load no Apollo).
 */
interface WithGraphQLErrors {
  errors: readonly { message: string; extensions?: Record<string, unknown> }[];
}

function hasGraphQLErrors(error: unknown): error is WithGraphQLErrors {
  return error instanceof Error && Array.isArray((error as Partial<WithGraphQLErrors>).errors);
}

export interface UserDataException {
  path?: string | null;
  messageId: string;
  params: { key: string; value: string }[];
}

export interface RentingResult {
  uuid?: string | null;
  exception?: UserDataException | null;
}

/** A message to show: an i18n key with its values, or a literal text (a server message). */
export type Message = { key: string; values?: Record<string, string> } | { text: string };

/** The params of a business exception as interpolation values. */
export function exceptionValues(exception: UserDataException): Record<string, string> {
  return Object.fromEntries(exception.params.map((p) => [p.key, p.value]));
}

/**
 * What a renting result means for the form (SPEC section 4/8): the uuid wins, else the exception is
 * shown as 'error occurred: ' with its translated message, else 'Backend Error'.
 */
export function interpretResult(
  result: RentingResult | null | undefined,
): { kind: 'ok'; uuid: string } | { kind: 'exception'; exception: UserDataException } | { kind: 'backend' } {
  if (result?.uuid) return { kind: 'ok', uuid: result.uuid };
  if (result?.exception) return { kind: 'exception', exception: result.exception };
  return { kind: 'backend' };
}

function statusCodeOf(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'statusCode' in error) {
    const code = (error as { statusCode: unknown }).statusCode;
    if (typeof code === 'number') return code;
  }
  return undefined;
}

/** The minutes until a refused request may be sent again: from Retry-After (seconds), at least 1. */
function retryMinutes(error: unknown): string {
  // Apollo's ServerError and lib/operations' RequestError both keep the response.
  const response = error && typeof error === 'object' && 'response' in error ? (error as { response?: Response }).response : undefined;
  const header = response?.headers?.get('Retry-After');
  const seconds = Number(header);
  return String(Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 1);
}

/** How a failed request is shown (SPEC section 8). */
export function describeRequestError(error: unknown, { upload = false } = {}): Message {
  const status = statusCodeOf(error);
  if (upload && (status === 413 || status === 415)) return { key: 'validation.doc_too_large' };
  // The gateway's abuse limit (TOO_MANY_REQUESTS): say when to try again instead of a generic error.
  if (status === 429) return { key: 'errors.tooManyRequests', values: { minutes: retryMinutes(error) } };
  if (hasGraphQLErrors(error)) {
    // A business exception refused before any resolver ran (INVALID_ID, …; its message is the
    // message id): its translated text. Lookups keep their message ('No Apartment found with id 5.').
    const refused = businessException(error);
    if (refused && error.errors[0]?.message === refused.messageId) {
      return { key: `validation.${refused.messageId}`, values: exceptionValues(refused) };
    }
    const first = error.errors[0]?.message;
    return first ? { text: first } : { key: 'errors.unknownGraphql' };
  }
  if (status !== undefined) return { key: 'errors.generic' };
  if (error instanceof Error) return { key: 'errors.generic' };
  return { key: 'errors.unknown' };
}

/** The business exception a subgraph answered a query with (its messageId in the error's extensions), if any. */
export function businessException(error: unknown): UserDataException | undefined {
  if (!hasGraphQLErrors(error)) return undefined;
  const extensions = error.errors[0]?.extensions;
  const messageId = extensions?.messageId;
  if (typeof messageId !== 'string') return undefined;
  const params = extensions?.params;
  const values = params && typeof params === 'object' ? Object.entries(params as Record<string, unknown>) : [];
  const path = typeof extensions?.path === 'string' ? extensions.path : undefined;
  return { path, messageId, params: values.map(([key, value]) => ({ key, value: String(value) })) };
}

/**
 * The form field a business exception concerns (the last segment of its path), when it is one of
 * fields: the form shows the exception's text at that field, next to the message above the button.
 */
export function exceptionField<F extends string>(exception: UserDataException, fields: readonly F[]): F | undefined {
  const field = exception.path?.split('.').at(-1);
  return fields.find((f) => f === field);
}
