-- Visits: SOAP notes and vital signs, signed once finished, corrected by addenda.
-- The vital-sign ranges are the shared schema's (packages/shared/src/visit.ts), checked here too.
-- search_text feeds the practitioner's notes search through a trigram index (pg_trgm is
-- installed by 0000); measured in bench/visits.ts.
CREATE TABLE "visit_addenda" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"appointment_id" uuid,
	"occurred_at" timestamp (3) with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"subjective" text DEFAULT '' NOT NULL,
	"objective" text DEFAULT '' NOT NULL,
	"assessment" text DEFAULT '' NOT NULL,
	"plan" text DEFAULT '' NOT NULL,
	"systolic" integer,
	"diastolic" integer,
	"heart_rate" integer,
	"temperature" double precision,
	"weight" double precision,
	"height" double precision,
	"oxygen_saturation" integer,
	"search_text" text GENERATED ALWAYS AS (lower(reason || ' ' || subjective || ' ' || objective || ' ' || assessment || ' ' || plan)) STORED,
	"signed_at" timestamp (3) with time zone,
	"signed_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visits_systolic_check" CHECK ("visits"."systolic" is null or "visits"."systolic" between 50 and 300),
	CONSTRAINT "visits_diastolic_check" CHECK ("visits"."diastolic" is null or "visits"."diastolic" between 20 and 200),
	CONSTRAINT "visits_heart_rate_check" CHECK ("visits"."heart_rate" is null or "visits"."heart_rate" between 20 and 300),
	CONSTRAINT "visits_temperature_check" CHECK ("visits"."temperature" is null or "visits"."temperature" between 30 and 45),
	CONSTRAINT "visits_weight_check" CHECK ("visits"."weight" is null or "visits"."weight" between 0.2 and 500),
	CONSTRAINT "visits_height_check" CHECK ("visits"."height" is null or "visits"."height" between 20 and 272),
	CONSTRAINT "visits_oxygen_saturation_check" CHECK ("visits"."oxygen_saturation" is null or "visits"."oxygen_saturation" between 50 and 100)
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "visit_id" uuid;--> statement-breakpoint
ALTER TABLE "visit_addenda" ADD CONSTRAINT "visit_addenda_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_addenda" ADD CONSTRAINT "visit_addenda_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_addenda_visit_idx" ON "visit_addenda" USING btree ("visit_id","created_at");--> statement-breakpoint
CREATE INDEX "visits_patient_occurred_idx" ON "visits" USING btree ("patient_id","occurred_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "visits_owner_occurred_idx" ON "visits" USING btree ("owner_id","occurred_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "visits_search_trgm_idx" ON "visits" USING gin ("search_text" gin_trgm_ops);