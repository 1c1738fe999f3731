package httpapi

import (
	"github.com/buger/jsonparser"
)

const (
	// reorderAbove: smaller variables are passed on as they came.
	reorderAbove = 64 << 10
	// longValue: a member this long (an upload as base64) goes behind the short ones.
	longValue = 4 << 10
)

// longValuesLast reorders the members of every input object among the variables so that long
// values (uploads as base64) come after the short ones. The engine (graphql-go-tools, in its
// default-value injection) looks each field of an input object up by scanning the object's JSON
// from its start, so every short field behind megabytes of uploads cost a scan of those megabytes:
// 17 fields of a booking made it the gateway's largest cost. Member order means nothing in a JSON
// object, so the answer is the same.
func longValuesLast(variables []byte) []byte {
	if len(variables) < reorderAbove {
		return variables
	}
	reordered, err := rebuildObject(variables, func(m member) member {
		if m.kind == jsonparser.Object {
			if inner, err := rebuildObject(m.raw, nil); err == nil {
				m.raw = inner
			}
		}
		return m
	})
	if err != nil {
		return variables // not an object of members we understand: leave it to the engine's checks
	}
	return reordered
}

type member struct {
	key, raw []byte // the key as written (without quotes) and the whole value as written
	kind     jsonparser.ValueType
}

// rebuildObject writes the object's members anew, short ones first, each passed through change.
func rebuildObject(object []byte, change func(member) member) ([]byte, error) {
	var short, long []member
	err := jsonparser.ObjectEach(object, func(key, value []byte, kind jsonparser.ValueType, end int) error {
		m := member{key: key, kind: kind, raw: object[end-rawLength(value, kind) : end]}
		if change != nil {
			m = change(m)
		}
		if len(m.raw) >= longValue {
			long = append(long, m)
		} else {
			short = append(short, m)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(object)+2)
	out = append(out, '{')
	for i, m := range append(short, long...) {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, '"')
		out = append(out, m.key...)
		out = append(out, '"', ':')
		out = append(out, m.raw...)
	}
	return append(out, '}'), nil
}

// rawLength is the length of a value as written: jsonparser hands strings over without quotes.
func rawLength(value []byte, kind jsonparser.ValueType) int {
	if kind == jsonparser.String {
		return len(value) + 2
	}
	return len(value)
}
