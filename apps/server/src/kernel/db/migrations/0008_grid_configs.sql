CREATE TABLE "grid_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"requested_by" integer,
	"status" text DEFAULT 'running' NOT NULL,
	"concurrency" integer NOT NULL,
	"scans_total" integer NOT NULL,
	"scans_done" integer DEFAULT 0 NOT NULL,
	"points_total" integer NOT NULL,
	"estimated_cents" integer NOT NULL,
	"config_ids" integer[] NOT NULL,
	"summary" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "grid_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"item_id" integer,
	"keyword" text NOT NULL,
	"size" integer NOT NULL,
	"radius" double precision NOT NULL,
	"unit" text NOT NULL,
	"shape" text DEFAULT 'square' NOT NULL,
	"center_lat" double precision NOT NULL,
	"center_lng" double precision NOT NULL,
	"disabled_points" integer[] DEFAULT '{}' NOT NULL,
	"frequency" text NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"atrp_alert_threshold" double precision DEFAULT 1 NOT NULL,
	"solv_alert_threshold" double precision DEFAULT 10 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "scan_id" integer;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "data" jsonb;--> statement-breakpoint
ALTER TABLE "competitors" ADD COLUMN "opened_on" date;--> statement-breakpoint
ALTER TABLE "competitors" ADD COLUMN "closed_on" date;--> statement-breakpoint
ALTER TABLE "grid_scans" ADD COLUMN "config_id" integer;--> statement-breakpoint
ALTER TABLE "grid_scans" ADD COLUMN "item_id" integer;--> statement-breakpoint
ALTER TABLE "grid_scans" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "grid_scans" ADD COLUMN "origin" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "grid_scans" ADD COLUMN "atrp" double precision;--> statement-breakpoint
ALTER TABLE "grid_scans" ADD COLUMN "arp" double precision;--> statement-breakpoint
ALTER TABLE "grid_scans" ADD COLUMN "solv" double precision;--> statement-breakpoint
ALTER TABLE "grid_scans" ADD COLUMN "found_in" integer;--> statement-breakpoint
ALTER TABLE "grid_batches" ADD CONSTRAINT "grid_batches_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_configs" ADD CONSTRAINT "grid_configs_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_configs" ADD CONSTRAINT "grid_configs_item_id_product_instances_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."product_instances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_configs" ADD CONSTRAINT "grid_configs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grid_configs_company_idx" ON "grid_configs" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "grid_configs_due_idx" ON "grid_configs" USING btree ("next_run_at");--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_scan_id_grid_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."grid_scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_scans" ADD CONSTRAINT "grid_scans_config_id_grid_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."grid_configs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_scans" ADD CONSTRAINT "grid_scans_item_id_product_instances_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."product_instances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_scans" ADD CONSTRAINT "grid_scans_batch_id_grid_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."grid_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_scan_idx" ON "alerts" USING btree ("scan_id");--> statement-breakpoint
CREATE INDEX "grid_scans_company_created_idx" ON "grid_scans" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "grid_scans_requested_by_created_idx" ON "grid_scans" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE INDEX "grid_scans_config_created_idx" ON "grid_scans" USING btree ("config_id","created_at");--> statement-breakpoint
CREATE INDEX "grid_scans_batch_idx" ON "grid_scans" USING btree ("batch_id");