CREATE TABLE `frontend_errors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`message` text NOT NULL,
	`stack` text,
	`type` text NOT NULL,
	`url` text,
	`component` text,
	`context` text,
	`user_agent` text
);
--> statement-breakpoint
CREATE INDEX `frontend_errors_created_at` ON `frontend_errors` (`created_at`);