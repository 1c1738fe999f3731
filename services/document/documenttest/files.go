package documenttest

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"
)

// ExifMarker is text that JPEG gives in its EXIF segment; a stored copy must not contain it.
const ExifMarker = "GPS 48.1371N 11.5754E semesterhaus-camera"

// PNG returns a real PNG photo of the given size: a gradient, so that re-encoding has work to do.
func PNG(t testing.TB, width, height int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, gradient(width, height)); err != nil {
		t.Fatalf("encode png: %v", err)
	}
	return buf.Bytes()
}

// JPEG returns a real JPEG photo of the given size that carries an EXIF segment with ExifMarker, as
// a phone camera's photo does.
func JPEG(t testing.TB, width, height int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, gradient(width, height), &jpeg.Options{Quality: 85}); err != nil {
		t.Fatalf("encode jpeg: %v", err)
	}
	plain := buf.Bytes()
	exif := append([]byte("Exif\x00\x00"), ExifMarker...)
	segment := append([]byte{0xFF, 0xE1, byte((len(exif) + 2) >> 8), byte(len(exif) + 2)}, exif...)
	// The APP1 (EXIF) segment comes right after the start-of-image marker.
	return append(append(append([]byte{}, plain[:2]...), segment...), plain[2:]...)
}

func gradient(width, height int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	for y := range height {
		for x := range width {
			img.Set(x, y, color.RGBA{R: uint8(x), G: uint8(y), B: 200, A: 255})
		}
	}
	return img
}

// PNGHeader is a PNG that has only its header chunk: it claims a size but holds no pixels, as a
// decompression bomb's header would.
func PNGHeader(width, height uint32) []byte {
	return PNGHeaderOfDepth(width, height, 8)
}

// PNGHeaderOfDepth is PNGHeader of an RGBA picture of 8 or 16 bits a sample.
func PNGHeaderOfDepth(width, height uint32, bitDepth byte) []byte {
	data := binary.BigEndian.AppendUint32(nil, width)
	data = binary.BigEndian.AppendUint32(data, height)
	data = append(data, bitDepth, 6, 0, 0, 0) // RGBA, deflate, no filter, no interlace
	chunk := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	chunk = append(chunk, "IHDR"...)
	chunk = append(chunk, data...)
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(chunk[4:]))
	return append([]byte("\x89PNG\r\n\x1a\n"), chunk...)
}

// JPEGClaiming is a real small JPEG whose frame header is changed to claim width×height: a
// decompression bomb's header.
func JPEGClaiming(t testing.TB, width, height int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, image.NewGray(image.Rect(0, 0, 16, 16)), nil); err != nil {
		t.Fatal(err)
	}
	content := buf.Bytes()
	sof := bytes.Index(content, []byte{0xFF, 0xC0}) // baseline frame: length, precision, height, width
	if sof < 0 {
		t.Fatal("no frame header in the encoded JPEG")
	}
	content[sof+5], content[sof+6] = byte(height>>8), byte(height)
	content[sof+7], content[sof+8] = byte(width>>8), byte(width)
	return content
}

// FlatPNG is a PNG of width×height pixels of one translucent colour: it compresses about a
// thousand times (an 84 KB file of 5000×5000), and decodes to 4 bytes a pixel and, being
// translucent, is blended onto white in a second picture of as many.
func FlatPNG(t testing.TB, width, height int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, width, height))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = 40, 80, 160, 250
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, img); err != nil {
		t.Fatalf("encode png: %v", err)
	}
	return buf.Bytes()
}

// FlatJPEG is a baseline JPEG (4:2:0, as cameras write them) of width×height pixels of one colour: a
// few hundred KB that decode to 1.5 bytes a pixel of YCbCr and then to the 4 of the copy.
func FlatJPEG(t testing.TB, width, height int) []byte {
	t.Helper()
	img := image.NewYCbCr(image.Rect(0, 0, width, height), image.YCbCrSubsampleRatio420)
	for i := range img.Y {
		img.Y[i] = 180
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85}); err != nil {
		t.Fatalf("encode jpeg: %v", err)
	}
	return buf.Bytes()
}

// PDF returns a real minimal one-page PDF with a correct cross-reference table and trailer.
func PDF() []byte {
	return BuildPDF(
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
	)
}

// Markers of HostilePDF's active content: none may be left in what is stored.
const (
	ScriptMarker       = "semesterhaus-script-ran"
	AttachmentMarker   = "semesterhaus-attached-program"
	LaunchMarker       = "semesterhaus-launched.exe"
	PageTextMarker     = "Immatrikulationsbescheinigung"
	HostilePDFPages    = 2
	hostilePageContent = "BT /F1 24 Tf 72 720 Td (" + PageTextMarker + ") Tj ET"
)

// HostilePDF returns a real two-page PDF with what a PDF can do beyond showing pages: a script that
// runs on opening (OpenAction and the document's JavaScript name tree), page and form actions (AA), an
// embedded program (the EmbeddedFiles name tree and a file attachment annotation), a link that
// launches a program, an XFA form, and a harmless link within the document. Its first page shows
// PageTextMarker.
func HostilePDF() []byte {
	script := "<< /S /JavaScript /JS (app.alert('" + ScriptMarker + "')) >>"
	return BuildPDF(
		// 1: the catalog runs the script on opening and before closing, names it and the program.
		"<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R /AA << /WC 5 0 R >> "+
			"/Names << /JavaScript 6 0 R /EmbeddedFiles 8 0 R >> /AcroForm << /Fields [] /XFA 10 0 R >> >>",
		"<< /Type /Pages /Kids [3 0 R 14 0 R] /Count 2 >>",
		// 3: the first page shows text, runs the script on opening and carries three annotations.
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R "+
			"/Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> "+
			"/AA << /O 5 0 R >> /Annots [11 0 R 12 0 R 13 0 R] >>",
		Stream("<< >>", hostilePageContent),
		script,
		"<< /Names [(init) 5 0 R] >>",
		Stream("<< /Type /EmbeddedFile >>", "MZ "+AttachmentMarker),
		"<< /Names [(setup.exe) 9 0 R] >>",
		"<< /Type /Filespec /F (setup.exe) /UF (setup.exe) /EF << /F 7 0 R >> >>",
		Stream("<< >>", "<xdp:xdp><script>"+ScriptMarker+"</script></xdp:xdp>"),
		"<< /Type /Annot /Subtype /Link /Rect [72 600 300 620] /A << /S /Launch /F ("+LaunchMarker+") >> >>",
		"<< /Type /Annot /Subtype /FileAttachment /Rect [72 560 90 580] /FS 9 0 R >>",
		"<< /Type /Annot /Subtype /Link /Rect [72 520 300 540] /A << /S /GoTo /D [14 0 R /Fit] /Next 5 0 R >> >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
	)
}

// Stream is an indirect stream object of BuildPDF with the given dictionary (without /Length) and
// uncompressed data.
func Stream(dict, data string) string {
	return fmt.Sprintf("%s /Length %d >>\nstream\n%s\nendstream", strings.TrimSuffix(dict, ">>"), len(data), data)
}

// BuildPDF returns a PDF of the given objects, numbered from 1 in order (the first is the catalog),
// with a correct cross-reference table and trailer.
func BuildPDF(objects ...string) []byte {
	var buf bytes.Buffer
	buf.WriteString("%PDF-1.7\n")
	offsets := make([]int, len(objects))
	for i, obj := range objects {
		offsets[i] = buf.Len()
		fmt.Fprintf(&buf, "%d 0 obj\n%s\nendobj\n", i+1, obj)
	}
	xref := buf.Len()
	fmt.Fprintf(&buf, "xref\n0 %d\n0000000000 65535 f \n", len(objects)+1)
	for _, off := range offsets {
		fmt.Fprintf(&buf, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&buf, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objects)+1, xref)
	return buf.Bytes()
}
