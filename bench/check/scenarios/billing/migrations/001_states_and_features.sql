-- 2026-02-03: the abuse desk can suspend an account
ALTER TABLE accounts
  MODIFY status enum('trial','active','past_due','canceled','suspended') NOT NULL DEFAULT 'trial';

-- subscriptions can be paused; product wants 'paused' next to 'active' in the list
ALTER TABLE subscriptions
  MODIFY status enum('trialing','active','paused','past_due','canceled') NOT NULL DEFAULT 'trialing';

-- a ninth feature flag: SCIM provisioning
ALTER TABLE accounts
  MODIFY features set('api','sso','audit_log','export','webhooks','sandbox','priority_support','custom_domain','scim') NOT NULL DEFAULT '';
