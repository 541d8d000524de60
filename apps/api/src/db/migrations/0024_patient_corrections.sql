CREATE TABLE "patient_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"requested_by" uuid,
	"about_kind" text,
	"about_id" uuid,
	"text" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"requested_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp (3) with time zone,
	"answered_by" uuid,
	CONSTRAINT "patient_corrections_status_check" CHECK ("patient_corrections"."status" in ('requested', 'accepted', 'declined')),
	CONSTRAINT "patient_corrections_answered_check" CHECK (("patient_corrections"."status" = 'requested') = ("patient_corrections"."answered_at" is null)),
	CONSTRAINT "patient_corrections_about_kind_check" CHECK ("patient_corrections"."about_kind" in ('patient', 'appointment', 'visit', 'allergy', 'prescription', 'carePlan', 'immunization')),
	CONSTRAINT "patient_corrections_about_check" CHECK ("patient_corrections"."about_id" is null or "patient_corrections"."about_kind" is not null)
);
--> statement-breakpoint
ALTER TABLE "patient_corrections" ADD CONSTRAINT "patient_corrections_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_corrections" ADD CONSTRAINT "patient_corrections_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_corrections" ADD CONSTRAINT "patient_corrections_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_corrections" ADD CONSTRAINT "patient_corrections_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_corrections_patient_idx" ON "patient_corrections" USING btree ("patient_id","requested_at" DESC NULLS LAST,"id");