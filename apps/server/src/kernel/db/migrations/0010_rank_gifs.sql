CREATE TABLE "rank_gifs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"scan_id" integer NOT NULL,
	"keyword" text NOT NULL,
	"size" integer NOT NULL,
	"radius" double precision NOT NULL,
	"unit" text NOT NULL,
	"requested_by" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"frames_total" integer NOT NULL,
	"frames_done" integer DEFAULT 0 NOT NULL,
	"gif" bytea,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "rank_gifs" ADD CONSTRAINT "rank_gifs_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_gifs" ADD CONSTRAINT "rank_gifs_scan_id_grid_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."grid_scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_gifs" ADD CONSTRAINT "rank_gifs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rank_gifs_company_created_idx" ON "rank_gifs" USING btree ("company_id","created_at");