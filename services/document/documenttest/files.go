package documenttest

import (
	"bytes"
	"fmt"
	"strings"
)

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
