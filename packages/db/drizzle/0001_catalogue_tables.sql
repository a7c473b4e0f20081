CREATE TABLE "cable_sleeves" (
	"id" text PRIMARY KEY NOT NULL,
	"transit_type_id" text NOT NULL,
	"cable_min_mm" double precision NOT NULL,
	"cable_max_mm" double precision NOT NULL,
	"outer_diameter_mm" double precision NOT NULL,
	"article_number" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"sample_fields" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_meta" (
	"id" text PRIMARY KEY NOT NULL,
	"data_version" integer NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"verified_on" timestamp with time zone,
	"verified_by_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_meta_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
CREATE TABLE "clearance_entries" (
	"id" integer PRIMARY KEY NOT NULL,
	"pipe_outer_diameter_min_mm" double precision NOT NULL,
	"pipe_outer_diameter_max_mm" double precision NOT NULL,
	"required_clearance_mm" double precision NOT NULL,
	"sample_fields" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crushers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"item_type_id" text NOT NULL,
	"pipe_nominal_size" text NOT NULL,
	"pipe_diameter_mm" double precision NOT NULL,
	"inside_diameter_mm" double precision,
	"outer_diameter_mm" double precision NOT NULL,
	"article_number" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"sample_fields" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "penetrating_item_types" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"transit_types" jsonb NOT NULL,
	"classes" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"sample_fields" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sealants" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"sample_fields" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transit_classes" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"sample_fields" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transit_types" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"classes" jsonb NOT NULL,
	"filler_sleeve_type" text NOT NULL,
	"filler_sleeve_diameter_mm" double precision NOT NULL,
	"sealant_cartridge_size_ml" double precision NOT NULL,
	"usable_sealant_cartridge_size_ml" double precision NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"sample_fields" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "penetrating_items" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_meta" ADD CONSTRAINT "catalogue_meta_verified_by_id_users_id_fk" FOREIGN KEY ("verified_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;