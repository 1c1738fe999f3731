package main

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"semesterhaus/tools/internal/systemtest"
)

// confirmationRace books one apartment for opt.contenders renters, waits for their confirmation
// mails and opens every confirmation link at the same moment: exactly one renter may get it.
func confirmationRace(ctx context.Context, site *systemtest.Site, opt options) (string, error) {
	semester, apartment, err := systemtest.FreeApartment(ctx, site.Gateway+"/api/graphql")
	if err != nil {
		return "", err
	}
	stamp := time.Now().Format("150405")
	links := make([]*url.URL, opt.contenders)
	err = inParallel(ctx, opt.contenders, 16, func(i int) error {
		email := fmt.Sprintf("race-%s-%d@example.org", stamp, i)
		if _, err := site.Book(ctx, systemtest.Booking{ApartmentID: apartment, SemesterID: semester, Email: email, FirstName: "Race"}); err != nil {
			return fmt.Errorf("booking %d: %w", i, err)
		}
		link, err := site.MailLink(ctx, email, "/booking/step3", 5*time.Minute)
		links[i] = link
		return err
	})
	if err != nil {
		return "", err
	}
	start := make(chan struct{})
	var winners, losers atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, len(links))
	for i, link := range links {
		wg.Go(func() {
			<-start
			page, err := site.Confirm(ctx, link)
			switch {
			case err != nil:
				errs[i] = err
			case strings.Contains(page, "/booking/step3done"):
				winners.Add(1)
			default:
				losers.Add(1)
			}
		})
	}
	began := time.Now()
	close(start)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return "", err
	}
	if winners.Load() != 1 {
		return "", fmt.Errorf("%d of %d renters got the apartment, want exactly one", winners.Load(), len(links))
	}
	return fmt.Sprintf("%d renters confirmed apartment %d at once in %s: 1 got it, %d were sent to step3failed",
		len(links), apartment, time.Since(began).Round(time.Millisecond), losers.Load()), nil
}

// inParallel runs do(0) … do(n-1) with at most width at a time and returns the first error.
func inParallel(ctx context.Context, n, width int, do func(i int) error) error {
	slots := make(chan struct{}, width)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		if ctx.Err() != nil {
			errs[i] = ctx.Err()
			break
		}
		slots <- struct{}{}
		wg.Go(func() {
			defer func() { <-slots }()
			errs[i] = do(i)
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}
