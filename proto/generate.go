// Package proto holds the project's protobuf contracts; their Go code is generated into gen/.
package proto

//go:generate bash ./generate.sh
