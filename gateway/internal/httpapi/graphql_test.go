package httpapi

import (
	"testing"

	"github.com/wundergraph/graphql-go-tools/execution/graphql"
)

func TestDecodeOperation_readsWhatABrowserSends(t *testing.T) {
	t.Parallel()
	body := `{"operationName":"BookApartment","query":"query BookApartment($aid: Int!) {\n  bookApartment(aid: $aid) { id name }\n}\n# \u00fcber \"quoted\"","variables":{"aid":7,"note":"a \"b\""}}`
	var req graphql.Request
	if err := decodeOperation([]byte(body), &req); err != nil {
		t.Fatal(err)
	}
	if want := "query BookApartment($aid: Int!) {\n  bookApartment(aid: $aid) { id name }\n}\n# über \"quoted\""; req.Query != want {
		t.Errorf("query = %q, want %q", req.Query, want)
	}
	if req.OperationName != "BookApartment" {
		t.Errorf("operation name = %q", req.OperationName)
	}
	if want := `{"aid":7,"note":"a \"b\""}`; string(req.Variables) != want {
		t.Errorf("variables = %s, want %s", req.Variables, want)
	}
}

func TestDecodeOperation_missingOrNullMembersStayEmpty(t *testing.T) {
	t.Parallel()
	for _, body := range []string{`{}`, `{"query":null,"operationName":null}`, ` {"extensions":{}} `} {
		var req graphql.Request
		if err := decodeOperation([]byte(body), &req); err != nil {
			t.Errorf("%s: %v", body, err)
		}
		if req.Query != "" || req.OperationName != "" || len(req.Variables) != 0 {
			t.Errorf("%s: decoded %+v", body, req)
		}
	}
}

func TestDecodeOperation_refusesWhatIsNotAnOperation(t *testing.T) {
	t.Parallel()
	for _, body := range []string{
		``,
		`not json`,
		`[{"query":"{ building { id } }"}]`,
		`"{ building { id } }"`,
		`{"query":{"text":"{ building { id } }"}}`,
		`{"query":"{ building { id } }","operationName":5}`,
		`{"query":"{ building { id } }"} trailing`,
		`{"query":"{ building { id } }"`,
	} {
		var req graphql.Request
		if err := decodeOperation([]byte(body), &req); err == nil {
			t.Errorf("%q was decoded: %+v", body, req)
		}
	}
}
