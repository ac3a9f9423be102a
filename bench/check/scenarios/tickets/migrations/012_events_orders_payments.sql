-- 2026-09-08  TIX-1102: the events API v2 names (start_time); streamed events have no venue.
ALTER TABLE events CHANGE starts_at start_time datetime NOT NULL;

ALTER TABLE events MODIFY venue_id int(10) unsigned DEFAULT NULL;

-- TIX-1105: search box on the events page.
ALTER TABLE events ADD FULLTEXT INDEX ft_title_description (title, description);

-- TIX-1110: every order has a currency since 002; make it required.
ALTER TABLE orders MODIFY currency char(3) NOT NULL DEFAULT 'EUR';

-- TIX-1111: keep locale next to email in the admin's column list.
ALTER TABLE customers MODIFY locale varchar(10) DEFAULT NULL AFTER email;

-- TIX-1120: payments must point at a real order.
ALTER TABLE payments ADD CONSTRAINT fk_payments_order FOREIGN KEY (order_id) REFERENCES orders (id);

-- TIX-1121: reclaim the space the purged 2024 payments left.
ALTER TABLE payments ENGINE=InnoDB;
