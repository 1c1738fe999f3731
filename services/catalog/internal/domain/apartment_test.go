package domain

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"semesterhaus/platform/exception"
)

func TestApartmentApply_refusesInvalidInputAndKeepsTheApartment(t *testing.T) {
	t.Parallel()
	valid := ApartmentUpdate{ID: 1, DescriptionDe: "Hell", DescriptionEn: "Bright", RentPerMonth: 500, Deposit: 900, CleaningFee: 90}
	tests := []struct {
		name      string
		change    func(*ApartmentUpdate)
		path, msg string
	}{
		{"negative rent", func(u *ApartmentUpdate) { u.RentPerMonth = -1 }, "pricePerMonth", MsgInvalidPrice},
		{"absurd rent", func(u *ApartmentUpdate) { u.RentPerMonth = 50000 }, "pricePerMonth", MsgInvalidPrice},
		{"fractions of a cent", func(u *ApartmentUpdate) { u.RentPerMonth = 500.001 }, "pricePerMonth", MsgCurrency},
		{"negative deposit", func(u *ApartmentUpdate) { u.Deposit = -900 }, "priceDeposit", MsgInvalidPrice},
		{"absurd cleaning fee", func(u *ApartmentUpdate) { u.CleaningFee = 1000.01 }, "priceCleaning", MsgInvalidPrice},
		{"empty German description", func(u *ApartmentUpdate) { u.DescriptionDe = "  " }, "descriptionDe", MsgNotNull},
		{"over-long English description", func(u *ApartmentUpdate) { u.DescriptionEn = strings.Repeat("x", 4001) }, "descriptionEn", MsgStringMax},
	}
	for _, tt := range tests {
		apartment := Apartment{RentPerMonth: 1, DescriptionDe: "alt"}
		update := valid
		tt.change(&update)
		err := apartment.Apply(update)
		var v *exception.Error
		if !errors.As(err, &v) || v.Path != tt.path || v.MessageID != tt.msg {
			t.Errorf("%s: got %v, want %s at %s", tt.name, err, tt.msg, tt.path)
		}
		if apartment.RentPerMonth != 1 || apartment.DescriptionDe != "alt" {
			t.Errorf("%s: apartment changed by an invalid update: %+v", tt.name, apartment)
		}
	}
}

func TestApartmentApply_writesAValidUpdate(t *testing.T) {
	t.Parallel()
	var a Apartment
	err := a.Apply(ApartmentUpdate{DescriptionDe: " Hell ", DescriptionEn: "Bright", RentPerMonth: 512.25, Deposit: 1000, CleaningFee: 0})
	if err != nil {
		t.Fatal(err)
	}
	if a.RentPerMonth != 512_25 || a.Deposit != 1000_00 || a.CleaningFee != 0 || a.DescriptionDe != "Hell" {
		t.Errorf("apartment after update: %+v", a)
	}
}

func TestInvalidPrice_namesTheBounds(t *testing.T) {
	t.Parallel()
	var a Apartment
	err := a.Apply(ApartmentUpdate{DescriptionDe: "a", DescriptionEn: "b", RentPerMonth: -5})
	var v *exception.Error
	if !errors.As(err, &v) || v.Params["min"] != "0.00" || v.Params["max"] != "5000.00" {
		t.Errorf("got %#v", err)
	}
}

func TestArrangePictures_keepsTheNamedInTheirOrderWithTheirDescriptionsAndDropsTheOthers(t *testing.T) {
	t.Parallel()
	a := Apartment{Pictures: []Picture{
		{Name: "room", URL: "/r.webp", Width: 960, Height: 640, DescriptionDe: "Zimmer", DescriptionEn: "Room"},
		{Name: "kitchen", URL: "/k.webp", DescriptionDe: "Küche", DescriptionEn: "Kitchen"},
		{Name: "bath", URL: "/b.webp", DescriptionDe: "Bad", DescriptionEn: "Bath"},
	}}
	err := a.ArrangePictures([]PictureEdit{
		{Name: "bath", DescriptionDe: " Duschbad mit Fenster ", DescriptionEn: "Shower room with a window"},
		{Name: "room", DescriptionDe: "Zimmer", DescriptionEn: "Room"},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []Picture{
		{Name: "bath", URL: "/b.webp", DescriptionDe: "Duschbad mit Fenster", DescriptionEn: "Shower room with a window"},
		{Name: "room", URL: "/r.webp", Width: 960, Height: 640, DescriptionDe: "Zimmer", DescriptionEn: "Room"},
	}
	if !reflect.DeepEqual(a.Pictures, want) {
		t.Errorf("pictures:\n got %+v\nwant %+v", a.Pictures, want)
	}
}

func TestArrangePictures_refusesInvalidEditsAndKeepsThePictures(t *testing.T) {
	t.Parallel()
	valid := PictureEdit{Name: "room", DescriptionDe: "Zimmer", DescriptionEn: "Room"}
	tests := []struct {
		name  string
		edits func() []PictureEdit
		path  string
		msg   string
	}{
		{"unknown picture", func() []PictureEdit { e := valid; e.Name = "attic"; return []PictureEdit{e} }, "pictures[0].name", MsgNoPicture},
		{"picture named twice", func() []PictureEdit { return []PictureEdit{valid, valid} }, "pictures[1].name", MsgNoPicture},
		{"empty German description", func() []PictureEdit { e := valid; e.DescriptionDe = " "; return []PictureEdit{e} }, "pictures[0].descriptionDe", MsgNotNull},
		{"over-long English description", func() []PictureEdit {
			e := valid
			e.DescriptionEn = strings.Repeat("x", MaxPictureDescriptionLength+1)
			return []PictureEdit{e}
		}, "pictures[0].descriptionEn", MsgStringMax},
		{"description on two lines", func() []PictureEdit { e := valid; e.DescriptionEn = "Room\nwith a view"; return []PictureEdit{e} }, "pictures[0].descriptionEn", MsgSingleLine},
	}
	for _, tt := range tests {
		a := Apartment{Pictures: []Picture{{Name: "room", DescriptionDe: "alt", DescriptionEn: "old"}, {Name: "bath"}}}
		err := a.ArrangePictures(tt.edits())
		var v *exception.Error
		if !errors.As(err, &v) || v.Path != tt.path || v.MessageID != tt.msg {
			t.Errorf("%s: got %v, want %s at %s", tt.name, err, tt.msg, tt.path)
		}
		if len(a.Pictures) != 2 || a.Pictures[0].DescriptionDe != "alt" {
			t.Errorf("%s: pictures changed by an invalid edit: %+v", tt.name, a.Pictures)
		}
	}
}
