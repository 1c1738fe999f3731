module semesterhaus/gateway

go 1.26.0

replace semesterhaus/platform => ../platform
