-- Transaction History: invoice numbers from a portal-wide sequence (taken when a
-- checkout is paid: unique, increasing, gaps possible when a transaction rolls back), the
-- provider's payment id (refund and dispute events name it), the card for the receipt, refunds.
CREATE SEQUENCE "public"."invoice_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "invoice_number" bigint;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "amount_refunded_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "ended_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "checkout_sessions_user_created_idx" ON "checkout_sessions" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "checkout_sessions_payment_intent_idx" ON "checkout_sessions" USING btree ("payment_intent_id") WHERE "checkout_sessions"."payment_intent_id" is not null;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_invoice_number_unique" UNIQUE("invoice_number");;--> statement-breakpoint
-- Checkouts paid before this migration get their numbers now, in the order they were paid.
UPDATE "checkout_sessions" SET "invoice_number" = numbered."n" FROM (
	SELECT "id", nextval('invoice_numbers') AS "n" FROM (
		SELECT "id" FROM "checkout_sessions" WHERE "status" = 'paid' ORDER BY "paid_at", "id"
	) AS ordered
) AS numbered WHERE "checkout_sessions"."id" = numbered."id";