CREATE TABLE "activity_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"product_instance_id" integer,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competitors" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"place_id" text NOT NULL,
	"category" text NOT NULL,
	"address" text NOT NULL,
	"phone" text,
	"website" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"rating" double precision NOT NULL,
	"review_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keywords" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"keyword" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"address_line1" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"acted_by" integer,
	"acted_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_instances" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"product_slug" text NOT NULL,
	"status" text NOT NULL,
	"start_date" date NOT NULL,
	"monthly_price_cents" integer NOT NULL,
	"external_refs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"api_name" text NOT NULL,
	"sub_pages" text[] DEFAULT '{}' NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verticals" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"lsa_category" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verticals_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "address_line1" text;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "address_line2" text;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "county" text;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "country" text DEFAULT 'US' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "place_id" text;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "google_place_id" text;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "primary_category" text;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "vertical_id" integer;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_product_instance_id_product_instances_id_fk" FOREIGN KEY ("product_instance_id") REFERENCES "public"."product_instances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitors" ADD CONSTRAINT "competitors_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords" ADD CONSTRAINT "keywords_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_acted_by_users_id_fk" FOREIGN KEY ("acted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_instances" ADD CONSTRAINT "product_instances_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_instances" ADD CONSTRAINT "product_instances_product_slug_products_slug_fk" FOREIGN KEY ("product_slug") REFERENCES "public"."products"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_company_occurred_idx" ON "activity_events" USING btree ("company_id","occurred_at");--> statement-breakpoint
CREATE INDEX "competitors_company_idx" ON "competitors" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "keywords_company_keyword_key" ON "keywords" USING btree ("company_id","keyword");--> statement-breakpoint
CREATE INDEX "locations_company_idx" ON "locations" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "notifications_company_created_idx" ON "notifications" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "product_instances_company_idx" ON "product_instances" USING btree ("company_id");