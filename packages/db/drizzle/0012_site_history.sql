CREATE TABLE "transit_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"transit_id" uuid NOT NULL,
	"action" text NOT NULL,
	"entries" jsonb NOT NULL,
	"snapshot" jsonb,
	"revision" integer DEFAULT 0 NOT NULL,
	"changed_by_id" uuid,
	"changed_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transit_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"transit_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"data" "bytea" NOT NULL,
	"thumbnail" "bytea",
	"kept_gps" boolean DEFAULT false NOT NULL,
	"is_removed" boolean DEFAULT false NOT NULL,
	"uploaded_by_id" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transit_revisions" (
	"transit_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"revised_on" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_on" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "transit_changes" ADD CONSTRAINT "transit_changes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_changes" ADD CONSTRAINT "transit_changes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_changes" ADD CONSTRAINT "transit_changes_transit_id_transits_id_fk" FOREIGN KEY ("transit_id") REFERENCES "public"."transits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_changes" ADD CONSTRAINT "transit_changes_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_photos" ADD CONSTRAINT "transit_photos_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_photos" ADD CONSTRAINT "transit_photos_transit_id_transits_id_fk" FOREIGN KEY ("transit_id") REFERENCES "public"."transits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_photos" ADD CONSTRAINT "transit_photos_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_revisions" ADD CONSTRAINT "transit_revisions_transit_id_transits_id_fk" FOREIGN KEY ("transit_id") REFERENCES "public"."transits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_revisions" ADD CONSTRAINT "transit_revisions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transit_changes_transit_idx" ON "transit_changes" USING btree ("organization_id","transit_id","changed_on");--> statement-breakpoint
CREATE INDEX "transit_photos_transit_idx" ON "transit_photos" USING btree ("organization_id","transit_id");