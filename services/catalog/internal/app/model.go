package app

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"semesterhaus/services/catalog/internal/domain"
)

// model holds the catalog in memory: its data is a few dozen apartments and semesters that change
// only when an administrator edits them, and every booking page reads it. It is replaced as a whole,
// so a reader sees one moment of the catalog; readers must not modify what it returns.
type model struct {
	current atomic.Pointer[snapshot]
	loading sync.Mutex // one load at a time: a load that starts later stores a later catalog
}

// snapshot is the catalog as of one moment, indexed for the reads.
type snapshot struct {
	building   domain.Building
	semesters  []domain.Semester // the latest first
	apartments map[int]domain.Apartment
	byID       map[int]domain.Semester
}

func newSnapshot(c domain.Catalog) *snapshot {
	s := &snapshot{
		building: c.Building, semesters: c.Semesters,
		apartments: make(map[int]domain.Apartment), byID: make(map[int]domain.Semester, len(c.Semesters)),
	}
	for _, f := range c.Building.Floors {
		for _, a := range f.Apartments {
			s.apartments[a.ID] = a
		}
	}
	for _, sem := range c.Semesters {
		s.byID[sem.ID] = sem
	}
	return s
}

// get returns the catalog in memory, loading it first when there is none yet.
func (m *model) get(ctx context.Context, repo Repository) (*snapshot, error) {
	if s := m.current.Load(); s != nil {
		return s, nil
	}
	m.loading.Lock()
	defer m.loading.Unlock()
	if s := m.current.Load(); s != nil { // loaded while this one waited
		return s, nil
	}
	return m.load(ctx, repo)
}

// reload loads the catalog again; when that fails, the one in memory stays.
func (m *model) reload(ctx context.Context, repo Repository) error {
	m.loading.Lock()
	defer m.loading.Unlock()
	_, err := m.load(ctx, repo)
	return err
}

func (m *model) load(ctx context.Context, repo Repository) (*snapshot, error) {
	c, err := repo.Load(ctx)
	if err != nil {
		return nil, fmt.Errorf("load the catalog: %w", err)
	}
	s := newSnapshot(c)
	m.current.Store(s)
	return s, nil
}

// forget drops the catalog in memory, so that the next read loads it.
func (m *model) forget() { m.current.Store(nil) }

func (s *snapshot) apartment(id int) (domain.Apartment, error) {
	a, ok := s.apartments[id]
	if !ok {
		return domain.Apartment{}, fmt.Errorf("apartment %d: %w", id, domain.ErrNotFound)
	}
	return a, nil
}

func (s *snapshot) semester(id int) (domain.Semester, error) {
	sem, ok := s.byID[id]
	if !ok {
		return domain.Semester{}, fmt.Errorf("semester %d: %w", id, domain.ErrNotFound)
	}
	return sem, nil
}
