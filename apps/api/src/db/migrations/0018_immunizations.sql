CREATE TABLE "immunizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"vaccine" text NOT NULL,
	"vaccine_code" text,
	"occurred_on" date NOT NULL,
	"dose_number" integer,
	"lot_number" text DEFAULT '' NOT NULL,
	"site" text,
	"route" text,
	"performer_note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"status_reason" text,
	CONSTRAINT "immunizations_status_check" CHECK ("status" in ('completed', 'not-done')),
	CONSTRAINT "immunizations_status_reason_check" CHECK ("status_reason" is null or "status_reason" in ('immunity', 'medical-precaution', 'out-of-stock', 'patient-objection')),
	CONSTRAINT "immunizations_site_check" CHECK ("site" is null or "site" in ('left-arm', 'right-arm', 'left-thigh', 'right-thigh', 'nose')),
	CONSTRAINT "immunizations_route_check" CHECK ("route" is null or "route" in ('intramuscular', 'subcutaneous', 'intradermal', 'oral', 'intranasal')),
	CONSTRAINT "immunizations_reason_when_not_done_check" CHECK (("immunizations"."status" = 'not-done') = ("immunizations"."status_reason" is not null)),
	CONSTRAINT "immunizations_dose_number_check" CHECK ("dose_number" is null or "dose_number" between 1 and 20)
);
--> statement-breakpoint
ALTER TABLE "immunizations" ADD CONSTRAINT "immunizations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "immunizations" ADD CONSTRAINT "immunizations_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "immunizations_patient_created_idx" ON "immunizations" USING btree ("patient_id","created_at","id");--> statement-breakpoint
CREATE INDEX "immunizations_owner_created_idx" ON "immunizations" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "immunizations_patient_occurred_idx" ON "immunizations" USING btree ("patient_id","occurred_on","id");