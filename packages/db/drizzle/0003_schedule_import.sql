CREATE TABLE "schedule_mappings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"last_updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "penetrating_items" ADD COLUMN "tag" text;--> statement-breakpoint
ALTER TABLE "schedule_mappings" ADD CONSTRAINT "schedule_mappings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;