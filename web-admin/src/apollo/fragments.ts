import { graphql } from '../graphql';

// Fragments of the shapes several areas' operations share. The codegen client preset resolves them by
// name in the operations that spread them; their types are ExceptionFieldsFragment, ... in
// src/graphql/graphql.ts.

/** A business exception of an update, as errors.ts turns it into German (exceptionMessage). */
export const EXCEPTION_FIELDS = graphql(`
  fragment ExceptionFields on UserDataException {
    path
    params {
      key
      value
    }
    messageId
  }
`);
