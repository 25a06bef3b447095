CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" bigint NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_by" integer,
	"approved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"reviewer_name" text NOT NULL,
	"rating" smallint,
	"recommendation" text,
	"comment" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"vendor_updated_at" timestamp with time zone NOT NULL,
	"reply_text" text,
	"reply_updated_at" timestamp with time zone,
	"reply_external_id" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"product_instance_id" integer NOT NULL,
	"author_id" integer,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reply" text,
	"replied_by" integer,
	"replied_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_states" (
	"connection_id" integer NOT NULL,
	"dataset" text NOT NULL,
	"cursor" jsonb,
	"state" text DEFAULT 'idle' NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"items_seen" integer DEFAULT 0 NOT NULL,
	"items_written" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "sync_states_connection_id_dataset_pk" PRIMARY KEY("connection_id","dataset")
);
--> statement-breakpoint
CREATE TABLE "vendor_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"vendor" text NOT NULL,
	"external_account" text NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"secrets_sealed" text,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "review_id" bigint;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "outbox_id" bigint;--> statement-breakpoint
ALTER TABLE "product_instances" ADD COLUMN "vendor_connection_id" integer;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "approval_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_product_instance_id_product_instances_id_fk" FOREIGN KEY ("product_instance_id") REFERENCES "public"."product_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_states" ADD CONSTRAINT "sync_states_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_connections" ADD CONSTRAINT "vendor_connections_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_idempotency_key" ON "outbox" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "outbox_subject_idx" ON "outbox" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "outbox_status_idx" ON "outbox" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_external_key" ON "reviews" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE INDEX "reviews_company_published_idx" ON "reviews" USING btree ("company_id","published_at");--> statement-breakpoint
CREATE INDEX "reviews_connection_published_idx" ON "reviews" USING btree ("connection_id","published_at");--> statement-breakpoint
CREATE INDEX "support_requests_company_idx" ON "support_requests" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "support_requests_status_idx" ON "support_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_connections_account_key" ON "vendor_connections" USING btree ("company_id","vendor","external_account");--> statement-breakpoint
CREATE INDEX "vendor_connections_vendor_idx" ON "vendor_connections" USING btree ("vendor");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_review_key" ON "alerts" USING btree ("review_id");