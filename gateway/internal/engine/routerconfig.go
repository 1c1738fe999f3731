package engine

import (
	"fmt"
	"slices"
	"strings"

	nodev1 "github.com/wundergraph/cosmo/router/gen/proto/wg/cosmo/node/v1"
	"google.golang.org/protobuf/encoding/protojson"
)

// loadRouterConfig reads the composed router config and adapts it to this deployment: routing URLs
// come from configuration (the composed ones are the local defaults), and every subgraph fetch
// carries the headers in subgraphHeaders, each with the value of the subgraph's own request header
// (SubgraphHeader) of the request the handler hands to the engine.
func loadRouterConfig(composed []byte, subgraphURLs map[string]string, subgraphHeaders []string) (*nodev1.RouterConfig, error) {
	var rc nodev1.RouterConfig
	if err := protojson.Unmarshal(composed, &rc); err != nil {
		return nil, fmt.Errorf("read composed router config: %w", err)
	}
	if err := overrideRoutingURLs(&rc, subgraphURLs); err != nil {
		return nil, err
	}
	nameByID := make(map[string]string, len(rc.GetSubgraphs()))
	for _, sg := range rc.GetSubgraphs() {
		nameByID[sg.GetId()] = sg.GetName()
	}
	for _, ds := range rc.GetEngineConfig().GetDatasourceConfigurations() {
		addForwardedHeaders(ds, nameByID[ds.GetId()], subgraphHeaders)
	}
	return &rc, nil
}

func subgraphNames(rc *nodev1.RouterConfig) []string {
	names := make([]string, 0, len(rc.GetSubgraphs()))
	for _, sg := range rc.GetSubgraphs() {
		names = append(names, sg.GetName())
	}
	slices.Sort(names)
	return names
}

// overrideRoutingURLs points each named subgraph's fetches (and subscriptions) at the configured URL.
// A name that is not a composed subgraph is a configuration mistake and refused.
func overrideRoutingURLs(rc *nodev1.RouterConfig, subgraphURLs map[string]string) error {
	idByName := make(map[string]string, len(rc.GetSubgraphs()))
	for _, sg := range rc.GetSubgraphs() {
		idByName[sg.GetName()] = sg.GetId()
	}
	for name, url := range subgraphURLs {
		id, ok := idByName[name]
		if !ok {
			return fmt.Errorf("SUBGRAPH_URLS names %q, which is not a composed subgraph (known: %s)", name, knownNames(idByName))
		}
		for _, sg := range rc.GetSubgraphs() {
			if sg.GetId() == id {
				sg.RoutingUrl = url
			}
		}
		for _, ds := range rc.GetEngineConfig().GetDatasourceConfigurations() {
			if ds.GetId() == id {
				ds.CustomGraphql.Fetch.Url = staticVariable(url)
				ds.CustomGraphql.Subscription.Url = staticVariable(url)
			}
		}
	}
	return nil
}

// addForwardedHeaders adds a fetch header template per name; the engine fills it from the headers
// of the request it executes that are meant for subgraph, so nothing a client sent reaches a
// subgraph unless listed here, and no subgraph gets what was meant for another.
func addForwardedHeaders(ds *nodev1.DataSourceConfiguration, subgraph string, names []string) {
	fetch := ds.GetCustomGraphql().GetFetch()
	if fetch.Header == nil {
		fetch.Header = map[string]*nodev1.HTTPHeader{}
	}
	for _, name := range names {
		fetch.Header[name] = &nodev1.HTTPHeader{
			Values: []*nodev1.ConfigurationVariable{staticVariable("{{ .request.headers." + SubgraphHeader(name, subgraph) + " }}")},
		}
	}
}

func staticVariable(content string) *nodev1.ConfigurationVariable {
	return &nodev1.ConfigurationVariable{
		Kind:                  nodev1.ConfigurationVariableKind_STATIC_CONFIGURATION_VARIABLE,
		StaticVariableContent: content,
	}
}

func knownNames(idByName map[string]string) string {
	names := make([]string, 0, len(idByName))
	for name := range idByName {
		names = append(names, name)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}
