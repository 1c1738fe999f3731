package graphqlx

import "errors"

// Resolvers answer with a use case's result and error through these helpers; the conversion into
// the subgraph's model stays the service's.

// Optional answers a nullable lookup: null (and no error) when err is notFound, the service's
// "not found" sentinel; otherwise the error, or the value converted.
func Optional[T, M any](value T, err, notFound error, convert func(T) *M) (*M, error) {
	if errors.Is(err, notFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return convert(value), nil
}

// All answers a list field: the error, or every value converted.
func All[T, M any](values []T, err error, convert func(T) *M) ([]*M, error) {
	if err != nil {
		return nil, err
	}
	result := make([]*M, len(values))
	for i, v := range values {
		result[i] = convert(v)
	}
	return result, nil
}
