-- +goose Up
-- What a booking request's form says about the renter, kept with its renting until the address
-- owner confirms it (docs/security.md, "Booking requests"): anybody can send a request for any
-- address, so the renter service's data changes only on confirmation, when the renting service
-- applies this form. It goes when the renting leaves APARTMENT_REQUESTED, or with the renting.
CREATE TABLE booking_request_form (
    renting_id uuid  PRIMARY KEY REFERENCES renting (id) ON DELETE CASCADE,
    form       jsonb NOT NULL
);

-- +goose Down
DROP TABLE booking_request_form;
