package engine

import (
	"strings"
	"testing"

	"semesterhaus/gateway/schema"
)

func TestLoadRouterConfig_overridesRoutingURLAndForwardsHeaders(t *testing.T) {
	t.Parallel()
	const url = "http://catalog.internal:8101/graphql"
	rc, err := loadRouterConfig(schema.RouterConfig, map[string]string{"catalog": url}, []string{"X-Identity-Token"})
	if err != nil {
		t.Fatal(err)
	}
	for _, ds := range rc.GetEngineConfig().GetDatasourceConfigurations() {
		fetch := ds.GetCustomGraphql().GetFetch()
		if got := fetch.GetUrl().GetStaticVariableContent(); got != url {
			t.Errorf("datasource %s fetches from %q, want %q", ds.GetId(), got, url)
		}
		header := fetch.GetHeader()["X-Identity-Token"]
		if header == nil || header.GetValues()[0].GetStaticVariableContent() != "{{ .request.headers.X-Identity-Token }}" {
			t.Errorf("datasource %s does not forward X-Identity-Token: %v", ds.GetId(), fetch.GetHeader())
		}
	}
	for _, sg := range rc.GetSubgraphs() {
		if sg.GetName() == "catalog" && sg.GetRoutingUrl() != url {
			t.Errorf("catalog routing URL = %q, want %q", sg.GetRoutingUrl(), url)
		}
	}
}

func TestLoadRouterConfig_unknownSubgraphRefused(t *testing.T) {
	t.Parallel()
	_, err := loadRouterConfig(schema.RouterConfig, map[string]string{"catalgo": "http://x/graphql"}, nil)
	if err == nil || !strings.Contains(err.Error(), "catalgo") || !strings.Contains(err.Error(), "catalog") {
		t.Errorf("typo in SUBGRAPH_URLS: err = %v, want one naming the typo and the known subgraphs", err)
	}
}
