// Package pdftext lets tests find text in an uncompressed PDF written by fpdf with a UTF-8 font,
// which writes every text run as a string of UTF-16BE code units.
package pdftext

import (
	"bytes"
	"strings"
	"unicode/utf16"
)

// Contains reports whether one text run of the uncompressed PDF holds s.
func Contains(pdf []byte, s string) bool {
	var encoded []byte
	for _, unit := range utf16.Encode([]rune(s)) {
		encoded = append(encoded, byte(unit>>8), byte(unit))
	}
	// fpdf escapes these bytes inside a PDF string, as the format asks.
	escaped := strings.NewReplacer(`\`, `\\`, "(", `\(`, ")", `\)`, "\r", `\r`).Replace(string(encoded))
	return bytes.Contains(pdf, []byte(escaped))
}
