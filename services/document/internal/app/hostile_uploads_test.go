package app_test

import (
	"context"
	"errors"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"testing"
	"time"

	"semesterhaus/platform/picture/picturetest"

	"github.com/google/uuid"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/server"
	"semesterhaus/services/document/documenttest"
	"semesterhaus/services/document/internal/adapters/imaging"
	"semesterhaus/services/document/internal/app"
	"semesterhaus/services/document/internal/domain"
	"semesterhaus/services/document/internal/testenv"
)

// The service runs with the collector's heap goal at server.DefaultGCPercent and its memory limit
// set (GOMEMLIMIT, deploy/base/document.yaml); the test runs the same way. uploadMemoryCeiling is the
// most the heap may grow while the hostile corpus below is checked (docs/security.md, "Uploads"): two
// pictures of the largest size allowed are decoded at once, each 120 to 160 MB live (its pixels, a
// band of the mark, the JPEG written), and a collection may end after another picture's pixels were
// allocated. Measured: 380 to 440 MB, the live heap after a collection at most 260 MB. Without the
// decode limit the six pictures alone would be more than 700 MB live (measured with six decodes at
// once: 680 MB heap growth, and the test failed).
const (
	testMemoryLimit     = 384 << 20
	uploadMemoryCeiling = 560 << 20
)

// Not parallel: it measures the process's heap, and parallel tests wait until it is done.
func TestStoreUploads_hostileCorpusInParallel_staysUnderTheMemoryCeiling(t *testing.T) {
	png := picturetest.FlatPNG(t, 5000, 5000)   // 25 MP, allowed: the 84 KB PNG
	jpeg := picturetest.FlatJPEG(t, 5000, 5000) // 25 MP too, as a camera writes it
	bombs := []domain.Upload{
		{Type: domain.TypeIdentityCardFront, Content: picturetest.PNGHeader(10000, 10000)},
		{Type: domain.TypeIdentityCardBack, Content: picturetest.JPEGClaiming(t, 10000, 10000)},
	}
	booking := func(picture []byte) []domain.Upload {
		return []domain.Upload{
			{Type: domain.TypeIdentityCardFront, Content: picture},
			{Type: domain.TypeIdentityCardBack, Content: picture},
			{Type: domain.TypeImmatriculation, Content: documenttest.HostilePDF()},
		}
	}
	// Six pictures of 25 MP posted at once, and the bombs beside them.
	bookings := [][]domain.Upload{booking(png), booking(jpeg), booking(png)}
	documents := app.New(&recordingRepository{}, imaging.New(), testenv.UploadLimits)
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(testMemoryLimit))
	defer debug.SetGCPercent(debug.SetGCPercent(server.DefaultGCPercent))

	stop := sampleHeapGrowth()
	var wg sync.WaitGroup
	errs := make([]error, len(bookings)+len(bombs))
	took := make([]time.Duration, len(bookings)+len(bombs))
	store := func(i int, uploads []domain.Upload) {
		started := time.Now()
		_, errs[i] = documents.StoreUploads(context.Background(), 7, uuid.NewString(), domain.AnySender, uploads)
		took[i] = time.Since(started)
	}
	for i, uploads := range bookings {
		wg.Go(func() { store(i, uploads) })
	}
	for i, bomb := range bombs {
		wg.Go(func() { store(len(bookings)+i, []domain.Upload{bomb}) })
	}
	wg.Wait()
	grown := stop()

	for i, err := range errs[:len(bookings)] {
		if err != nil {
			t.Errorf("booking %d: StoreUploads = %v, want its 25 MP pictures and PDF stored", i, err)
		}
	}
	fastestBooking := slices.Min(took[:len(bookings)])
	for i, err := range errs[len(bookings):] {
		var v *exception.Error
		if !errors.As(err, &v) || v.MessageID != domain.MsgTooManyPixels {
			t.Errorf("bomb: StoreUploads = %v, want %s", err, domain.MsgTooManyPixels)
		}
		// Refused from its header, without waiting for a decode slot.
		if bombTook := took[len(bookings)+i]; bombTook >= fastestBooking/4 {
			t.Errorf("bomb refused after %v, the fastest booking took %v: want it refused at once", bombTook, fastestBooking)
		}
	}
	t.Logf("heap grew by at most %d MB (ceiling %d MB)", grown>>20, uploadMemoryCeiling>>20)
	if grown > uploadMemoryCeiling {
		t.Errorf("heap grew by %d MB, over the ceiling of %d MB", grown>>20, uploadMemoryCeiling>>20)
	}
}

// sampleHeapGrowth samples the heap in use every few milliseconds until stop is called, which
// returns by how much it grew at most over what was in use at the start.
func sampleHeapGrowth() (stop func() uint64) {
	runtime.GC()
	var stats runtime.MemStats
	runtime.ReadMemStats(&stats)
	baseline, peak := stats.HeapInuse, stats.HeapInuse
	done, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		ticker := time.NewTicker(5 * time.Millisecond)
		defer ticker.Stop()
		for {
			select {
			case <-done:
				return
			case <-ticker.C:
				runtime.ReadMemStats(&stats)
				peak = max(peak, stats.HeapInuse)
			}
		}
	}()
	return func() uint64 {
		close(done)
		<-finished
		return peak - baseline
	}
}
