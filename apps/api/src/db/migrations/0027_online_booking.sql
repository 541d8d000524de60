ALTER TABLE "appointments" DROP CONSTRAINT "appointments_status_check";--> statement-breakpoint
ALTER TABLE "patients" ALTER COLUMN "blood_group" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ALTER COLUMN "gender" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "self_registered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "booked_by" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "request_expires_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "decline_message" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_requested_owner_start_idx" ON "appointments" USING btree ("owner_id","starts_at","id") WHERE "appointments"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "appointments_requested_booker_idx" ON "appointments" USING btree ("booked_by") WHERE "appointments"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "appointments_requested_expiry_idx" ON "appointments" USING btree ("request_expires_at") WHERE "appointments"."status" = 'requested';--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_complete_check" CHECK ("patients"."self_registered" or ("patients"."blood_group" is not null and "patients"."gender" is not null and "patients"."diagnosed_with" <> '' and "patients"."address" <> '' and "patients"."phone" <> '' and "patients"."emergency_phone" <> ''));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_cancel_reason_check" CHECK ("appointments"."cancel_reason" in ('declined', 'expired'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_request_expiry_check" CHECK ("appointments"."status" <> 'requested' or "appointments"."request_expires_at" is not null);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status_check" CHECK ("appointments"."status" in ('requested', 'booked', 'arrived', 'fulfilled', 'cancelled', 'no-show'));--> statement-breakpoint
-- A request made online holds its time like a booked appointment: the no-overlap rules of 0004
-- are drawn again with it among the live statuses.
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_owner_no_overlap";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_owner_no_overlap"
  EXCLUDE USING gist ("owner_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("status" in ('requested', 'booked', 'arrived', 'fulfilled'));--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_patient_no_overlap";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_patient_no_overlap"
  EXCLUDE USING gist ("patient_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("status" in ('requested', 'booked', 'arrived', 'fulfilled'));
