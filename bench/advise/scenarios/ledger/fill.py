#!/usr/bin/env python3
"""Rows of the production data's shape for the ledger schema, as SQL on standard output, to check
the expectations with EXPLAIN on a sandbox server (see ../validate.sh). Smaller than production
(entries: 300 000 instead of 20 million) but skewed the same way: a few big tenants, busy bank
and revenue accounts, few drafts, CRM references shared by accounts and contacts.
"""

import os
import random
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the scenarios
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from fillutil import batches, out, q  # noqa: E402

rng = random.Random(13)
TENANTS, ACCOUNTS, ENTRIES, CONTACTS = 300, 30_000, 300_000, 50_000


def skewed(n, power):
    return 1 + int(rng.random() ** power * n) % n


out.write("USE ledger;\nSET foreign_key_checks=0;\n")
batches("tenants", "id, slug, name, plan, status, custom_domain",
        ((str(i), q("t%d" % i), q("Tenant %d" % i), q("business"), q("active"),
          q("books.client%d.example" % i) if i <= 60 else "NULL") for i in range(1, TENANTS + 1)))
batches("currencies", "code, name",
        ((q(c), q(c)) for c in ["EUR", "USD", "GBP", "CHF", "SEK", "DKK", "PLN", "CZK", "JPY", "CAD"]))
# Accounts: tenant t owns accounts t, t+300, t+600, ...; one in three has a CRM reference.
batches("accounts", "id, tenant_id, code, name, type, external_ref",
        ((str(a), str(1 + (a - 1) % TENANTS), q("%04d" % ((a - 1) // TENANTS)), q("Account %d" % a),
          q(rng.choice(["asset", "liability", "income", "expense"])),
          q("CRM-%06d" % (a % CONTACTS)) if a % 3 == 0 else "NULL") for a in range(1, ACCOUNTS + 1)))


def entry_rows():
    for e in range(1, ENTRIES + 1):
        t = skewed(TENANTS, 3.5)
        days = (ENTRIES - e) * 1100 // ENTRIES
        status = "draft" if days < 20 and rng.random() < 0.1 else ("void" if rng.random() < 0.01 else "posted")
        d = "DATE('2026-12-01') - INTERVAL %d DAY" % days
        yield (str(e), str(t), q("%d" % (2026000000 + e)), d, q(status), q(rng.choice(["manual", "api", "import"])),
               str(rng.randrange(1, 5000)))


batches("journal_entries", "id, tenant_id, entry_no, entry_date, status, source, created_by", entry_rows())
# Two lines per entry, on accounts of the entry's tenant; the tenant's first accounts (bank,
# receivables) get most of them.
out.write("INSERT INTO journal_lines (entry_id, tenant_id, account_id, amount) "
          "SELECT e.id, e.tenant_id, e.tenant_id + %d * LEAST(99, FLOOR(POW(RAND(1), 4) * 100)), "
          "ROUND(RAND(2) * 1000, 2) FROM journal_entries e JOIN seq_1_to_2 s;\n" % TENANTS)
out.write("USE crm;\n")
batches("contacts", "id, crm_ref, company, vat_number, updated_at",
        ((str(c + 1), q("CRM-%06d" % c), q("Company %d" % c), q("DE%09d" % c),
          q("2026-12-01 09:%02d:00" % rng.randrange(60)) if rng.random() < 0.004 else
          q("2025-%02d-01 00:00:00" % rng.randrange(1, 13))) for c in range(0, CONTACTS)))
out.write("USE ledger;\n")
out.write("INSERT INTO audit_events (tenant_id, actor_id, action, object_type, object_id, created_at) "
          "SELECT 1 + seq %% %d, seq %% 5000, 'entry.post', 'journal_entry', seq, "
          "NOW() - INTERVAL seq MINUTE FROM seq_1_to_100000;\n" % TENANTS)
out.write("ANALYZE TABLE tenants, currencies, accounts, journal_entries, journal_lines, audit_events, "
          "crm.contacts PERSISTENT FOR ALL;\n")
