CREATE TABLE "external_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"display_name" text DEFAULT '' NOT NULL,
	"last_used_on" timestamp with time zone,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_identities_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
CREATE TABLE "external_sign_in_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"purpose" text NOT NULL,
	"user_id" uuid,
	"browser_key_hash" text NOT NULL,
	"lookup_key" text NOT NULL,
	"step" text NOT NULL,
	"nonce" text,
	"code_verifier" text,
	"request_token_secret" text,
	"access_token" text,
	"access_token_secret" text,
	"ticket_hash" text,
	"claims" jsonb,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_tokens" (
	"token_id" uuid PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"device_key" text NOT NULL,
	"name" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_seen_on" timestamp with time zone DEFAULT now() NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_devices_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
ALTER TABLE "external_identities" ADD CONSTRAINT "external_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_sign_in_states" ADD CONSTRAINT "external_sign_in_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_token_id_access_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."access_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_device_id_user_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."user_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_devices" ADD CONSTRAINT "user_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "external_identities_subject_unique" ON "external_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "external_identities_user_issuer_unique" ON "external_identities" USING btree ("user_id","issuer");--> statement-breakpoint
CREATE UNIQUE INDEX "external_sign_in_states_lookup_unique" ON "external_sign_in_states" USING btree ("provider","lookup_key");--> statement-breakpoint
CREATE UNIQUE INDEX "external_sign_in_states_ticket_unique" ON "external_sign_in_states" USING btree ("ticket_hash");--> statement-breakpoint
CREATE INDEX "external_sign_in_states_expiry_idx" ON "external_sign_in_states" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "device_tokens_device_idx" ON "device_tokens" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_devices_user_key_unique" ON "user_devices" USING btree ("user_id","device_key");--> statement-breakpoint
CREATE INDEX "user_devices_user_seen_idx" ON "user_devices" USING btree ("user_id","last_seen_on");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "devices";