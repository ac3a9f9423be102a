-- implicit-conversion: string columns compared with numbers, or under another collation.
CREATE TABLE customers (
  id INT UNSIGNED NOT NULL AUTO_INCREMENT,
  phone VARCHAR(20) NOT NULL,
  code CHAR(8) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci NOT NULL,
  zip INT NOT NULL,
  created_at DATETIME NOT NULL,
  PRIMARY KEY (id),
  KEY idx_phone (phone),
  KEY idx_code (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE calls (
  id INT NOT NULL PRIMARY KEY,
  caller BIGINT NOT NULL,
  callee VARCHAR(20) NOT NULL
);

-- expect: implicit-conversion customers.phone
SELECT id FROM customers WHERE phone = 5551234;

-- expect: implicit-conversion customers.phone
SELECT id FROM customers WHERE phone IN ('1', 2, '3');

-- expect: implicit-conversion customers.phone
SELECT id FROM customers WHERE phone BETWEEN 100 AND 200;

-- A numeric column compared with a quoted number converts the literal once: fine.
-- expect: none
SELECT id FROM customers WHERE id = '42';

-- expect: none
SELECT id FROM customers WHERE zip = '12345' AND phone = '5551234';

-- expect: none
SELECT id FROM customers WHERE created_at >= '2024-01-01';

-- A string column joined to a numeric column converts the string side.
-- expect: implicit-conversion customers.phone
SELECT c.id FROM calls k JOIN customers c ON c.phone = k.caller;

-- expect: none
SELECT c.id FROM calls k JOIN customers c ON c.phone = k.callee;

-- COLLATE with another collation converts the column.
-- expect: implicit-conversion customers.code
SELECT id FROM customers WHERE code = 'ABC' COLLATE utf8mb4_bin;

-- expect: none
SELECT id FROM customers WHERE code = 'ABC' COLLATE utf8mb4_general_ci;

-- Placeholders have no type yet: nothing to say.
-- expect: none
SELECT id FROM customers WHERE phone = ?;

-- expect: implicit-conversion customers.phone
UPDATE customers SET zip = 1 WHERE phone = 12;

-- More of a real schema: ids stored as strings in a log table, a binary token, an ENUM.
CREATE TABLE `sms_log` (
  `id` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  `customer_ref` varchar(20) NOT NULL,
  `token` varbinary(16) NOT NULL,
  `kind` enum('otp','promo','alert') NOT NULL,
  `amount` decimal(10,2) NOT NULL DEFAULT '0.00',
  `sent_at` datetime NOT NULL,
  PRIMARY KEY (`id`),
  KEY `idx_customer_ref_sent` (`customer_ref`,`sent_at`),
  UNIQUE KEY `uk_token` (`token`),
  KEY `idx_kind` (`kind`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;

-- A string id joined to the integer primary key: the string side converts.
-- expect: implicit-conversion sms_log.customer_ref
SELECT c.id, s.sent_at FROM customers c JOIN sms_log s ON s.customer_ref = c.id;

-- The same written with the numeric column on the left.
-- expect: implicit-conversion sms_log.idx_customer_ref_sent
SELECT c.id, s.sent_at FROM customers c JOIN sms_log s ON c.id = s.customer_ref;

-- Comma join in WHERE, with an alias for each table.
-- expect: implicit-conversion sms_log.customer_ref
SELECT s.id FROM sms_log AS s, customers AS c WHERE c.phone = '555' AND s.customer_ref = c.zip;

-- A correlated subquery compares the inner string column with the outer number.
-- expect: implicit-conversion sms_log.customer_ref
SELECT c.id FROM customers c
WHERE EXISTS (SELECT 1 FROM sms_log s WHERE s.customer_ref = c.id AND s.kind = 'otp');

-- The outer string value converts once per execution; the inner integer key is searched.
-- expect: none
SELECT s.id FROM sms_log s WHERE s.amount > 0
  AND EXISTS (SELECT 1 FROM customers c WHERE c.id = s.customer_ref);

-- A negative number, a boolean and a date/time value are numbers to a string column too.
-- expect: implicit-conversion sms_log.customer_ref
SELECT id FROM sms_log WHERE customer_ref = -1;

-- expect: implicit-conversion customers.phone
SELECT id FROM customers WHERE phone = NOW();

-- A binary string column compared with a number converts as well.
-- expect: implicit-conversion sms_log.uk_token
SELECT id FROM sms_log WHERE token = 1234;

-- Hex literals are binary strings, not numbers.
-- expect: none
SELECT id FROM sms_log WHERE token = 0x0A0B0C0D;

-- An ENUM compared with a number compares its member index: not a string conversion.
-- expect: none
SELECT id FROM sms_log WHERE kind = 1;

-- DECIMAL, DATETIME and integer columns with quoted values: the literal converts once.
-- expect: none
SELECT id FROM sms_log WHERE amount = '19.90' AND sent_at < '2024-06-01 00:00:00' AND id = '7';

-- LIKE compares strings: a numeric pattern is converted, not the column.
-- expect: none
SELECT id FROM customers WHERE phone LIKE 555;

-- A column inside a function is function-on-column's business, not this rule's.
-- expect: none
SELECT id FROM customers WHERE CAST(phone AS UNSIGNED) = 5551234;

-- OR of numbers on one string column is an IN list: converts.
-- expect: implicit-conversion customers.phone
SELECT id FROM customers WHERE phone = 5551234 OR phone = 5551235;

-- USING on a column that is a string on one side and a number on the other.
CREATE TABLE `customer_tags` (
  `zip` varchar(10) NOT NULL,
  `tag` varchar(32) NOT NULL,
  PRIMARY KEY (`zip`,`tag`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- expect: implicit-conversion customer_tags.zip
SELECT c.id, t.tag FROM customers c JOIN customer_tags t USING (zip);

-- A COLLATE clause on a join of two columns of one collation converts both of them.
-- expect: implicit-conversion customers.code
-- expect: implicit-conversion customers.idx_code
SELECT a.id FROM customers a JOIN customers b ON a.code = b.code COLLATE utf8mb4_bin
WHERE b.id = 3;

-- Inside a derived table, a CTE, a UNION part, INSERT … SELECT and a multi-table DELETE.
-- expect: implicit-conversion customers.phone
SELECT t.id FROM (SELECT id FROM customers WHERE phone = 5551234) AS t;

-- expect: implicit-conversion sms_log.customer_ref
WITH recent AS (SELECT id, sent_at FROM sms_log WHERE customer_ref IN (17, 18))
SELECT id FROM recent ORDER BY sent_at DESC LIMIT 10;

-- expect: implicit-conversion customers.phone
SELECT id FROM customers WHERE phone = '5551234'
UNION
SELECT id FROM customers WHERE phone = 5551235;

-- expect: implicit-conversion sms_log.customer_ref
INSERT INTO calls (id, caller, callee)
SELECT s.id, 0, s.customer_ref FROM sms_log s WHERE s.customer_ref = 42;

-- expect: implicit-conversion sms_log.customer_ref
DELETE s FROM sms_log s JOIN customers c ON c.id = s.customer_ref WHERE c.zip = 10115;

-- expect: none
DELETE FROM sms_log WHERE customer_ref = '42' AND sent_at < '2020-01-01';
