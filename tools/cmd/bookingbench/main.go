// Command bookingbench measures the booking path of a running system (make run) through the gateway:
//
//  1. booking requests, each with three 1 MB documents (identity card front and back, enrollment
//     certificate), started at a fixed rate: latency percentiles and the requests per second the
//     system kept up with;
//  2. N renters confirming their e-mail for the same apartment at the same moment: latency
//     percentiles of the verify links and how many won (exactly one must).
//
// It signs in as admin at the end to free the apartments it used, so the demo data stays usable.
// Usage: go run ./tools/cmd/bookingbench [-url http://localhost:8080] [-warmup 40] [-bookings 200] [-rate 20]
// [-concurrency 8] [-confirmations 500] [-mail http://localhost:8025]; -bookings 0 or -confirmations 0 leaves
// that part out.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"
)

type options struct {
	baseURL       string
	mailURL       string
	warmup        int
	bookings      int
	concurrency   int
	rate          float64
	confirmations int
	admin         string
	password      string
	pause         time.Duration
}

func main() {
	var opt options
	flag.StringVar(&opt.baseURL, "url", "http://localhost:8080", "the gateway")
	flag.StringVar(&opt.mailURL, "mail", "http://localhost:8025", "the mail catcher's HTTP API")
	flag.IntVar(&opt.warmup, "warmup", 40, "booking requests sent first, at the same rate, and not measured")
	flag.IntVar(&opt.bookings, "bookings", 200, "booking requests with three 1 MB documents")
	flag.IntVar(&opt.concurrency, "concurrency", 8, "booking requests in flight at once (when -rate is 0)")
	flag.Float64Var(&opt.rate, "rate", 20, "booking requests started per second, whether or not earlier ones are done (0: -concurrency at a time)")
	flag.IntVar(&opt.confirmations, "confirmations", 500, "renters confirming the same apartment at once")
	flag.StringVar(&opt.admin, "admin", "admin", "admin user name (frees the apartments afterwards)")
	flag.StringVar(&opt.password, "password", "admin", "admin password")
	flag.DurationVar(&opt.pause, "pause", 0, "wait this long before the confirmation race (time to attach a profiler)")
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	if err := run(ctx, opt); err != nil {
		fmt.Fprintln(os.Stderr, "bookingbench:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, opt options) error {
	c := newClient(opt.baseURL, opt.mailURL)
	target, err := c.bookingTarget(ctx)
	if err != nil {
		return err
	}
	fmt.Printf("bookable semester %d; apartments %d (bookings) and %d (confirmations)\n",
		target.semesterID, target.apartments[0], target.apartments[1])
	defer func() {
		if err := c.freeApartments(context.WithoutCancel(ctx), opt.admin, opt.password, target); err != nil {
			fmt.Fprintln(os.Stderr, "bookingbench: clean-up:", err)
		}
	}()

	run := time.Now().Format("150405")
	if opt.bookings > 0 {
		if err := c.benchBookings(ctx, target, opt, run); err != nil {
			return err
		}
	}
	if opt.confirmations > 0 {
		return c.benchConfirmations(ctx, target, opt, run)
	}
	return nil
}

// benchBookings sends opt.bookings booking requests with three 1 MB documents for the first apartment.
// A warm-up at the same rate comes first, as in the catalog benchmark: a freshly started system
// still sizes its heaps, caches and connection pools. Its confirmation mails are awaited, so that the
// measured requests find the pipeline drained.
func (c *client) benchBookings(ctx context.Context, target target, opt options, run string) error {
	bookingLoad := load{rate: opt.rate, concurrency: opt.concurrency}
	if opt.warmup > 0 {
		warm, err := c.bookMany(ctx, target.semesterID, target.apartments[0], opt.warmup, bookingLoad, run+"w", largeDocuments())
		if err != nil {
			return fmt.Errorf("warm-up: %w", err)
		}
		if _, err := c.confirmationLinks(ctx, warm.emails); err != nil {
			return fmt.Errorf("warm-up: %w", err)
		}
	}
	machine := measureMachine()
	bookings, err := c.bookMany(ctx, target.semesterID, target.apartments[0], opt.bookings, bookingLoad, run, largeDocuments())
	if err != nil {
		return err
	}
	bookings.print(fmt.Sprintf("booking requests with three 1 MB documents, %s", bookingLoad))
	fmt.Printf("  %s\n", machine)
	return nil
}

// benchConfirmations books the second apartment for opt.confirmations renters and opens all their
// confirmation links at the same moment: exactly one may win.
func (c *client) benchConfirmations(ctx context.Context, target target, opt options, run string) error {
	contenders, err := c.bookMany(ctx, target.semesterID, target.apartments[1], opt.confirmations, load{concurrency: opt.concurrency}, run+"c", smallDocuments())
	if err != nil {
		return err
	}
	tokens, err := c.confirmationLinks(ctx, contenders.emails)
	if err != nil {
		return err
	}
	if opt.pause > 0 {
		fmt.Printf("confirmation race in %s\n", opt.pause)
		time.Sleep(opt.pause)
	}
	machine := measureMachine()
	confirmations, winners, err := c.confirmAtOnce(ctx, contenders.emails, tokens)
	if err != nil {
		return err
	}
	confirmations.print(fmt.Sprintf("%d renters confirming the same apartment at once", len(contenders.emails)))
	fmt.Printf("  %s\n", machine)
	fmt.Printf("  winners: %d (the others were sent to /booking/step3failed)\n", winners)
	if winners != 1 {
		return fmt.Errorf("%d renters got the apartment, want exactly one", winners)
	}
	return nil
}
