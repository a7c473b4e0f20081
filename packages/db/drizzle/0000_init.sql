CREATE TABLE "access_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "access_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"is_provider" boolean DEFAULT false NOT NULL,
	"default_measurement_system" text DEFAULT 'IMPERIAL' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"permissions" jsonb NOT NULL,
	"hierarchy" integer,
	"is_assignable" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" uuid NOT NULL,
	"role_id" text NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"email" text NOT NULL,
	"user_name" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"industry_id" text,
	"phone_number" text,
	"avatar_url" text,
	"password_hash" text NOT NULL,
	"is_pending" boolean DEFAULT true NOT NULL,
	"is_approved" boolean DEFAULT false NOT NULL,
	"is_denied" boolean DEFAULT false NOT NULL,
	"is_suspended" boolean DEFAULT false NOT NULL,
	"is_removed" boolean DEFAULT false NOT NULL,
	"requires_password_reset" boolean DEFAULT false NOT NULL,
	"language_preference" text,
	"default_measurement_system" text DEFAULT 'IMPERIAL' NOT NULL,
	"devices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"date_registered" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"industry_id" text NOT NULL,
	"contact_first_name" text NOT NULL,
	"contact_last_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"contact_email" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
CREATE TABLE "industries" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "penetrating_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"transit_id" uuid NOT NULL,
	"item_type_id" text,
	"quantity" integer NOT NULL,
	"outer_diameter_mm" double precision NOT NULL,
	"crusher_id" text,
	"plastic_pipe_diameter_mm" double precision,
	"sleeved_diameter_mm" double precision,
	"diameter_plus_clearance_mm" double precision,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_removed" boolean DEFAULT false NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "penetrating_items_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"industry_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by_id" uuid,
	"is_removed" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
CREATE TABLE "transits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"copies" integer DEFAULT 1 NOT NULL,
	"shape" text DEFAULT 'ROUND' NOT NULL,
	"width_mm" double precision,
	"height_mm" double precision,
	"radius_mm" double precision,
	"diameter_mm" double precision,
	"nominal_size" text,
	"spare_percent" double precision,
	"comments" text DEFAULT '' NOT NULL,
	"penetrating_item_type_id" text,
	"transit_type_id" text,
	"class_id" text,
	"sealant_type" text,
	"sealant_depth" text,
	"crusher_pipe_configuration" text,
	"single_crusher_pipe_id" text,
	"depth_mm" double precision,
	"penetrating_item_count" integer DEFAULT 0 NOT NULL,
	"results" jsonb,
	"is_removed" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transits_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "penetrating_items" ADD CONSTRAINT "penetrating_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "penetrating_items" ADD CONSTRAINT "penetrating_items_transit_id_transits_id_fk" FOREIGN KEY ("transit_id") REFERENCES "public"."transits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transits" ADD CONSTRAINT "transits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transits" ADD CONSTRAINT "transits_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_tokens_user_idx" ON "access_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_org_idx" ON "users" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "customers_org_idx" ON "customers" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "penetrating_items_transit_idx" ON "penetrating_items" USING btree ("transit_id");--> statement-breakpoint
CREATE INDEX "projects_org_idx" ON "projects" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "transits_project_idx" ON "transits" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "transits_org_idx" ON "transits" USING btree ("organization_id");