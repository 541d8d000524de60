ALTER TABLE "users" ADD COLUMN "practice_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "practice_street" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "practice_postal_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "practice_city" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "practice_country" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "practice_phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "registration_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cancellation_notice_hours" integer;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_practice_name_check" CHECK (char_length("users"."practice_name") <= 200);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_practice_street_check" CHECK (char_length("users"."practice_street") <= 300);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_practice_postal_code_check" CHECK (char_length("users"."practice_postal_code") <= 20);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_practice_city_check" CHECK (char_length("users"."practice_city") <= 100);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_practice_country_check" CHECK ("users"."practice_country" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_practice_phone_check" CHECK ("users"."practice_phone" ~ '^\+[1-9][0-9]{1,14}$');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_registration_number_check" CHECK (char_length("users"."registration_number") <= 50);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_cancellation_notice_hours_check" CHECK ("users"."cancellation_notice_hours" between 0 and 168);--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_date_of_birth_check" CHECK ("patients"."date_of_birth" >= '1900-01-01');