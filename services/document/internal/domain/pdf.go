package domain

import (
	"bytes"
	"context"
	"fmt"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

func init() {
	// pdfcpu would otherwise create a configuration folder in the user's home on first use; the
	// service needs none of it (no fonts, no stamps) and its container may not write there.
	api.DisableConfigDir()
}

// activeEntries are the dictionary entries through which a PDF runs or carries something beyond its
// pages: actions on opening the document or a page and on form events (OpenAction, AA), document
// scripts (the JavaScript name tree) and a script action's code (JS), attached files (the
// EmbeddedFiles name tree and a file specification's EF streams), XFA forms, rich media, 3D
// streams (which may carry scripts of their own) and portfolios (Collection).
var activeEntries = []string{
	"OpenAction", "AA", "JavaScript", "JS", "EmbeddedFiles", "EF", "XFA", "RichMediaContent", "3DD", "Collection",
}

// actionTypes are the values of an action dictionary's S entry (ISO 32000-2, 12.6.4). GoTo, a jump
// within the document, is the one kept: every other action launches a program, runs a script, sends
// form data, opens another file or a web address, or plays media.
var actionTypes = map[types.Name]bool{
	"GoTo": true, "GoToR": true, "GoToE": true, "GoToDp": true, "Launch": true, "Thread": true, "URI": true,
	"Sound": true, "Movie": true, "Hide": true, "Named": true, "SubmitForm": true, "ResetForm": true,
	"ImportData": true, "JavaScript": true, "SetOCGState": true, "Rendition": true, "Trans": true,
	"GoTo3DView": true, "RichMediaExecute": true,
}

// pdfLimits bound what a hostile PDF can make the parser allocate: no stream of an upload of at most
// MaxFileBytes needs to decode to more than 64 MiB, nor to hold more objects than it has bytes / 10.
var pdfLimits = func() model.ResourceLimits {
	limits := model.DefaultResourceLimits()
	limits.MaxStreamBytes = MaxFileBytes
	limits.MaxDecodeBytes = 64 << 20
	limits.MaxImageBytes = 64 << 20
	limits.MaxObjectCount = MaxFileBytes / 10
	limits.MaxObjectStreamCount = MaxFileBytes / 10
	limits.MaxXRefEntries = MaxFileBytes / 10
	return limits
}()

// withoutActiveContent parses the PDF and writes it anew without its active content (activeEntries
// and every action but GoTo); pages, their text, pictures and fonts stay. Only what the document
// still references is written, so removed scripts and files do not linger as unused objects. A PDF
// the parser cannot read (broken, or encrypted with a password to open it) is an error.
func withoutActiveContent(c context.Context, content []byte) (cleaned []byte, err error) {
	// A parser bug met on hostile input must refuse the upload, not take the service down.
	defer func() {
		if r := recover(); r != nil {
			cleaned, err = nil, fmt.Errorf("pdf parser panicked: %v", r)
		}
	}()
	conf := model.NewDefaultConfiguration()
	conf.Limits = pdfLimits
	conf.RemoveEncryption = true
	ctx, err := pdfcpu.ReadWithContext(c, bytes.NewReader(content), conf)
	if err != nil {
		return nil, fmt.Errorf("read pdf: %w", err)
	}
	for _, entry := range ctx.Table {
		if entry != nil && !entry.Free {
			removeActiveContent(entry.Object)
		}
	}
	// The writer binds the name trees it cached while reading back into the catalog.
	delete(ctx.Names, "JavaScript")
	delete(ctx.Names, "EmbeddedFiles")
	var out bytes.Buffer
	if err := api.WriteContext(ctx, &out); err != nil {
		return nil, fmt.Errorf("write pdf: %w", err)
	}
	return out.Bytes(), nil
}

// removeActiveContent strips an object and the objects written inside it (not those it refers to:
// every indirect object gets its own turn).
func removeActiveContent(o types.Object) {
	switch v := o.(type) {
	case types.Dict:
		removeFromDict(v)
	case types.StreamDict:
		removeFromDict(v.Dict)
	case types.Array:
		for _, item := range v {
			removeActiveContent(item)
		}
	}
}

func removeFromDict(d types.Dict) {
	if action, ok := d["S"].(types.Name); ok && actionTypes[action] {
		if action != "GoTo" {
			// Emptied rather than unlinked: the action may be referred to from anywhere, and an
			// action without a type does nothing.
			clear(d)
			return
		}
		delete(d, "Next") // a chain of further actions
	}
	for _, key := range activeEntries {
		delete(d, key)
	}
	for _, value := range d {
		removeActiveContent(value)
	}
}
