package domain

import (
	"bytes"
	"regexp"
	"strconv"

	"semesterhaus/platform/picture"
)

// Format is a file format as recognised by the file's content, never by its name.
type Format string

const (
	FormatUnknown Format = ""
	FormatPNG            = Format(picture.FormatPNG)
	FormatJPEG           = Format(picture.FormatJPEG)
	FormatPDF     Format = "pdf"
)

var pdfMagic = []byte("%PDF-")

// Sniff recognises a format by the content's first bytes: the pictures of the booking form (PNG and
// JPEG; another picture format is no format of this service) and PDF.
func Sniff(content []byte) Format {
	switch f := picture.Sniff(content); {
	case f == picture.FormatPNG || f == picture.FormatJPEG:
		return Format(f)
	case bytes.HasPrefix(content, pdfMagic):
		return FormatPDF
	default:
		return FormatUnknown
	}
}

// ContentType is the format's media type.
func (f Format) ContentType() string {
	switch f {
	case FormatPNG:
		return "image/png"
	case FormatJPEG:
		return "image/jpeg"
	case FormatPDF:
		return "application/pdf"
	default:
		return "application/octet-stream"
	}
}

// Extension is the usual file name extension of the format.
func (f Format) Extension() string {
	switch f {
	case FormatPNG:
		return "png"
	case FormatJPEG:
		return "jpg"
	case FormatPDF:
		return "pdf"
	default:
		return "bin"
	}
}

// pdfTail is how far from the end PDF readers look for the end-of-file marker.
const pdfTail = 1024

var (
	startXref = []byte("startxref")
	pdfEOF    = []byte("%%EOF")
	xrefTable = []byte("xref")
	// A cross-reference stream (PDF 1.5+) is an indirect object: "12 0 obj".
	indirectObject = regexp.MustCompile(`^\d+\s+\d+\s+obj\b`)
)

// isWellFormedPDF reports whether content has a PDF header and a trailer a reader can follow: an
// end-of-file marker near the end, preceded by startxref with the offset of a cross-reference table
// or stream. A truncated download or a renamed file fails here.
func isWellFormedPDF(content []byte) bool {
	if !bytes.HasPrefix(content, pdfMagic) {
		return false
	}
	tail := content[max(0, len(content)-pdfTail):]
	eof := bytes.LastIndex(tail, pdfEOF)
	if eof < 0 {
		return false
	}
	sx := bytes.LastIndex(tail[:eof], startXref)
	if sx < 0 {
		return false
	}
	offset, err := strconv.Atoi(string(bytes.TrimSpace(tail[sx+len(startXref) : eof])))
	if err != nil || offset <= 0 || offset >= len(content) {
		return false
	}
	xref := content[offset:]
	return bytes.HasPrefix(xref, xrefTable) || indirectObject.Match(xref[:min(len(xref), 40)])
}
