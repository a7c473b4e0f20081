CREATE TABLE "content_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"rendered_html" text,
	"rendered_on" timestamp with time zone,
	"published_on" timestamp with time zone,
	"scraped_on" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_pages_slug_unique" UNIQUE("slug"),
	CONSTRAINT "content_pages_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
CREATE TABLE "content_search" (
	"model" text NOT NULL,
	"record_id" text NOT NULL,
	"document" "tsvector" NOT NULL,
	"indexed_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_search_model_record_id_pk" PRIMARY KEY("model","record_id")
);
--> statement-breakpoint
CREATE TABLE "locker_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"uploaded_by_id" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"link" text,
	"click_action" text,
	"type" text DEFAULT 'MAIN_MENU' NOT NULL,
	"children" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image_url" text,
	"icon" text,
	"sort" integer DEFAULT 99 NOT NULL,
	"required_role" text,
	"version" integer DEFAULT 1 NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menu_items_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
CREATE TABLE "model_configurations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model" text NOT NULL,
	"label" text NOT NULL,
	"fields" jsonb NOT NULL,
	"list_columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "model_configurations_model_unique" UNIQUE("model"),
	CONSTRAINT "model_configurations_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article_number" text NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"price" double precision NOT NULL,
	"inventory" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_article_number_unique" UNIQUE("article_number"),
	CONSTRAINT "products_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
CREATE TABLE "sequences" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL,
	"last_updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specifications" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"image_slug" text,
	"version" integer DEFAULT 1 NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "specifications_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
CREATE TABLE "support_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"type" text NOT NULL,
	"user_id" uuid,
	"organization_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_requests_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"symbol" text NOT NULL,
	"model" text NOT NULL,
	"view" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "templates_symbol_unique" UNIQUE("symbol"),
	CONSTRAINT "templates_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
CREATE TABLE "translation_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"culture" text NOT NULL,
	"namespace" text NOT NULL,
	"key" text NOT NULL,
	"text" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_overrides_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "locker_files" ADD CONSTRAINT "locker_files_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_search_document_idx" ON "content_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "menu_items_type_sort_idx" ON "menu_items" USING btree ("type","sort");--> statement-breakpoint
CREATE INDEX "support_requests_created_idx" ON "support_requests" USING btree ("created_on");--> statement-breakpoint
CREATE UNIQUE INDEX "translation_overrides_key_unique" ON "translation_overrides" USING btree ("culture","namespace","key");