module semesterhaus/platform

go 1.26.0
