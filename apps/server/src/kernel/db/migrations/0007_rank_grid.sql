CREATE TABLE "grid_scan_points" (
	"scan_id" integer NOT NULL,
	"point_index" integer NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"state" text DEFAULT 'unmeasured' NOT NULL,
	"rank" integer,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"fetched_at" timestamp with time zone,
	CONSTRAINT "grid_scan_points_scan_id_point_index_pk" PRIMARY KEY("scan_id","point_index")
);
--> statement-breakpoint
CREATE TABLE "grid_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"keyword" text NOT NULL,
	"size" integer NOT NULL,
	"radius" double precision NOT NULL,
	"unit" text NOT NULL,
	"center_lat" double precision NOT NULL,
	"center_lng" double precision NOT NULL,
	"shape" text DEFAULT 'square' NOT NULL,
	"disabled_points" integer[] DEFAULT '{}' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"points_total" integer NOT NULL,
	"points_done" integer DEFAULT 0 NOT NULL,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"metrics" jsonb,
	"competitors" jsonb
);
--> statement-breakpoint
ALTER TABLE "grid_scan_points" ADD CONSTRAINT "grid_scan_points_scan_id_grid_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."grid_scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_scans" ADD CONSTRAINT "grid_scans_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_scans" ADD CONSTRAINT "grid_scans_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grid_scans_history_idx" ON "grid_scans" USING btree ("company_id","keyword","created_at");