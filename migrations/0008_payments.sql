CREATE TABLE `affiliate_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`affiliate_id` text NOT NULL,
	`payment_id` text,
	`kind` text NOT NULL,
	`amount` integer NOT NULL,
	`available_at` integer NOT NULL,
	`reference` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`affiliate_id`) REFERENCES `affiliates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `affiliate_ledger_payment_kind` ON `affiliate_ledger` (`payment_id`,`kind`);--> statement-breakpoint
CREATE UNIQUE INDEX `affiliate_ledger_payout_reference` ON `affiliate_ledger` (`affiliate_id`,`reference`);--> statement-breakpoint
CREATE INDEX `affiliate_ledger_affiliate` ON `affiliate_ledger` (`affiliate_id`,`available_at`);--> statement-breakpoint
CREATE TABLE `payment_reversals` (
	`payment_intent_id` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`checkout_session_id` text NOT NULL,
	`payment_intent_id` text,
	`status` text NOT NULL,
	`currency` text NOT NULL,
	`amount_total` integer NOT NULL,
	`amount_tax` integer NOT NULL,
	`amount_without_tax` integer NOT NULL,
	`receipt_url` text,
	`invoice_url` text,
	`invoice_pdf_url` text,
	`paid_at` integer,
	`reversed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_checkout_session_id_unique` ON `payments` (`checkout_session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_payment_intent_id_unique` ON `payments` (`payment_intent_id`);--> statement-breakpoint
CREATE INDEX `payments_user` ON `payments` (`user_id`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `support_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`project_id` text,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `support_requests_user` ON `support_requests` (`user_id`);--> statement-breakpoint
ALTER TABLE `pro_interest` ADD `notified_at` integer;