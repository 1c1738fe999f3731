// Package app holds the catalog's use cases; the GraphQL and gRPC adapters call them.
package app

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"golang.org/x/sync/semaphore"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/identity"
	"semesterhaus/services/catalog/internal/domain"
)

// Repository stores the building and the semesters.
type Repository interface {
	// Load reads the whole catalog as of one moment.
	Load(ctx context.Context) (domain.Catalog, error)
	// UpdateApartment loads the apartment, lets change modify it and stores it with an audit entry in
	// one transaction; nothing is stored when change fails.
	UpdateApartment(ctx context.Context, id int, actor string, change func(*domain.Apartment) error) error
	// UpdatePictures loads the apartment with its pictures, lets change modify them and stores them
	// with an audit entry in one transaction; nothing is stored when change fails.
	UpdatePictures(ctx context.Context, id int, actor string, change func(*domain.Apartment) error) error
	// AddPicture stores an uploaded picture's files under fileID, then does as UpdatePictures (the
	// audit entry's action is uploadApartmentPicture); nothing is stored when change fails.
	AddPicture(ctx context.Context, id int, actor, fileID string, files []domain.PictureFile, change func(*domain.Apartment) error) error
	// PictureFile reads one width of an uploaded picture's files, or domain.ErrNotFound.
	PictureFile(ctx context.Context, fileID string, width int) (domain.PictureFile, error)
	// CreateSemester stores a new semester with an audit entry; one sharing a day or the name with
	// another is refused as a business exception.
	CreateSemester(ctx context.Context, s domain.Semester, actor string) error
	// UpdateSemester loads the semester, lets change modify it and stores it with an audit entry in
	// one transaction, checked as CreateSemester checks; nothing is stored when change fails.
	UpdateSemester(ctx context.Context, id int, actor string, change func(*domain.Semester) error) error
	// AddSemestersAhead adds those of the semesters that share neither a day nor the name with a
	// stored one, on one replica at a time: ran is false when another one was at it.
	AddSemestersAhead(ctx context.Context, semesters []domain.Semester) (added []domain.Semester, ran bool, err error)
}

// Settings are the catalog's business settings.
type Settings struct {
	TimeZone          *time.Location // the residence's time zone decides what "today" is
	RenewalWindowDays int
	// SemestersAheadMonths is how far ahead the regular semesters are kept present: every semester
	// starting within this many months from today exists.
	SemestersAheadMonths int
	// MaxImagePixels is the most pixels an uploaded picture may have (picture.Rules), and
	// MaxConcurrentDecodes how many uploads are decoded at once: each may take hundreds of megabytes.
	MaxImagePixels       int
	MaxConcurrentDecodes int
}

// Catalog answers questions about the building, semesters and prices, and lets admins edit apartments.
// It answers them from the catalog held in memory (see Reload), so that a read runs no SQL.
type Catalog struct {
	repo     Repository
	now      func() time.Time
	settings Settings
	model    model
	decodes  *semaphore.Weighted // uploads decoded at once
}

// New returns the catalog's use cases; now is the clock (injectable for tests).
func New(repo Repository, now func() time.Time, settings Settings) *Catalog {
	return &Catalog{repo: repo, now: now, settings: settings, decodes: semaphore.NewWeighted(int64(max(1, settings.MaxConcurrentDecodes)))}
}

func (c *Catalog) calendar() domain.Calendar {
	return domain.Calendar{Today: domain.Day(c.now(), c.settings.TimeZone), RenewalWindowDays: c.settings.RenewalWindowDays}
}

// Reload reads the catalog again and answers from it from now on. The catalog's own writes call it;
// pgadapter.ListenForChanges calls it when any replica (or `catalog import`) changed the catalog.
func (c *Catalog) Reload(ctx context.Context) error {
	return c.model.reload(ctx, c.repo)
}

// written passes on the result of one of the catalog's own writes; after a write that succeeded it
// reloads the catalog, so that the writer reads what it wrote (when that fails, the next read loads it).
func (c *Catalog) written(ctx context.Context, err error) error {
	if err == nil && c.Reload(ctx) != nil {
		c.model.forget()
	}
	return err
}

// Building returns the building with its floors and apartments.
func (c *Catalog) Building(ctx context.Context) (domain.Building, error) {
	m, err := c.model.get(ctx, c.repo)
	if err != nil {
		return domain.Building{}, err
	}
	if m.building.ID == 0 {
		return domain.Building{}, fmt.Errorf("building: %w", domain.ErrNotFound)
	}
	return m.building, nil
}

// AdminBuilding returns the building for the apartment editor.
func (c *Catalog) AdminBuilding(ctx context.Context) (domain.Building, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return domain.Building{}, err
	}
	return c.Building(ctx)
}

// ApartmentsPage returns the building for the admin overview of one semester, or ErrNoSemester.
func (c *Catalog) ApartmentsPage(ctx context.Context, semesterID int) (domain.Building, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return domain.Building{}, err
	}
	m, err := c.model.get(ctx, c.repo)
	if err != nil {
		return domain.Building{}, err
	}
	if _, err := m.semester(semesterID); err != nil {
		return domain.Building{}, ErrNoSemester
	}
	return c.Building(ctx)
}

// Apartment returns one apartment or domain.ErrNotFound.
func (c *Catalog) Apartment(ctx context.Context, id int) (domain.Apartment, error) {
	m, err := c.model.get(ctx, c.repo)
	if err != nil {
		return domain.Apartment{}, err
	}
	return m.apartment(id)
}

// Semesters returns every semester as seen today, sorted by days until start, descending.
func (c *Catalog) Semesters(ctx context.Context) ([]domain.SemesterView, error) {
	m, err := c.model.get(ctx, c.repo)
	if err != nil {
		return nil, err
	}
	semesters := m.semesters
	cal := c.calendar()
	views := make([]domain.SemesterView, len(semesters))
	for i, s := range semesters {
		views[i] = cal.View(s)
	}
	sort.SliceStable(views, func(i, j int) bool { return views[i].StartsInDays > views[j].StartsInDays })
	return views, nil
}

// Semester returns one semester as seen today, or domain.ErrNotFound.
func (c *Catalog) Semester(ctx context.Context, id int) (domain.SemesterView, error) {
	m, err := c.model.get(ctx, c.repo)
	if err != nil {
		return domain.SemesterView{}, err
	}
	s, err := m.semester(id)
	if err != nil {
		return domain.SemesterView{}, err
	}
	return c.calendar().View(s), nil
}

// CurrentSemester returns the semester today lies in, or domain.ErrNotFound.
func (c *Catalog) CurrentSemester(ctx context.Context) (domain.SemesterView, error) {
	views, err := c.Semesters(ctx)
	if err != nil {
		return domain.SemesterView{}, err
	}
	for _, v := range views {
		if v.Current {
			return v, nil
		}
	}
	return domain.SemesterView{}, domain.ErrNotFound
}

// BookableSemester returns the semester the booking site offers, or domain.ErrNotFound.
func (c *Catalog) BookableSemester(ctx context.Context) (domain.SemesterView, error) {
	views, err := c.Semesters(ctx)
	if err != nil {
		return domain.SemesterView{}, err
	}
	if v, ok := domain.Bookable(views); ok {
		return v, nil
	}
	return domain.SemesterView{}, domain.ErrNotFound
}

// ErrNoApartment and ErrNoSemester say which side of a price calculation is missing.
var (
	ErrNoApartment = fmt.Errorf("apartment %w", domain.ErrNotFound)
	ErrNoSemester  = fmt.Errorf("semester %w", domain.ErrNotFound)
)

// PriceCalculation prices a semester in an apartment, for a new booking or a renewal.
func (c *Catalog) PriceCalculation(ctx context.Context, apartmentID, semesterID int, renewal bool) (domain.PriceCalculation, error) {
	m, err := c.model.get(ctx, c.repo)
	if err != nil {
		return domain.PriceCalculation{}, err
	}
	apartment, err := m.apartment(apartmentID)
	if err != nil {
		return domain.PriceCalculation{}, ErrNoApartment
	}
	semester, err := m.semester(semesterID)
	if err != nil {
		return domain.PriceCalculation{}, ErrNoSemester
	}
	return domain.CalculatePrice(apartment, semester, renewal), nil
}

// UpdateApartment changes an apartment's prices and descriptions. It is for admins only; invalid
// input comes back as a *exception.Error and changes nothing.
func (c *Catalog) UpdateApartment(ctx context.Context, update domain.ApartmentUpdate) error {
	if err := identity.RequireAdmin(ctx); err != nil {
		return err
	}
	err := c.repo.UpdateApartment(ctx, update.ID, identity.FromContext(ctx).Subject, func(a *domain.Apartment) error {
		return a.Apply(update)
	})
	if errors.Is(err, domain.ErrNotFound) {
		return &exception.Error{Path: "id", MessageID: domain.MsgNoApartment, Params: map[string]string{"id": fmt.Sprint(update.ID)}}
	}
	return c.written(ctx, err)
}

// UpdateApartmentPictures orders, describes and deletes an apartment's pictures: those in edits stay,
// in their order, with their descriptions; the others are deleted. It is for admins only; invalid
// input comes back as a *exception.Error and changes nothing.
func (c *Catalog) UpdateApartmentPictures(ctx context.Context, apartmentID int, edits []domain.PictureEdit) error {
	if err := identity.RequireAdmin(ctx); err != nil {
		return err
	}
	err := c.repo.UpdatePictures(ctx, apartmentID, identity.FromContext(ctx).Subject, func(a *domain.Apartment) error {
		return a.ArrangePictures(edits)
	})
	if errors.Is(err, domain.ErrNotFound) {
		return &exception.Error{Path: "apartmentId", MessageID: domain.MsgNoApartment, Params: map[string]string{"id": fmt.Sprint(apartmentID)}}
	}
	return c.written(ctx, err)
}

// CreateSemester adds a semester an administrator entered. It is for admins only; invalid input, a
// name taken or days shared with another semester come back as a *exception.Error and add nothing.
func (c *Catalog) CreateSemester(ctx context.Context, in domain.SemesterInput) error {
	if err := identity.RequireAdmin(ctx); err != nil {
		return err
	}
	semester, err := domain.NewSemester(in)
	if err != nil {
		return err
	}
	return c.written(ctx, c.repo.CreateSemester(ctx, semester, identity.FromContext(ctx).Subject))
}

// UpdateSemester changes a semester's name and dates (the dates only before it starts). It is for
// admins only and refuses as CreateSemester does.
func (c *Catalog) UpdateSemester(ctx context.Context, id int, in domain.SemesterInput) error {
	if err := identity.RequireAdmin(ctx); err != nil {
		return err
	}
	today := c.calendar().Today
	err := c.repo.UpdateSemester(ctx, id, identity.FromContext(ctx).Subject, func(s *domain.Semester) error {
		return s.Edit(in, today)
	})
	if errors.Is(err, domain.ErrNotFound) {
		return exception.New("id", domain.MsgNoSemester, "id", fmt.Sprint(id))
	}
	return c.written(ctx, err)
}

// AddSemestersAhead is the catalog's scheduled job: it adds the regular semesters (summer 1 April to
// 30 September, winter 1 October to 31 March) from today's up to those starting SemestersAheadMonths
// ahead, unless an administrator's semester already covers their days or bears their name. ran is
// false when another replica was running it.
func (c *Catalog) AddSemestersAhead(ctx context.Context) (added []domain.Semester, ran bool, err error) {
	added, ran, err = c.repo.AddSemestersAhead(ctx, domain.SemestersAhead(c.calendar().Today, c.settings.SemestersAheadMonths))
	if len(added) > 0 {
		err = c.written(ctx, err)
	}
	return added, ran, err
}
