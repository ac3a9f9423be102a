-- 2026-04-07: longer names and titles (customers in Thailand and Germany complained)
ALTER TABLE users MODIFY full_name varchar(100) NOT NULL;

ALTER TABLE users MODIFY job_title varchar(100) DEFAULT NULL;

-- nobody has read this since the SSO migration; keep the data under a clearer name
ALTER TABLE users CHANGE legacy_login old_login varchar(50) DEFAULT NULL;

-- the SCIM id of the user in the customer's identity provider
ALTER TABLE users ADD COLUMN external_id varchar(64) DEFAULT NULL UNIQUE;
