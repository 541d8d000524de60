CREATE TABLE "refill_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"prescription_id" uuid NOT NULL,
	"requester_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"new_prescription_id" uuid,
	"answered_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refill_requests_status_check" CHECK ("refill_requests"."status" in ('open', 'approved', 'declined')),
	CONSTRAINT "refill_requests_note_check" CHECK (char_length("refill_requests"."note") <= 1000),
	CONSTRAINT "refill_requests_message_check" CHECK (char_length("refill_requests"."message") <= 1000),
	CONSTRAINT "refill_requests_answered_check" CHECK (("refill_requests"."status" = 'open') = ("refill_requests"."answered_at" is null))
);
--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "verify_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "verify_kid" text;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "verify_token" text;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "verification_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "dispensed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "dispensed_facility_id" uuid;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "dispensed_by" text;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "pharmacy_id" uuid;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "sent_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "ready_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "refill_requests" ADD CONSTRAINT "refill_requests_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_requests" ADD CONSTRAINT "refill_requests_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_requests" ADD CONSTRAINT "refill_requests_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_requests" ADD CONSTRAINT "refill_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_requests" ADD CONSTRAINT "refill_requests_new_prescription_id_prescriptions_id_fk" FOREIGN KEY ("new_prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refill_requests_open_key" ON "refill_requests" USING btree ("prescription_id") WHERE "refill_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "refill_requests_patient_created_idx" ON "refill_requests" USING btree ("patient_id","created_at","id");--> statement-breakpoint
CREATE INDEX "refill_requests_owner_open_idx" ON "refill_requests" USING btree ("owner_id") WHERE "refill_requests"."status" = 'open';--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_dispensed_facility_id_facilities_id_fk" FOREIGN KEY ("dispensed_facility_id") REFERENCES "public"."facilities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_pharmacy_id_facilities_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."facilities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prescriptions_verify_id_key" ON "prescriptions" USING btree ("verify_id");--> statement-breakpoint
CREATE INDEX "prescriptions_pharmacy_sent_idx" ON "prescriptions" USING btree ("pharmacy_id","sent_at","id") WHERE "prescriptions"."pharmacy_id" is not null;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_dispensed_check" CHECK (("prescriptions"."dispensed_at" is null) = ("prescriptions"."dispensed_by" is null));--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_sent_check" CHECK (("prescriptions"."pharmacy_id" is null or "prescriptions"."sent_at" is not null));--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_verification_count_check" CHECK ("prescriptions"."verification_count" >= 0);