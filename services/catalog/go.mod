module semesterhaus/services/catalog

go 1.26.0

replace (
	semesterhaus/platform => ../../platform
	semesterhaus/proto => ../../proto
)

require semesterhaus/platform v0.0.0-00010101000000-000000000000
