CREATE TABLE "business_profiles" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"additional_categories" text[] DEFAULT '{}' NOT NULL,
	"regular_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"special_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "google_listings" (
	"connection_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"changed_fields" text[] DEFAULT '{}' NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"external_id" text,
	"category" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_id" bigint,
	"google_url" text,
	"thumbnail_url" text,
	"width" integer,
	"height" integer,
	"views" integer,
	"state" text NOT NULL,
	"failure_reason" text,
	"taken_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"source" text NOT NULL,
	"external_id" text,
	"topic_type" text DEFAULT 'STANDARD' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"cta_type" text,
	"cta_url" text,
	"event_title" text,
	"event_start" timestamp with time zone,
	"event_end" timestamp with time zone,
	"offer" jsonb,
	"image_id" bigint,
	"media_url" text,
	"state" text NOT NULL,
	"scheduled_for" timestamp with time zone,
	"published_at" timestamp with time zone,
	"failure_reason" text,
	"decline_comment" text,
	"search_url" text,
	"views" integer,
	"clicks" integer,
	"vendor_updated_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qa_questions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"author_name" text NOT NULL,
	"text" text NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"origin" text NOT NULL,
	"recorded_by" integer,
	"answer_text" text,
	"answer_state" text DEFAULT 'none' NOT NULL,
	"answered_by" integer,
	"answered_at" timestamp with time zone,
	"confirmed_by" integer,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "send_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_profiles" ADD CONSTRAINT "business_profiles_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_listings" ADD CONSTRAINT "google_listings_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_listings" ADD CONSTRAINT "google_listings_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_image_id_stored_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."stored_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_image_id_stored_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."stored_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_questions" ADD CONSTRAINT "qa_questions_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_questions" ADD CONSTRAINT "qa_questions_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_questions" ADD CONSTRAINT "qa_questions_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_questions" ADD CONSTRAINT "qa_questions_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_questions" ADD CONSTRAINT "qa_questions_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_images" ADD CONSTRAINT "stored_images_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_images" ADD CONSTRAINT "stored_images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "photos_external_key" ON "photos" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE INDEX "photos_company_category_idx" ON "photos" USING btree ("company_id","category","taken_at");--> statement-breakpoint
CREATE INDEX "photos_connection_taken_idx" ON "photos" USING btree ("connection_id","taken_at");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_external_key" ON "posts" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE INDEX "posts_company_created_idx" ON "posts" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "posts_connection_created_idx" ON "posts" USING btree ("connection_id","created_at");--> statement-breakpoint
CREATE INDEX "posts_state_idx" ON "posts" USING btree ("state","scheduled_for");--> statement-breakpoint
CREATE INDEX "qa_questions_company_idx" ON "qa_questions" USING btree ("company_id","answer_state","asked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_images_company_sha_key" ON "stored_images" USING btree ("company_id","sha256");