package main

import (
	"slices"

	"semesterhaus/platform/topology"
)

// service is one subgraph service of the system as devstack runs it.
type service struct {
	name     string // directory under services/ and the binary ./services/<name>/cmd/<name>
	httpPort int    // HTTP_ADDR 127.0.0.1:<httpPort>: GraphQL at /graphql, /healthz, /readyz
	grpcPort int    // GRPC_ADDR 127.0.0.1:<grpcPort>
	// building is the file (relative to the repository) that `<name> import FILE` loads at every
	// start, idempotently: the demo residence, unless -building names another (stack.building)
	building string
}

// demoBuilding is the demo residence's building file, which the catalog imports unless -building
// names another.
const demoBuilding = "services/catalog/demo/building.yaml"

// services are the services of the topology (platform/topology; docs/architecture.md, "Local
// ports") with their ports, the catalog importing the demo building. A service whose directory
// services/<name>/cmd/<name> does not exist yet is skipped. Every started service gets the gRPC
// addresses of the other started services as <PEER>_GRPC_ADDR.
var services = fromTopology()

func fromTopology() []service {
	table := make([]service, len(topology.Services))
	for i, s := range topology.Services {
		table[i] = service{name: s.Name, httpPort: s.HTTPPort, grpcPort: s.GRPCPort}
		if s.Name == "catalog" {
			table[i].building = demoBuilding
		}
	}
	return table
}

const (
	postgresPort = 54329 // the private PostgreSQL cluster
	natsPort     = 4229  // the embedded NATS server
	gatewayPort  = 8080
	// gatewayMetricsPort serves the gateway's /metrics, which its public port does not.
	gatewayMetricsPort = 9080
	dataDirName        = ".data"
	// postgresPasswordDir, in the data directory, keeps the private cluster's generated passwords.
	postgresPasswordDir = "postgres-passwords"
)

// shiftPorts returns the table with offset added to every port.
func shiftPorts(table []service, offset int) []service {
	shifted := slices.Clone(table)
	for i := range shifted {
		shifted[i].httpPort += offset
		shifted[i].grpcPort += offset
	}
	return shifted
}
