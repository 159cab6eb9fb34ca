CREATE TABLE `affiliate_clicks` (
	`affiliate_id` text NOT NULL,
	`day` text NOT NULL,
	`visitor_hash` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`affiliate_id`, `day`, `visitor_hash`),
	FOREIGN KEY (`affiliate_id`) REFERENCES `affiliates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `affiliates` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`social_profile` text NOT NULL,
	`referral_code` text NOT NULL,
	`paypal_email` text NOT NULL,
	`why_launchmate` text NOT NULL,
	`promotion_strategy` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`reviewed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `affiliates_referral_code_unique` ON `affiliates` (`referral_code`);--> statement-breakpoint
CREATE TABLE `analytics_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`name` text NOT NULL,
	`path` text,
	`properties` text,
	`session_id` text
);
--> statement-breakpoint
CREATE INDEX `analytics_events_name_created` ON `analytics_events` (`name`,`created_at`);--> statement-breakpoint
CREATE TABLE `articles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`excerpt` text NOT NULL,
	`author` text NOT NULL,
	`published_at` integer NOT NULL,
	`cover_image_url` text NOT NULL,
	`content_html` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `articles_slug_unique` ON `articles` (`slug`);--> statement-breakpoint
CREATE INDEX `articles_published_at` ON `articles` (`published_at`);--> statement-breakpoint
CREATE TABLE `research_pages` (
	`id` text PRIMARY KEY NOT NULL,
	`url_key` text NOT NULL,
	`project_id` text NOT NULL,
	`title` text NOT NULL,
	`max_responses` integer,
	`closed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `research_pages_url_key_unique` ON `research_pages` (`url_key`);--> statement-breakpoint
CREATE INDEX `research_pages_project` ON `research_pages` (`project_id`);--> statement-breakpoint
CREATE TABLE `research_questions` (
	`page_id` text NOT NULL,
	`sequence` integer NOT NULL,
	`text` text NOT NULL,
	`type` text DEFAULT 'text' NOT NULL,
	`options` text,
	`config` text,
	PRIMARY KEY(`page_id`, `sequence`),
	FOREIGN KEY (`page_id`) REFERENCES `research_pages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `research_responses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`page_id` text NOT NULL,
	`answers` text NOT NULL,
	`surveyswap_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`page_id`) REFERENCES `research_pages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `research_responses_page` ON `research_responses` (`page_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `referred_by` text;