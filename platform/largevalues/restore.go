package largevalues

import (
	"reflect"
	"strings"
)

// RestoreAll returns x, the arguments a resolver is about to get, with every placeholder of v
// inside it (in struct fields, behind pointers, in slices and maps) replaced by its value. A lifted
// text thus reaches every field as the text the client sent, never as "largevalue:…": a name of
// 5,000 characters is refused as too long by the form's rules instead of being stored or mailed as
// the placeholder. Upload fields get their megabytes the same way, without a copy (see Value).
// Slices, maps and pointers inside x are changed in place: gqlgen makes them anew for each request.
func (v *Values) RestoreAll(x any) (any, error) {
	if v == nil || x == nil {
		return x, nil
	}
	rv := reflect.ValueOf(x)
	copied := reflect.New(rv.Type()).Elem()
	copied.Set(rv)
	changed, err := v.restore(copied)
	if err != nil || !changed {
		return x, err
	}
	return copied.Interface(), nil
}

// restore replaces the placeholders in the settable value rv; changed reports whether it did.
func (v *Values) restore(rv reflect.Value) (changed bool, err error) {
	switch rv.Kind() {
	case reflect.String:
		s := rv.String()
		if !strings.HasPrefix(s, v.prefix) {
			return false, nil
		}
		value, err := v.Value(s)
		if err != nil || value == s {
			return false, err
		}
		rv.SetString(value)
		return true, nil
	case reflect.Pointer:
		if rv.IsNil() {
			return false, nil
		}
		return v.restore(rv.Elem())
	case reflect.Interface:
		if rv.IsNil() {
			return false, nil
		}
		inner := reflect.New(rv.Elem().Type()).Elem()
		inner.Set(rv.Elem())
		if changed, err = v.restore(inner); changed && err == nil {
			rv.Set(inner)
		}
		return changed, err
	case reflect.Struct:
		for i := range rv.NumField() {
			if f := rv.Field(i); f.CanSet() {
				c, err := v.restore(f)
				if err != nil {
					return changed, err
				}
				changed = changed || c
			}
		}
		return changed, nil
	case reflect.Slice, reflect.Array:
		for i := range rv.Len() {
			c, err := v.restore(rv.Index(i))
			if err != nil {
				return changed, err
			}
			changed = changed || c
		}
		return changed, nil
	case reflect.Map:
		iter := rv.MapRange()
		for iter.Next() {
			value := reflect.New(iter.Value().Type()).Elem()
			value.Set(iter.Value())
			c, err := v.restore(value)
			if err != nil {
				return changed, err
			}
			if c {
				rv.SetMapIndex(iter.Key(), value)
				changed = true
			}
		}
		return changed, nil
	}
	return false, nil
}
