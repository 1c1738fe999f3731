-- +goose Up
CREATE TABL oops;
