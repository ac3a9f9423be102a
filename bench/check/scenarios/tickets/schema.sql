-- tix: the schema of a ticketing platform as `SHOW CREATE TABLE` prints it on its MariaDB 10.11
-- primary (database `tix`, default charset utf8mb4). Row counts: stats.json.

CREATE TABLE `customers` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `email` varchar(190) NOT NULL,
  `first_name` varchar(60) NOT NULL,
  `last_name` varchar(60) NOT NULL,
  `phone` varchar(20) DEFAULT NULL,
  `fax` varchar(20) DEFAULT NULL,
  `country_code` char(2) NOT NULL DEFAULT 'DE',
  `created_at` datetime NOT NULL DEFAULT current_timestamp(),
  `last_login_at` datetime DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk_email` (`email`),
  KEY `idx_last_name` (`last_name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci ROW_FORMAT=DYNAMIC;

CREATE TABLE `venues` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `name` varchar(120) NOT NULL,
  `city` varchar(80) NOT NULL,
  `country_code` char(2) NOT NULL,
  `capacity` int(10) unsigned NOT NULL,
  PRIMARY KEY (`id`),
  KEY `idx_country_city` (`country_code`,`city`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci ROW_FORMAT=DYNAMIC;

CREATE TABLE `events` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `venue_id` int(10) unsigned NOT NULL,
  `title` varchar(150) NOT NULL,
  `slug` varchar(160) NOT NULL,
  `description` text DEFAULT NULL,
  `category` enum('concert','theatre','sport','festival','comedy','other') NOT NULL DEFAULT 'other',
  `starts_at` datetime NOT NULL,
  `ends_at` datetime DEFAULT NULL,
  `status` enum('draft','on_sale','sold_out','cancelled','past') NOT NULL DEFAULT 'draft',
  `created_at` datetime NOT NULL DEFAULT current_timestamp(),
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk_slug` (`slug`),
  KEY `idx_venue_starts` (`venue_id`,`starts_at`),
  KEY `idx_status_starts` (`status`,`starts_at`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci ROW_FORMAT=DYNAMIC;

CREATE TABLE `ticket_types` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `event_id` int(10) unsigned NOT NULL,
  `name` varchar(80) NOT NULL,
  `price_cents` int(10) unsigned NOT NULL,
  `quota` int(10) unsigned NOT NULL,
  `sold` int(10) unsigned NOT NULL DEFAULT 0,
  `sales_start` datetime DEFAULT NULL,
  `sales_end` datetime DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `idx_event` (`event_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci ROW_FORMAT=DYNAMIC;

CREATE TABLE `orders` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `order_no` char(12) NOT NULL,
  `customer_id` int(10) unsigned NOT NULL,
  `event_id` int(10) unsigned NOT NULL,
  `status` enum('pending','paid','refunded','cancelled','expired') NOT NULL DEFAULT 'pending',
  `total_cents` int(10) unsigned NOT NULL,
  `currency` char(3) DEFAULT NULL,
  `coupon_code` varchar(32) DEFAULT NULL,
  `legacy_ref` varchar(40) DEFAULT NULL,
  `created_at` datetime NOT NULL,
  `paid_at` datetime DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk_order_no` (`order_no`),
  KEY `idx_customer_created` (`customer_id`,`created_at`),
  KEY `idx_event_status` (`event_id`,`status`),
  KEY `idx_legacy_ref` (`legacy_ref`),
  KEY `idx_created` (`created_at`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci ROW_FORMAT=DYNAMIC;

CREATE TABLE `tickets` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `order_id` int(10) unsigned NOT NULL,
  `ticket_type_id` int(10) unsigned NOT NULL,
  `barcode` char(20) NOT NULL,
  `holder_name` varchar(200) DEFAULT NULL,
  `seat_label` varchar(16) DEFAULT NULL,
  `seat_note` varchar(255) DEFAULT NULL,
  `status` enum('valid','used','void','transferred') NOT NULL DEFAULT 'valid',
  `created_at` datetime NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk_barcode` (`barcode`),
  KEY `idx_order` (`order_id`),
  KEY `idx_type_status` (`ticket_type_id`,`status`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci ROW_FORMAT=DYNAMIC;

CREATE TABLE `payments` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `order_id` int(10) unsigned NOT NULL,
  `provider` enum('stripe','paypal','adyen','invoice') NOT NULL,
  `provider_ref` varchar(64) NOT NULL,
  `amount_cents` int(10) unsigned NOT NULL,
  `status` enum('authorized','captured','failed','refunded') NOT NULL,
  `created_at` datetime NOT NULL,
  PRIMARY KEY (`id`),
  KEY `idx_order` (`order_id`),
  KEY `idx_ref` (`provider`,`provider_ref`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci ROW_FORMAT=DYNAMIC;

CREATE TABLE `checkins` (
  `id` char(36) NOT NULL,
  `ticket_id` int(10) unsigned NOT NULL,
  `gate` varchar(16) NOT NULL,
  `device_id` varchar(32) NOT NULL,
  `scanned_at` datetime(3) NOT NULL,
  `result` enum('ok','duplicate','invalid') NOT NULL,
  KEY `idx_id` (`id`),
  KEY `idx_ticket` (`ticket_id`),
  KEY `idx_scanned` (`scanned_at`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci ROW_FORMAT=DYNAMIC;

CREATE TABLE `partner_accounts` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `code` varchar(16) NOT NULL,
  `name` varchar(120) NOT NULL,
  `contact_email` varchar(190) DEFAULT NULL,
  `commission_pct` decimal(4,2) NOT NULL DEFAULT 5.00,
  `created_at` datetime NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk_code` (`code`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci ROW_FORMAT=DYNAMIC;

CREATE TABLE `short_links` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `code` varchar(12) NOT NULL,
  `event_id` int(10) unsigned DEFAULT NULL,
  `target_url` varchar(255) NOT NULL,
  `clicks` int(10) unsigned NOT NULL DEFAULT 0,
  `created_at` datetime NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk_code` (`code`),
  KEY `idx_event` (`event_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci ROW_FORMAT=COMPACT;
