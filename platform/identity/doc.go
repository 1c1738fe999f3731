// Package identity carries the caller's identity from the gateway to the subgraphs.
package identity
