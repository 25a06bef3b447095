CREATE TABLE "account_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"purpose" text NOT NULL,
	"company_id" integer,
	"to_address" text NOT NULL,
	"from_address" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"html" text,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solicitation_batch_rows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"line" integer NOT NULL,
	"raw" jsonb NOT NULL,
	"contact" jsonb,
	"state" text NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solicitation_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"mapping" jsonb,
	"options" jsonb,
	"row_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "solicitation_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text,
	"email" text,
	"time_zone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solicitation_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"message_id" bigint,
	"type" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solicitation_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"channel" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"to_address" text NOT NULL,
	"status" text NOT NULL,
	"send_after" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"external_id" text,
	"failure_reason" text,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solicitation_opt_outs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"address" text NOT NULL,
	"source" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "solicitation_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"template_id" integer,
	"batch_id" integer,
	"send_type" text NOT NULL,
	"status" text NOT NULL,
	"token" text NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"consent_source" text NOT NULL,
	"created_by" integer,
	"clicked_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"review_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solicitation_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"name" text NOT NULL,
	"sms_body" text NOT NULL,
	"email_subject" text NOT NULL,
	"email_body" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "needs_activation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dev_outbox" ADD CONSTRAINT "dev_outbox_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitation_batch_rows" ADD CONSTRAINT "solicitation_batch_rows_batch_id_solicitation_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."solicitation_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitation_batches" ADD CONSTRAINT "solicitation_batches_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitation_batches" ADD CONSTRAINT "solicitation_batches_product_id_product_instances_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitation_batches" ADD CONSTRAINT "solicitation_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitation_contacts" ADD CONSTRAINT "solicitation_contacts_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitation_events" ADD CONSTRAINT "solicitation_events_request_id_solicitation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."solicitation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitation_messages" ADD CONSTRAINT "solicitation_messages_request_id_solicitation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."solicitation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitation_messages" ADD CONSTRAINT "solicitation_messages_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitation_opt_outs" ADD CONSTRAINT "solicitation_opt_outs_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitation_requests" ADD CONSTRAINT "solicitation_requests_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitation_requests" ADD CONSTRAINT "solicitation_requests_product_id_product_instances_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitation_requests" ADD CONSTRAINT "solicitation_requests_contact_id_solicitation_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."solicitation_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitation_requests" ADD CONSTRAINT "solicitation_requests_template_id_solicitation_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."solicitation_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitation_requests" ADD CONSTRAINT "solicitation_requests_batch_id_solicitation_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."solicitation_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitation_requests" ADD CONSTRAINT "solicitation_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitation_templates" ADD CONSTRAINT "solicitation_templates_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitation_templates" ADD CONSTRAINT "solicitation_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_tokens_user_idx" ON "account_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "dev_outbox_created_idx" ON "dev_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "solicitation_batch_rows_batch_idx" ON "solicitation_batch_rows" USING btree ("batch_id","line");--> statement-breakpoint
CREATE UNIQUE INDEX "solicitation_contacts_phone_key" ON "solicitation_contacts" USING btree ("company_id","phone") WHERE phone is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "solicitation_contacts_email_key" ON "solicitation_contacts" USING btree ("company_id","email") WHERE email is not null;--> statement-breakpoint
CREATE INDEX "solicitation_events_request_idx" ON "solicitation_events" USING btree ("request_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "solicitation_messages_idempotency_key" ON "solicitation_messages" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "solicitation_messages_external_key" ON "solicitation_messages" USING btree ("channel","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE INDEX "solicitation_messages_due_idx" ON "solicitation_messages" USING btree ("status","send_after");--> statement-breakpoint
CREATE INDEX "solicitation_messages_request_idx" ON "solicitation_messages" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "solicitation_opt_outs_address_idx" ON "solicitation_opt_outs" USING btree ("address");--> statement-breakpoint
CREATE UNIQUE INDEX "solicitation_requests_token_key" ON "solicitation_requests" USING btree ("token");--> statement-breakpoint
CREATE INDEX "solicitation_requests_company_idx" ON "solicitation_requests" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "solicitation_requests_contact_idx" ON "solicitation_requests" USING btree ("contact_id","created_at");--> statement-breakpoint
CREATE INDEX "solicitation_requests_product_idx" ON "solicitation_requests" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "solicitation_templates_company_idx" ON "solicitation_templates" USING btree ("company_id");