// Package topology declares, once, the services of the residence and how they talk over gRPC: each
// one's ports and the services whose gRPC API it calls. The rest is derived from it or checked
// against it: a service refuses to start when its callers' rules name a caller the table does not
// (or miss one it does) and refuses to dial a peer the table does not let it call (package service),
// the test servers and clients check the same (package grpctest), the local stack takes its ports
// from it (tools/cmd/devstack), and the deployment checks hold the network policies to it
// (deploy/check). Who publishes and consumes which NATS subjects is declared in package natsauth.
//
// The package imports nothing, so that every module may read it.
package topology

import "slices"

// Service is one service: its name (services/<name>), its local ports and the services whose gRPC
// API it calls.
type Service struct {
	Name     string
	HTTPPort int // the subgraph, health and metrics, 127.0.0.1:<HTTPPort> in the local stack
	GRPCPort int // its gRPC API, 127.0.0.1:<GRPCPort> locally, <name>:<GRPCPort> in the cluster
	Calls    []string
}

// Services are the residence's services, in the order they start.
var Services = []Service{
	{Name: "catalog", HTTPPort: 8101, GRPCPort: 9101},
	{Name: "renting", HTTPPort: 8102, GRPCPort: 9102, Calls: []string{"catalog", "document", "payment", "renter"}},
	{Name: "renter", HTTPPort: 8103, GRPCPort: 9103, Calls: []string{"catalog", "document", "renting"}},
	{Name: "document", HTTPPort: 8104, GRPCPort: 9104, Calls: []string{"catalog", "payment", "renter", "renting"}},
	{Name: "payment", HTTPPort: 8105, GRPCPort: 9105, Calls: []string{"catalog"}},
}

// Lookup returns the service called name.
func Lookup(name string) (Service, bool) {
	i := slices.IndexFunc(Services, func(s Service) bool { return s.Name == name })
	if i < 0 {
		return Service{}, false
	}
	return Services[i], true
}

// Calls tells whether the service caller calls callee's gRPC API.
func Calls(caller, callee string) bool {
	s, ok := Lookup(caller)
	return ok && slices.Contains(s.Calls, callee)
}

// CallersOf are the services that call callee's gRPC API, sorted.
func CallersOf(callee string) []string {
	var callers []string
	for _, s := range Services {
		if slices.Contains(s.Calls, callee) {
			callers = append(callers, s.Name)
		}
	}
	slices.Sort(callers)
	return callers
}

// Edges are the gRPC calls of every service: who calls whom, sorted, the gateway calling none.
func Edges() map[string][]string {
	edges := map[string][]string{"gateway": nil}
	for _, s := range Services {
		edges[s.Name] = slices.Sorted(slices.Values(s.Calls))
	}
	return edges
}
