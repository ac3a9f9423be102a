-- meterly: usage-based SaaS billing. The schema as SHOW CREATE TABLE prints it on the primary,
-- 2026-02-01 (before migration 001). InnoDB, ROW_FORMAT=DYNAMIC, utf8mb4, except the legacy
-- audit_log (utf8mb3).

CREATE TABLE accounts (
  id int unsigned NOT NULL AUTO_INCREMENT,
  name varchar(120) NOT NULL,
  slug varchar(64) NOT NULL,
  status enum('trial','active','past_due','canceled') NOT NULL DEFAULT 'trial',
  features set('api','sso','audit_log','export','webhooks','sandbox','priority_support','custom_domain') NOT NULL DEFAULT '',
  billing_email varchar(190) NOT NULL,
  website varchar(800) DEFAULT NULL,
  vat_number varchar(32) DEFAULT NULL,
  country char(2) NOT NULL,
  created_at datetime NOT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY uk_slug (slug),
  KEY idx_status (status)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci ROW_FORMAT=DYNAMIC;

CREATE TABLE users (
  id int unsigned NOT NULL AUTO_INCREMENT,
  account_id int unsigned NOT NULL,
  email varchar(190) NOT NULL,
  full_name varchar(30) NOT NULL,
  job_title varchar(40) DEFAULT NULL,
  role enum('owner','admin','member','billing') NOT NULL DEFAULT 'member',
  legacy_login varchar(50) DEFAULT NULL,
  last_seen_at datetime DEFAULT NULL,
  created_at datetime NOT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY uk_email (email),
  KEY idx_account (account_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci ROW_FORMAT=DYNAMIC;

CREATE TABLE plans (
  id smallint unsigned NOT NULL AUTO_INCREMENT,
  code varchar(32) NOT NULL,
  name varchar(80) NOT NULL,
  price_cents int unsigned NOT NULL,
  billing_interval enum('month','year') NOT NULL DEFAULT 'month',
  active tinyint(1) NOT NULL DEFAULT 1,
  PRIMARY KEY (id),
  UNIQUE KEY uk_code (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci ROW_FORMAT=DYNAMIC;

CREATE TABLE subscriptions (
  id int unsigned NOT NULL AUTO_INCREMENT,
  account_id int unsigned NOT NULL,
  plan_id smallint unsigned NOT NULL,
  status enum('trialing','active','past_due','canceled') NOT NULL DEFAULT 'trialing',
  quantity int unsigned DEFAULT NULL,
  started_at datetime NOT NULL,
  current_period_end datetime NOT NULL,
  canceled_at datetime DEFAULT NULL,
  PRIMARY KEY (id),
  KEY idx_account (account_id),
  KEY idx_status_period (status, current_period_end)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci ROW_FORMAT=DYNAMIC;

CREATE TABLE invoices (
  id int unsigned NOT NULL AUTO_INCREMENT,
  account_id int unsigned NOT NULL,
  subscription_id int unsigned DEFAULT NULL,
  number varchar(24) NOT NULL,
  status enum('draft','open','paid','void','uncollectible') NOT NULL DEFAULT 'draft',
  currency char(3) NOT NULL DEFAULT 'USD',
  total_cents int NOT NULL,
  issued_at datetime DEFAULT NULL,
  due_at date DEFAULT NULL,
  paid_at datetime DEFAULT NULL,
  pdf_path varchar(255) DEFAULT NULL,
  legacy_ref varchar(40) DEFAULT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY uk_number (number),
  KEY idx_account_issued (account_id, issued_at),
  KEY idx_legacy_ref (legacy_ref)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci ROW_FORMAT=DYNAMIC;

CREATE TABLE invoice_lines (
  id bigint unsigned NOT NULL AUTO_INCREMENT,
  invoice_id int unsigned NOT NULL,
  description varchar(255) NOT NULL,
  sku varchar(64) DEFAULT NULL,
  quantity int NOT NULL DEFAULT 1,
  unit_amount_cents int NOT NULL,
  PRIMARY KEY (id),
  KEY fk_lines_invoice (invoice_id),
  CONSTRAINT fk_lines_invoice FOREIGN KEY (invoice_id) REFERENCES invoices (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci ROW_FORMAT=DYNAMIC;

CREATE TABLE payments (
  id int unsigned NOT NULL AUTO_INCREMENT,
  invoice_id int unsigned NOT NULL,
  provider enum('stripe','adyen','paypal','wire') NOT NULL,
  provider_ref varchar(64) NOT NULL,
  amount_cents int NOT NULL,
  status enum('pending','succeeded','failed','refunded') NOT NULL DEFAULT 'pending',
  created_at datetime NOT NULL,
  PRIMARY KEY (id),
  KEY idx_invoice (invoice_id),
  KEY idx_provider_ref (provider, provider_ref)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci ROW_FORMAT=DYNAMIC;

CREATE TABLE usage_events (
  id int unsigned NOT NULL AUTO_INCREMENT,
  account_id int unsigned NOT NULL,
  metric varchar(40) NOT NULL,
  quantity int unsigned NOT NULL,
  recorded_at datetime NOT NULL,
  PRIMARY KEY (id),
  KEY idx_account_metric_time (account_id, metric, recorded_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci ROW_FORMAT=DYNAMIC;

CREATE TABLE coupons (
  code varchar(32) NOT NULL,
  percent_off tinyint unsigned NOT NULL,
  valid_until date DEFAULT NULL,
  max_redemptions int unsigned DEFAULT NULL,
  redeemed int unsigned NOT NULL DEFAULT 0,
  PRIMARY KEY (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci ROW_FORMAT=DYNAMIC;

CREATE TABLE audit_log (
  id bigint unsigned NOT NULL AUTO_INCREMENT,
  account_id int unsigned NOT NULL,
  actor_email varchar(190) NOT NULL,
  action varchar(64) NOT NULL,
  details text,
  created_at datetime NOT NULL,
  PRIMARY KEY (id),
  KEY idx_account_created (account_id, created_at),
  KEY idx_actor (actor_email)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci ROW_FORMAT=DYNAMIC;
