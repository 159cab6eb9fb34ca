CREATE TABLE `cofounder_usage` (
	`day` text NOT NULL,
	`key` text NOT NULL,
	`count` integer NOT NULL,
	`cap` integer NOT NULL,
	PRIMARY KEY(`day`, `key`),
	CONSTRAINT "cofounder_usage_within_cap" CHECK("cofounder_usage"."count" <= "cofounder_usage"."cap")
);
--> statement-breakpoint
CREATE TABLE `project_phases` (
	`project_id` text NOT NULL,
	`phase` integer NOT NULL,
	`completed_at` integer NOT NULL,
	PRIMARY KEY(`project_id`, `phase`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
