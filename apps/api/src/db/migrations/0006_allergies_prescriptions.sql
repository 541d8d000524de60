-- Allergies and prescriptions: both scoped by owner and patient, like appointments.
-- The audit trail names the allergy or prescription an event is about.
CREATE TABLE "allergies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"substance" text NOT NULL,
	"reaction" text DEFAULT '' NOT NULL,
	"severity" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	CONSTRAINT "allergies_severity_check" CHECK ("allergies"."severity" in ('mild', 'moderate', 'severe')),
	CONSTRAINT "allergies_status_check" CHECK ("allergies"."status" in ('active', 'inactive', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "prescriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"medication" text NOT NULL,
	"strength" text DEFAULT '' NOT NULL,
	"dose" text NOT NULL,
	"route" text NOT NULL,
	"frequency" text NOT NULL,
	"duration" text DEFAULT '' NOT NULL,
	"end_date" date,
	"instructions" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"stop_reason" text DEFAULT '' NOT NULL,
	"stopped_at" timestamp (3) with time zone,
	CONSTRAINT "prescriptions_route_check" CHECK ("prescriptions"."route" in ('oral', 'intravenous', 'intramuscular', 'topical', 'inhaled', 'other')),
	CONSTRAINT "prescriptions_status_check" CHECK ("prescriptions"."status" in ('active', 'stopped', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "allergy_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prescription_id" uuid;--> statement-breakpoint
ALTER TABLE "allergies" ADD CONSTRAINT "allergies_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allergies" ADD CONSTRAINT "allergies_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allergies_patient_created_idx" ON "allergies" USING btree ("patient_id","created_at","id");--> statement-breakpoint
CREATE INDEX "allergies_owner_created_idx" ON "allergies" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "prescriptions_patient_created_idx" ON "prescriptions" USING btree ("patient_id","created_at","id");--> statement-breakpoint
CREATE INDEX "prescriptions_owner_created_idx" ON "prescriptions" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "prescriptions_owner_medication_idx" ON "prescriptions" USING btree ("owner_id",lower("medication") collate "C","medication");