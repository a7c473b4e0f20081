CREATE TABLE "project_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_locations_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
CREATE TABLE "transit_site_states" (
	"transit_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"location_id" uuid,
	"status" text DEFAULT 'DESIGNED' NOT NULL,
	"installed_by_id" uuid,
	"installed_on" timestamp with time zone,
	"inspected_by_id" uuid,
	"inspected_on" timestamp with time zone,
	"remarks" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transit_site_states_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
CREATE TABLE "transit_status_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"transit_id" uuid NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"user_id" uuid NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_locations" ADD CONSTRAINT "project_locations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_locations" ADD CONSTRAINT "project_locations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_locations" ADD CONSTRAINT "project_locations_parent_id_project_locations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."project_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_site_states" ADD CONSTRAINT "transit_site_states_transit_id_transits_id_fk" FOREIGN KEY ("transit_id") REFERENCES "public"."transits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_site_states" ADD CONSTRAINT "transit_site_states_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_site_states" ADD CONSTRAINT "transit_site_states_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_site_states" ADD CONSTRAINT "transit_site_states_location_id_project_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."project_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_site_states" ADD CONSTRAINT "transit_site_states_installed_by_id_users_id_fk" FOREIGN KEY ("installed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_site_states" ADD CONSTRAINT "transit_site_states_inspected_by_id_users_id_fk" FOREIGN KEY ("inspected_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_status_events" ADD CONSTRAINT "transit_status_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_status_events" ADD CONSTRAINT "transit_status_events_transit_id_transits_id_fk" FOREIGN KEY ("transit_id") REFERENCES "public"."transits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_status_events" ADD CONSTRAINT "transit_status_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_locations_project_idx" ON "project_locations" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "project_locations_parent_idx" ON "project_locations" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "transit_site_states_project_idx" ON "transit_site_states" USING btree ("project_id","status");--> statement-breakpoint
CREATE INDEX "transit_site_states_location_idx" ON "transit_site_states" USING btree ("location_id") WHERE "transit_site_states"."location_id" is not null;--> statement-breakpoint
CREATE INDEX "transit_status_events_transit_idx" ON "transit_status_events" USING btree ("transit_id","at");