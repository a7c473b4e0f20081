CREATE TABLE "standard_openings" (
	"id" text PRIMARY KEY NOT NULL,
	"shape" text NOT NULL,
	"diameter_mm" double precision,
	"width_mm" double precision,
	"height_mm" double precision,
	"corner_radius_mm" double precision,
	"sort" integer DEFAULT 0 NOT NULL
);
