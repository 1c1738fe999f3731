import { createContext, useContext, useEffect, useState } from 'react';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';

/**
 * The booking site's first screens (step1, step2 and the shell's residence name) ask the API through
 * this small layer instead of Apollo Client: Apollo with its cache is a quarter of the site's initial
 * JavaScript, and these screens only read. Apollo comes with the screens and forms that need it
 * (apollo/ApolloScope). An answer is kept for the page's life (the residence, an apartment's details),
 * so the header and the footer ask once, and a screen shares what preload.ts started.
 */

/** The gateway serves the API on the same origin as the app. */
export const GRAPHQL_PATH = '/api/graphql';

/** The API refused the request (HTTP status other than 2xx); `response` carries Retry-After. */
export class RequestError extends Error {
  constructor(
    readonly statusCode: number,
    readonly response: Response,
  ) {
    super(`request failed with status ${statusCode}`);
    this.name = 'RequestError';
  }
}

/** The API answered with GraphQL errors (shaped like Apollo's CombinedGraphQLErrors: `errors`). */
export class GraphQLErrors extends Error {
  constructor(readonly errors: readonly { message: string; extensions?: Record<string, unknown> }[]) {
    super(errors.map((e) => e.message).join('\n'));
    this.name = 'GraphQLErrors';
  }
}

/** Runs one operation and resolves to its data. */
export type Execute = <TData, TVariables>(document: TypedDocumentNode<TData, TVariables>, variables?: TVariables) => Promise<TData>;

/** POSTs an operation to the gateway, as Apollo's HttpLink would. */
export const executeOverHttp: Execute = async (document, variables) => {
  const response = await fetch(GRAPHQL_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json, application/json' },
    body: JSON.stringify({ query: print(document), variables: variables ?? {} }),
  });
  if (!response.ok && !response.headers.get('Content-Type')?.includes('json')) throw new RequestError(response.status, response);
  const body = (await response.json()) as { data?: unknown; errors?: GraphQLErrors['errors'] };
  if (body.errors?.length) throw new GraphQLErrors(body.errors);
  if (!response.ok || body.data == null) throw new RequestError(response.status, response);
  return body.data as never;
};

/** At most this many answers are kept (apartments looked at, the residence): the cache stays small. */
const KEPT_ANSWERS = 64;

/**
 * How old an answer may be and still count as fresh: long enough for a screen whose data was asked
 * for while its code loaded (preload.ts) to take that answer, short enough that it is still today's.
 */
export const FRESH_FOR_MS = 10_000;

/** Operations with the answers kept per operation and variables. */
export class Operations {
  private readonly answers = new Map<string, { answer: Promise<unknown>; askedAt: number }>();

  constructor(private readonly execute: Execute) {}

  /** The kept answer, or a new one; `fresh` takes only an answer asked for within FRESH_FOR_MS. */
  query<TData, TVariables>(document: TypedDocumentNode<TData, TVariables>, variables?: TVariables, fresh = false): Promise<TData> {
    const key = JSON.stringify([print(document), variables ?? {}]);
    const kept = this.answers.get(key);
    if (kept && (!fresh || Date.now() - kept.askedAt < FRESH_FOR_MS)) return kept.answer as Promise<TData>;
    const answer = this.execute(document, variables);
    this.answers.delete(key);
    this.answers.set(key, { answer, askedAt: Date.now() });
    if (this.answers.size > KEPT_ANSWERS) this.answers.delete(this.answers.keys().next().value!);
    // A failed answer is not kept: the next screen asks again.
    answer.catch(() => this.answers.get(key)?.answer === answer && this.answers.delete(key));
    return answer;
  }

  /** Runs a mutation (nothing kept). */
  mutate<TData, TVariables>(document: TypedDocumentNode<TData, TVariables>, variables?: TVariables): Promise<TData> {
    return this.execute(document, variables);
  }
}

/** The site's operations over HTTP; tests put their own in OperationsContext. */
export const siteOperations = new Operations(executeOverHttp);

export const OperationsContext = createContext<Operations>(siteOperations);

export interface QueryState<TData> {
  data: TData | undefined;
  loading: boolean;
  error: unknown;
}

/** A query of a first screen, as a hook: Apollo's useQuery's shape for what these screens use. */
export function useOperation<TData, TVariables>(
  document: TypedDocumentNode<TData, TVariables>,
  { variables, skip = false, fresh = false }: { variables?: TVariables; skip?: boolean; fresh?: boolean } = {},
): QueryState<TData> {
  const operations = useContext(OperationsContext);
  const [state, setState] = useState<QueryState<TData> & { key?: string }>({ data: undefined, loading: !skip, error: undefined });
  const key = skip ? undefined : JSON.stringify(variables ?? {});
  useEffect(() => {
    if (key === undefined) return;
    let current = true;
    setState((s) => (s.key === key ? s : { data: undefined, loading: true, error: undefined, key }));
    operations.query(document, variables, fresh).then(
      (data) => current && setState({ data, loading: false, error: undefined, key }),
      (error: unknown) => current && setState({ data: undefined, loading: false, error, key }),
    );
    return () => {
      current = false;
    };
    // The variables are compared by their JSON (key): a new object with the same values asks nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [operations, document, key, fresh]);
  if (key === undefined) return { data: undefined, loading: false, error: undefined };
  // Until the effect has run for new variables, the screen is loading (never the old variables' data).
  if (state.key !== key) return { data: undefined, loading: true, error: undefined };
  return state;
}

/** A mutation of a first screen: the function and whether it runs. */
export function useOperationMutation<TData, TVariables>(
  document: TypedDocumentNode<TData, TVariables>,
): [(variables: TVariables) => Promise<TData>, { loading: boolean }] {
  const operations = useContext(OperationsContext);
  const [loading, setLoading] = useState(false);
  const run = async (variables: TVariables) => {
    setLoading(true);
    try {
      return await operations.mutate(document, variables);
    } finally {
      setLoading(false);
    }
  };
  return [run, { loading }];
}
