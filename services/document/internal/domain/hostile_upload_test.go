package domain_test

import (
	"bytes"
	"compress/zlib"
	"errors"
	"maps"
	"runtime"
	"strings"
	"testing"
	"time"

	"semesterhaus/platform/picture/picturetest"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"semesterhaus/platform/exception"
	"semesterhaus/services/document/documenttest"
	"semesterhaus/services/document/internal/adapters/pdf"
	"semesterhaus/services/document/internal/domain"
	"semesterhaus/services/document/internal/pdftext"
)

var tooManyPixels = map[string]string{"maxMegapixels": "25"}

// Not parallel: it measures the process's allocations, and parallel tests wait until it is done.
func TestUploadCheck_pictureOverMaxPixels_isRefusedFromItsHeaderBeforeDecoding(t *testing.T) {
	tests := []struct {
		name   string
		upload domain.Upload
	}{
		{"PNG front claiming 10000×10000", front(picturetest.PNGHeader(10000, 10000))},
		{"PNG certificate claiming 5001×5000", certificate(picturetest.PNGHeader(5001, 5000))},
		{"JPEG back claiming 10000×9000", back(picturetest.JPEGClaiming(t, 10000, 9000))},
		{"real 6000×4200 PNG of 25.2 MP", front(picturetest.FlatPNG(t, 6000, 4200))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			started := time.Now()
			_, err := tt.upload.Check(rules)
			took := time.Since(started)
			runtime.ReadMemStats(&after)
			var v *exception.Error
			if !errors.As(err, &v) || v.MessageID != domain.MsgTooManyPixels || !maps.Equal(v.Params, tooManyPixels) {
				t.Fatalf("Check() = %v, want %s with %v", err, domain.MsgTooManyPixels, tooManyPixels)
			}
			// Decoding would take 4 bytes a pixel: 100 MB and more, and a second or so.
			if allocated := after.TotalAlloc - before.TotalAlloc; allocated > 1<<20 || took > 50*time.Millisecond {
				t.Errorf("refusing took %v and allocated %d bytes, want it from the header alone", took, allocated)
			}
		})
	}
}

func TestUploadCheck_pictureThatCostsThreeTimesToDecode_mayHaveAThirdOfMaxPixels(t *testing.T) {
	t.Parallel()
	progressive := func(width, height int) []byte {
		content := picturetest.JPEGClaiming(t, width, height)
		content[bytes.Index(content, []byte{0xFF, 0xC0})+1] = 0xC2 // the frame header of a progressive JPEG
		return content
	}
	third := map[string]string{"maxMegapixels": "8.3"}
	tests := []struct {
		name   string
		upload domain.Upload
		params map[string]string // nil: passes
	}{
		{"progressive JPEG of 3000×3000", front(progressive(3000, 3000)), third},
		{"16-bit PNG of 3000×3000", certificate(picturetest.PNGHeaderOfDepth(3000, 3000, 16)), third},
		{"progressive JPEG of 3000×2700", back(progressive(3000, 2700)), nil},
		{"16-bit PNG of 3000×2700", certificate(picturetest.PNGHeaderOfDepth(3000, 2700, 16)), nil},
		{"baseline JPEG of 5000×5000", front(picturetest.JPEGClaiming(t, 5000, 5000)), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := tt.upload.Check(rules)
			var v *exception.Error
			switch {
			case tt.params == nil && err != nil:
				t.Errorf("Check() = %v, want it passed", err)
			case tt.params != nil && (!errors.As(err, &v) || v.MessageID != domain.MsgTooManyPixels || !maps.Equal(v.Params, tt.params)):
				t.Errorf("Check() = %v, want %s with %v", err, domain.MsgTooManyPixels, tt.params)
			}
		})
	}
}

func TestUploadCheck_pictureOfExactlyMaxPixels_passesTheHeaderCheck(t *testing.T) {
	t.Parallel()
	if _, err := front(picturetest.PNGHeader(5000, 5000)).Check(rules); err != nil {
		t.Errorf("Check() = %v, want 25 MP accepted", err)
	}
}

func TestUploadCheck_pdfLosesItsActiveContentAndKeepsItsPages(t *testing.T) {
	t.Parallel()
	hostile := documenttest.HostilePDF()
	before, _ := pdfObjects(t, hostile)
	if joined := strings.Join(before, "\n"); !strings.Contains(joined, "/JavaScript") || !strings.Contains(joined, documenttest.LaunchMarker) {
		t.Fatal("the hostile test PDF carries no active content to remove")
	}
	f, err := check(certificate(hostile))
	if err != nil {
		t.Fatalf("Check() = %v", err)
	}
	if f.Format != domain.FormatPDF {
		t.Fatalf("stored as %s, want a PDF", f.Format)
	}
	objects, pages := pdfObjects(t, f.Content)
	if pages != documenttest.HostilePDFPages {
		t.Errorf("stored PDF has %d pages, want %d", pages, documenttest.HostilePDFPages)
	}
	stored := strings.Join(objects, "\n")
	for _, active := range []string{
		"/OpenAction", "/AA", "/JavaScript", "/JS", "/Launch", "/EmbeddedFile", "/EF", "/XFA", "/Next",
		documenttest.ScriptMarker, documenttest.AttachmentMarker, documenttest.LaunchMarker,
	} {
		if strings.Contains(stored, active) {
			t.Errorf("stored PDF still holds %s", active)
		}
	}
	for _, kept := range []string{documenttest.PageTextMarker, "/GoTo"} {
		if !strings.Contains(stored, kept) {
			t.Errorf("stored PDF lost %s (its page's text and its link within the document)", kept)
		}
	}
}

func TestUploadCheck_plainPDFIsStoredWithItsPage(t *testing.T) {
	t.Parallel()
	f, err := check(certificate(documenttest.PDF()))
	if err != nil {
		t.Fatalf("Check() = %v", err)
	}
	if _, pages := pdfObjects(t, f.Content); pages != 1 {
		t.Errorf("stored PDF has %d pages, want 1", pages)
	}
}

func TestUploadCheck_realPDFWithFontsKeepsItsPagesAndText(t *testing.T) {
	t.Parallel()
	contract := domain.Contract{
		RentingID: "5b0f3c1e-8f3a-4d3e-9a57-6c1b8f0e2a11", RenterID: 7,
		Renter: domain.ContractRenter{FirstName: "Jörg", LastName: "Müller", Street: "Hauptstraße 1", Zip: "10115",
			City: "Berlin", Country: "DEU", Birthday: domain.Date{Year: 2003, Month: 5, Day: 17}},
		Apartment: "A-12", Floor: "1. OG", Semester: "Wintersemester 2026/27",
		Start: domain.Date{Year: 2026, Month: 10, Day: 1}, End: domain.Date{Year: 2027, Month: 3, Day: 31},
	}
	// The service's own contract: fpdf's output with an embedded TrueType font, as a real certificate has.
	original, err := pdf.Renderer{Uncompressed: true}.Contract(contract, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	f, err := check(certificate(original))
	if err != nil {
		t.Fatalf("Check() = %v", err)
	}
	_, pagesBefore := pdfObjects(t, original)
	if pagesBefore == 0 {
		t.Fatal("the contract has no pages")
	}
	if _, pages := pdfObjects(t, f.Content); pages != pagesBefore {
		t.Errorf("stored PDF has %d pages, want %d", pages, pagesBefore)
	}
	for _, text := range []string{"Jörg Müller", "Hauptstraße 1, 10115 Berlin, DEU", "A-12"} {
		if !pdftext.Contains(f.Content, text) {
			t.Errorf("stored PDF lost the text %q", text)
		}
	}
}

func TestUploadCheck_pdfTheParserCannotRead_isNotAPDF(t *testing.T) {
	t.Parallel()
	tests := map[string][]byte{
		"catalog that is no dictionary": documenttest.BuildPDF("(just a string)"),
		"pages that are no dictionary":  documenttest.BuildPDF("<< /Type /Catalog /Pages 2 0 R >>", "[1 2 3]"),
	}
	for name, pdf := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, err := check(certificate(pdf))
			var v *exception.Error
			if !errors.As(err, &v) || v.MessageID != domain.MsgNotAPDF {
				t.Errorf("Check() = %v, want %s", err, domain.MsgNotAPDF)
			}
		})
	}
}

// Not parallel: it measures the process's allocations, and parallel tests wait until it is done.
func TestUploadCheck_pdfWithAFlateBomb_isStoredWithoutInflatingIt(t *testing.T) {
	// A page whose content inflates to 128 MiB from 130 KB: the service only copies it.
	bomb := documenttest.BuildPDF(
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>",
		documenttest.Stream("<< /Filter /FlateDecode >>", deflatedSpaces(t, 128<<20)),
	)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := check(certificate(bomb))
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatalf("Check() = %v", err)
	}
	if allocated := after.TotalAlloc - before.TotalAlloc; allocated > 16<<20 {
		t.Errorf("processing allocated %d MB, want the stream copied, not inflated", allocated>>20)
	}
}

// pdfObjects parses a PDF as a reader would and returns every object it holds in PDF syntax (streams
// with their decoded content), and its page count.
func pdfObjects(t *testing.T, pdf []byte) ([]string, int) {
	t.Helper()
	ctx, err := pdfcpu.Read(bytes.NewReader(pdf), model.NewDefaultConfiguration())
	if err != nil {
		t.Fatalf("parse PDF: %v", err)
	}
	if err := ctx.EnsurePageCount(); err != nil {
		t.Fatalf("page count: %v", err)
	}
	var objects []string
	for _, entry := range ctx.Table {
		if entry == nil || entry.Free || entry.Object == nil {
			continue
		}
		objects = append(objects, entry.Object.PDFString())
		if sd, ok := entry.Object.(types.StreamDict); ok {
			if err := sd.Decode(); err == nil {
				objects = append(objects, string(sd.Content))
			}
		}
	}
	return objects, ctx.PageCount
}

func deflatedSpaces(t *testing.T, n int) string {
	t.Helper()
	var buf bytes.Buffer
	w, _ := zlib.NewWriterLevel(&buf, zlib.BestCompression)
	chunk := bytes.Repeat([]byte(" "), 1<<20)
	for range n / len(chunk) {
		if _, err := w.Write(chunk); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}
