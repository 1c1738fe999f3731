package validation

import (
	"strings"
	"testing"
)

// hostile are texts no form may store, with the rule that refuses them on one line.
var hostile = []struct {
	name, value, want string
}{
	{"NUL", "Ada\x00Lovelace", MsgSingleLine},
	{"TAB", "Ada\tLovelace", MsgSingleLine},
	{"LF", "Ada\nBcc: x@example.org", MsgSingleLine},
	{"CR", "Ada\rLovelace", MsgSingleLine},
	{"DEL", "Ada\x7f", MsgSingleLine},
	{"C1 control", "Ada\u0085", MsgSingleLine},
	{"U+2028", "Ada\u2028Lovelace", MsgSingleLine},
	{"U+2029", "Ada\u2029Lovelace", MsgSingleLine},
	{"right-to-left override U+202E", "Ada \u202eecalevoL", MsgInvalidCharacter},
	{"left-to-right embedding U+202A", "\u202aAda", MsgInvalidCharacter},
	{"first strong isolate U+2068", "Ada\u2068", MsgInvalidCharacter},
	{"pop directional isolate U+2069", "Ada\u2069", MsgInvalidCharacter},
	{"zero-width space U+200B", "Ada\u200bLovelace", MsgInvalidCharacter},
	{"zero-width joiner U+200D", "Ada\u200d", MsgInvalidCharacter},
	{"right-to-left mark U+200F", "Ada\u200f", MsgInvalidCharacter},
	{"byte order mark U+FEFF", "\ufeffAda", MsgInvalidCharacter},
	{"soft hyphen U+00AD", "Ada\u00ad", MsgInvalidCharacter},
	{"invalid UTF-8", "Ada\xff\xfe", MsgInvalidCharacter},
	{"a lone surrogate as JSON decodes it", "Ada\ufffd", MsgInvalidCharacter},
	{"surrogate bytes", "Ada\xed\xa0\x80", MsgInvalidCharacter},
}

func TestSingleLine_hostileCharacters_refusedOnTheirPath(t *testing.T) {
	t.Parallel()
	for _, tc := range hostile {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			err := SingleLine("firstName", tc.value, 100)
			if err == nil || err.Path != "firstName" || err.MessageID != tc.want {
				t.Fatalf("SingleLine(%q) = %v, want %s at firstName", tc.value, err, tc.want)
			}
		})
	}
}

func TestSingleLine_namesOfTheWorld_pass(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"Ada Lovelace", "Zoë Ångström-Øster", "O'Brien", "محمد", "李小龍", "Nguyễn Thị Minh Khai",
		"Ærøskøbing", "José María", "Straße 1a", "👩‍🔬"[:4]} {
		if err := SingleLine("lastName", name, 100); err != nil {
			t.Errorf("SingleLine(%q) = %v, want it accepted", name, err)
		}
	}
}

func TestSingleLine_tooLong_refusedAsStringMaxWithItsBound(t *testing.T) {
	t.Parallel()
	for _, n := range []int{101, 4 << 10, 64 << 10} {
		err := SingleLine("name", strings.Repeat("ä", n), 100)
		if err == nil || err.MessageID != MsgStringMax || err.Params["max"] != "100" {
			t.Errorf("%d characters: %v, want STRING_MAX max 100", n, err)
		}
	}
	if err := SingleLine("name", strings.Repeat("ä", 100), 100); err != nil {
		t.Errorf("100 two-byte characters: %v, want accepted", err)
	}
}

func TestText_lineBreaksAndTabsPass_otherControlsAndFormatCharactersAreRefused(t *testing.T) {
	t.Parallel()
	if err := Text("description", "Erste Zeile\nzweite\r\n\tdritte", 1000); err != nil {
		t.Errorf("text over lines: %v", err)
	}
	for _, tc := range []struct{ value, want string }{
		{"a\x00b", MsgSingleLine}, {"a\rb", MsgSingleLine}, {"a\u202eb", MsgInvalidCharacter}, {"a\u200bb", MsgInvalidCharacter},
		{"a\xffb", MsgInvalidCharacter}, {"a\u2028b", MsgInvalidCharacter}, {"a\u2029b", MsgInvalidCharacter},
		{strings.Repeat("x", 1001), MsgStringMax},
	} {
		if err := Text("description", tc.value, 1000); err == nil || err.MessageID != tc.want {
			t.Errorf("Text(%.20q) = %v, want %s", tc.value, err, tc.want)
		}
	}
}

func TestEmail_refusesWhatNoMailReaches(t *testing.T) {
	t.Parallel()
	for _, address := range []string{
		"", "x@localhost", "x@intranet", "x@.example.org", "x@example.org.", "x@example..org", "x@-example.org",
		"x@[127.0.0.1]", "x@10.0.0.1", "Ada <ada@example.org>", "ada@example.org (Ada)", `"a b"@example.org`,
		strings.Repeat("a", 65) + "@example.org", "a@" + strings.Repeat("b", 250) + ".de", "a@" + strings.Repeat("b", 64) + ".de",
		"ada\n@example.org", "ada@example.org\r\nBcc: x@example.org", "ada\x00@example.org", "ada\u202e@example.org",
		"ada\u200b@example.org", "ada@exa\u2028mple.org", "ada\t@example.org", "@example.org", "ada@", "ada", "a@b@example.org",
	} {
		if err := Email("email", address); err == nil || err.Path != "email" || err.MessageID != MsgInvalidEmail {
			t.Errorf("Email(%q) = %v, want INVALID_EMAIL at email", address, err)
		}
	}
	for _, address := range []string{"ada@example.org", "ada.lovelace+booking@uni-heidelberg.de", strings.Repeat("a", 64) + "@example.org", "x@b.co"} {
		if err := Email("email", address); err != nil {
			t.Errorf("Email(%q) = %v, want accepted", address, err)
		}
	}
}

func TestUUID_onlyTheCanonicalFormPasses(t *testing.T) {
	t.Parallel()
	for _, id := range []string{"", "1", "not-a-uuid", "5f0c", "0195f4a2-7c1b-7d3e-9a4b-8c2d1e0f3a5", "0195f4a2-7c1b-7d3e-9a4b-8c2d1e0f3a5bb",
		"0195f4a27c1b7d3e9a4b8c2d1e0f3a5b", "{0195f4a2-7c1b-7d3e-9a4b-8c2d1e0f3a5b}", "0195f4a2-7c1b-7d3e-9a4b-8c2d1e0f3a5g",
		"0195f4a2-7c1b-7d3e-9a4b-8c2d1e0f3a5\x00", "0195f4a2-7c1b-7d3e-9a4b-8c2d1e0f3a5\u00e4"[:36], strings.Repeat("a", 64<<10)} {
		if err := UUID("rentingId", id); err == nil || err.Path != "rentingId" || err.MessageID != MsgInvalidID {
			t.Errorf("UUID(%.40q) = %v, want INVALID_ID at rentingId", id, err)
		}
	}
	for _, id := range []string{"0195f4a2-7c1b-7d3e-9a4b-8c2d1e0f3a5b", "0195F4A2-7C1B-7D3E-9A4B-8C2D1E0F3A5B"} {
		if err := UUID("rentingId", id); err != nil {
			t.Errorf("UUID(%q) = %v", id, err)
		}
	}
}
