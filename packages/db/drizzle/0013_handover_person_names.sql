ALTER TABLE "transit_status_events" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "transit_site_states" ADD COLUMN "installed_by_name" text;--> statement-breakpoint
ALTER TABLE "transit_site_states" ADD COLUMN "inspected_by_name" text;--> statement-breakpoint
ALTER TABLE "transit_status_events" ADD COLUMN "user_name" text;