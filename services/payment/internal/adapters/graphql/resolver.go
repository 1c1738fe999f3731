// Package graphql is the payment service's GraphQL subgraph: resolvers that call the app layer.
package graphql

import "semesterhaus/services/payment/internal/app"

// Resolver is the root resolver; it is where the payment service's dependencies are injected.
type Resolver struct {
	Payments *app.Payments
}
