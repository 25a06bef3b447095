CREATE TABLE "sales_containers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"owner_id" integer,
	"name" text NOT NULL,
	"stage" text DEFAULT 'prospecting' NOT NULL,
	"keywords" text[] DEFAULT '{}' NOT NULL,
	"grid_size" integer DEFAULT 7 NOT NULL,
	"grid_radius" real DEFAULT 3 NOT NULL,
	"grid_unit" text DEFAULT 'mi' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"rating" real,
	"review_count" integer,
	"listings" jsonb,
	"page_speed" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"converted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sales_recommendations" (
	"id" serial PRIMARY KEY NOT NULL,
	"container_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"kind" text NOT NULL,
	"edited" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"container_id" integer NOT NULL,
	"requested_by" integer,
	"keywords" text[] NOT NULL,
	"size" integer NOT NULL,
	"radius" real NOT NULL,
	"unit" text NOT NULL,
	"scan_ids" integer[] DEFAULT '{}' NOT NULL,
	"estimated_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_containers" ADD CONSTRAINT "sales_containers_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_containers" ADD CONSTRAINT "sales_containers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_recommendations" ADD CONSTRAINT "sales_recommendations_container_id_sales_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."sales_containers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_runs" ADD CONSTRAINT "sales_runs_container_id_sales_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."sales_containers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_runs" ADD CONSTRAINT "sales_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_containers_company_idx" ON "sales_containers" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "sales_containers_owner_idx" ON "sales_containers" USING btree ("owner_id","updated_at");--> statement-breakpoint
CREATE INDEX "sales_recommendations_container_idx" ON "sales_recommendations" USING btree ("container_id","position");--> statement-breakpoint
CREATE INDEX "sales_runs_container_idx" ON "sales_runs" USING btree ("container_id","created_at");