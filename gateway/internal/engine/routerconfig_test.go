package engine

import (
	"strings"
	"testing"

	"semesterhaus/gateway/schema"
)

func TestLoadRouterConfig_overridesRoutingURLsAndForwardsHeaders(t *testing.T) {
	t.Parallel()
	base, err := loadRouterConfig(schema.RouterConfig, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	urls := map[string]string{}  // subgraph name -> its overridden URL
	names := map[string]string{} // subgraph id -> name
	for _, sg := range base.GetSubgraphs() {
		urls[sg.GetName()] = "http://" + sg.GetName() + ".internal/graphql"
		names[sg.GetId()] = sg.GetName()
	}
	rc, err := loadRouterConfig(schema.RouterConfig, urls, []string{"X-Identity-Token"})
	if err != nil {
		t.Fatal(err)
	}
	for _, ds := range rc.GetEngineConfig().GetDatasourceConfigurations() {
		fetch := ds.GetCustomGraphql().GetFetch()
		want := urls[names[ds.GetId()]]
		if got := fetch.GetUrl().GetStaticVariableContent(); got != want || want == "" {
			t.Errorf("datasource %s fetches from %q, want %q", ds.GetId(), got, want)
		}
		header := fetch.GetHeader()["X-Identity-Token"]
		own := "{{ .request.headers.X-Identity-Token-" + strings.ToUpper(names[ds.GetId()][:1]) + names[ds.GetId()][1:] + " }}"
		if header == nil || header.GetValues()[0].GetStaticVariableContent() != own {
			t.Errorf("datasource %s does not forward its own X-Identity-Token (%s): %v", ds.GetId(), own, fetch.GetHeader())
		}
	}
	for _, sg := range rc.GetSubgraphs() {
		if sg.GetRoutingUrl() != urls[sg.GetName()] {
			t.Errorf("%s routing URL = %q, want %q", sg.GetName(), sg.GetRoutingUrl(), urls[sg.GetName()])
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
