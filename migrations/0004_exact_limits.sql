CREATE TABLE `rate_limit_windows` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limit_windows_expiry` ON `rate_limit_windows` (`expires_at`);