CREATE TABLE "patient_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"event_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"email_pending" boolean DEFAULT true NOT NULL,
	"email_sent_at" timestamp (3) with time zone,
	CONSTRAINT "patient_reminders_event_key" UNIQUE("appointment_id","user_id","event_at")
);
--> statement-breakpoint
ALTER TABLE "patient_reminders" ADD CONSTRAINT "patient_reminders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_reminders" ADD CONSTRAINT "patient_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_reminders_user_idx" ON "patient_reminders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "patient_reminders_email_pending_idx" ON "patient_reminders" USING btree ("created_at") WHERE "patient_reminders"."email_pending";