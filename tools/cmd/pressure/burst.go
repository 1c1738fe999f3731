package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"semesterhaus/tools/internal/systemtest"
)

// heavySelections are public queries with large answers, the largest first: the whole building with
// every apartment's pictures (with and without their sources) and the availability of each.
var heavySelections = []string{
	`availableApartments { bookableSemester { id name } building { id name floors { id name plan apartments { id name pricePerMonth x y
  pictures { url width height descriptionDe descriptionEn sources { type srcset } } } } } apartmentBookable { apartmentId free } }`,
	`availableApartments { bookableSemester { id name } building { id name floors { id name plan apartments { id name pricePerMonth x y
  pictures { url width height descriptionDe descriptionEn } } } } apartmentBookable { apartmentId free } }`,
	`building { id name floors { id name plan apartments { id name pricePerMonth x y pictures { url width height } } } }`,
}

// aliased is selection under n aliases.
func aliased(selection string, n int) string {
	var q strings.Builder
	q.WriteString("{")
	for i := range n {
		fmt.Fprintf(&q, " a%d: %s", i, selection)
	}
	q.WriteString(" }")
	return q.String()
}

// mostExpensiveAdmitted finds the largest heavy selection the gateway answers and the most aliases of
// it that its cost budget admits.
func mostExpensiveAdmitted(ctx context.Context, site *systemtest.Site) (string, int, error) {
	for _, selection := range heavySelections {
		admitted := 0
		for n := 1; n <= 100; n++ {
			err := site.GraphQL(ctx, aliased(selection, n), nil, nil)
			if err != nil && strings.Contains(err.Error(), "operation costs") {
				break
			}
			if err != nil {
				return "", 0, err
			}
			admitted = n
		}
		if admitted > 0 {
			return aliased(selection, admitted), admitted, nil
		}
	}
	return "", 0, errors.New("the gateway refuses even the lightest heavy selection")
}

// expensiveBurst sends the most expensive operation the gateway admits from opt.connections clients
// at once for opt.burst.
func expensiveBurst(ctx context.Context, site *systemtest.Site, opt options) (string, error) {
	query, aliases, err := mostExpensiveAdmitted(ctx, site)
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(ctx, opt.burst)
	defer cancel()
	var answered, failed atomic.Int64
	var wg sync.WaitGroup
	for range opt.connections {
		client := systemtest.NewSite(site.Gateway, site.Mail)
		wg.Go(func() {
			for ctx.Err() == nil {
				if err := client.GraphQL(ctx, query, nil, nil); err == nil {
					answered.Add(1)
				} else if ctx.Err() == nil {
					failed.Add(1)
				}
			}
		})
	}
	wg.Wait()
	return fmt.Sprintf("%d clients sent the costliest public query the gateway admits (the building with every picture, %d× aliased, %d bytes of text) for %s: %d answered (%.0f/s), %d failed",
		opt.connections, aliases, len(query), opt.burst, answered.Load(), float64(answered.Load())/opt.burst.Seconds(), failed.Load()), nil
}
