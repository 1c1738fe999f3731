package main

import (
	_ "semesterhaus/platform/identity"
)

func main() {}
