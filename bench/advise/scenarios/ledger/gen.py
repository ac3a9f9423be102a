#!/usr/bin/env python3
"""Writes slow.log for the ledger scenario: 15 minutes of a multi-tenant accounting service's
MariaDB, every statement logged (long_query_time = 0). See README.md for the workload and what a
DBA makes of it.

    python3 gen.py            # rewrites slow.log next to this file (same bytes every time)
"""

import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the scenarios
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from slowlog import Event, QueryClass, lognormal, scaled, sql_str, write, zipf_pick  # noqa: E402

SEED = 20261203

TENANTS = 300
ACCOUNTS = 500_000
ENTRIES = 20_000_000
LINES = 60_000_000
CONTACTS = 300_000
CURRENCIES = ["EUR", "USD", "GBP", "CHF", "SEK", "DKK", "PLN", "CZK", "JPY", "CAD"]


def tenant_entries(t):
    # A few enterprise tenants hold most of the entries.
    return int(ENTRIES * 0.25 / t ** 1.1)


def account_lines(a):
    # Bank, receivables and revenue accounts of big tenants collect hundreds of thousands of lines.
    if a <= 300:
        return int(120000 / a ** 0.9)
    return 15 + a % 400


def pick_tenant(rng):
    return zipf_pick(rng, TENANTS, 1.1)


def hexkey(rng, n=64):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


# --- journal_lines ----------------------------------------------------------------------------

def account_balance(rng):
    # The balance of an account, shown on every account page and by the API. idx_account finds
    # the account's lines, then each line is fetched from the clustered index for its amount.
    a = zipf_pick(rng, ACCOUNTS, 1.0)
    n = account_lines(a)
    sql = ("SELECT SUM(amount) FROM journal_lines WHERE tenant_id = %d AND account_id = %d"
           % (1 + a % TENANTS, a))
    return Event(sql, scaled(rng, 0.0000050, n, 0.0002), 1, n)


def trial_balance(rng):
    # The month's trial balance per account: the tenant's posted entries of the month
    # (idx_tenant_date), then their lines (idx_entry) and, for each line, the row itself for
    # account_id and amount: tens of thousands of random reads in a 60-million-row table.
    t = pick_tenant(rng)
    month = rng.randrange(1, 12)
    n_entries = max(50, tenant_entries(t) // 48)
    sql = ("SELECT l.account_id, SUM(l.amount) AS total FROM journal_entries e "
           "JOIN journal_lines l ON l.entry_id = e.id "
           "WHERE e.tenant_id = %d AND e.status = 'posted' "
           "AND e.entry_date BETWEEN '2026-%02d-01' AND LAST_DAY('2026-%02d-01') "
           "GROUP BY l.account_id" % (t, month, month))
    return Event(sql, scaled(rng, 0.0000160, n_entries * 4, 0.003), rng.randrange(40, 400),
                 n_entries * 4)


def entry_lines(rng):
    sql = ("SELECT l.account_id, l.amount, l.memo, a.code, a.name FROM journal_lines l "
           "JOIN accounts a ON a.id = l.account_id WHERE l.entry_id = %d" % rng.randrange(1, ENTRIES))
    k = rng.randrange(2, 6)
    return Event(sql, lognormal(rng, 0.0003 + 0.00008 * k), k, 2 * k)


def insert_lines(rng):
    k = rng.randrange(2, 5)
    e = ENTRIES + rng.randrange(50000)
    t = pick_tenant(rng)
    values = ", ".join("(%d, %d, %d, %s%d.%02d, 'EUR')" % (e, t, rng.randrange(1, ACCOUNTS),
                                                          "-" if i % 2 else "", rng.randrange(10, 90000),
                                                          rng.randrange(100)) for i in range(k))
    sql = "INSERT INTO journal_lines (entry_id, tenant_id, account_id, amount, currency) VALUES " + values
    return Event(sql, lognormal(rng, 0.0005 + 0.00012 * k), 0, 0, k)


# --- journal_entries --------------------------------------------------------------------------

def entry_list(rng):
    # The journal, newest first, for a date range: idx_tenant_date (with the primary key for
    # the tie-break) gives the order, 50 rows are read.
    t = pick_tenant(rng)
    d = rng.randrange(1, 28)
    sql = ("SELECT id, entry_no, entry_date, description, status FROM journal_entries "
           "WHERE tenant_id = %d AND entry_date BETWEEN '2026-11-%02d' AND '2026-11-30' "
           "ORDER BY entry_date DESC, id DESC LIMIT 50" % (t, d))
    return Event(sql, lognormal(rng, 0.0019), 50, 50)


def draft_count(rng):
    # The "drafts to review" badge on every page of the app. Neither idx_tenant_date (all the
    # tenant's entries) nor idx_status (the drafts of every tenant) finds them.
    t = pick_tenant(rng)
    n = min(tenant_entries(t), 100000)
    sql = ("SELECT COUNT(*) FROM journal_entries WHERE tenant_id = %d AND status = 'draft'" % t)
    return Event(sql, scaled(rng, 0.0000010, n, 0.0005), 1, n)


def entry_by_number(rng):
    # The import API looks an entry up by its number, sent as a JSON number: entry_no is
    # varchar, so the second column of uk_tenant_entry_no is converted and not searched.
    t = pick_tenant(rng)
    n = tenant_entries(t)
    sql = ("SELECT id, status, entry_date FROM journal_entries WHERE tenant_id = %d "
           "AND entry_no = %d" % (t, 2026000000 + rng.randrange(1, 999999)))
    return Event(sql, scaled(rng, 0.0000006, n, 0.0004), 1, n)


def period_close(rng):
    # The period-close check counts a month's entries by status, with YEAR() and MONTH() around
    # entry_date: idx_tenant_date is searched by tenant only, every entry of the tenant is read.
    t = pick_tenant(rng)
    n = tenant_entries(t)
    sql = ("SELECT status, COUNT(*) FROM journal_entries WHERE tenant_id = %d "
           "AND YEAR(entry_date) = 2026 AND MONTH(entry_date) = %d GROUP BY status"
           % (t, rng.randrange(1, 12)))
    return Event(sql, scaled(rng, 0.00000045, n, 0.0005), 3, n)


def import_check(rng):
    # A support script, 6 calls, for small tenants: 4 ms in all.
    t = rng.randrange(200, TENANTS)
    sql = ("SELECT id FROM journal_entries WHERE tenant_id = %d AND source = 'import' "
           "AND created_by = %d" % (t, rng.randrange(1, 5000)))
    return Event(sql, lognormal(rng, 0.0006, 0.15), 0, tenant_entries(t))


def insert_entry(rng):
    sql = ("INSERT INTO journal_entries (tenant_id, entry_no, entry_date, status, description, "
           "source, created_by, created_at) VALUES (%d, '%d', '2026-12-01', 'draft', %s, 'api', %d, NOW())"
           % (pick_tenant(rng), 2026000000 + rng.randrange(1, 999999),
              sql_str("Invoice %d" % rng.randrange(100000)), rng.randrange(1, 5000)))
    return Event(sql, lognormal(rng, 0.0006), 0, 0, 1)


def post_entry(rng):
    sql = ("UPDATE journal_entries SET status = 'posted', posted_at = NOW() WHERE id = %d"
           % (ENTRIES + rng.randrange(50000)))
    return Event(sql, lognormal(rng, 0.00045), 0, 1, 1)


# --- accounts, tenants, currencies, fx --------------------------------------------------------

def chart_of_accounts(rng):
    t = pick_tenant(rng)
    sql = ("SELECT id, code, name, type FROM accounts WHERE tenant_id = %d AND is_active = 1 "
           "ORDER BY code" % t)
    n = rng.randrange(80, 2500)
    return Event(sql, scaled(rng, 0.0000015, n, 0.0003), n, n)


def accounts_by_id(rng):
    ids = sorted({rng.randrange(1, ACCOUNTS) for _ in range(rng.randrange(2, 12))})
    sql = "SELECT id, code, name, currency FROM accounts WHERE id IN (%s)" % ", ".join(map(str, ids))
    return Event(sql, lognormal(rng, 0.00008 + 0.00002 * len(ids)), len(ids), len(ids))


def tenant_by_domain(rng):
    # White-label hosts resolve the tenant by domain on every request: 300 rows, no index.
    sql = ("SELECT id, slug, plan, status FROM tenants WHERE custom_domain = %s"
           % sql_str("books.client%d.example" % rng.randrange(1, 60)))
    return Event(sql, lognormal(rng, 0.00024, 0.25), 1, TENANTS)


def currencies(rng):
    codes = rng.sample(CURRENCIES, 2)
    sql = ("SELECT code, decimals FROM currencies WHERE code IN (%s)"
           % ", ".join(sql_str(c) for c in codes))
    return Event(sql, lognormal(rng, 0.00007), 2, 2)


def fx_rate(rng):
    b, qte = rng.sample(CURRENCIES, 2)
    sql = ("SELECT rate FROM fx_rates WHERE base = %s AND quote = %s AND rate_date <= '2026-11-%02d' "
           "ORDER BY rate_date DESC LIMIT 1" % (sql_str(b), sql_str(qte), rng.randrange(1, 31)))
    return Event(sql, lognormal(rng, 0.00013), 1, 1)


# --- api_keys and audit_events ----------------------------------------------------------------

def api_auth(rng):
    sql = ("SELECT id, tenant_id, scopes FROM api_keys WHERE key_hash = %s AND revoked_at IS NULL"
           % sql_str(hexkey(rng)))
    return Event(sql, lognormal(rng, 0.00009), 1, 1)


def audit_insert(rng):
    sql = ("INSERT INTO audit_events (tenant_id, actor_id, action, object_type, object_id, created_at, payload) "
           "VALUES (%d, %d, %s, 'journal_entry', %d, NOW(3), %s)"
           % (pick_tenant(rng), rng.randrange(1, 5000), sql_str(rng.choice(["entry.create", "entry.post", "entry.update"])),
              ENTRIES + rng.randrange(50000), sql_str('{"ip":"10.4.%d.%d"}' % (rng.randrange(256), rng.randrange(256)))))
    return Event(sql, lognormal(rng, 0.00032), 0, 0, 1)


def audit_feed(rng):
    sql = ("SELECT id, actor_id, action, object_type, object_id, created_at FROM audit_events "
           "WHERE tenant_id = %d ORDER BY created_at DESC LIMIT 50" % pick_tenant(rng))
    return Event(sql, lognormal(rng, 0.0016), 50, 50)


# --- crm.contacts (legacy utf8mb3) ------------------------------------------------------------

def income_accounts_with_contacts(rng):
    # Revenue per customer: a tenant's income accounts with their CRM company. accounts has the
    # filter (uk_tenant_code's tenant_id); contacts is joined by crm_ref, utf8mb3, converted to
    # utf8mb4 for the comparison with external_ref: uk_crm_ref cannot be searched, so MariaDB
    # reads all 300 000 contacts and probes accounts by idx_external_ref instead.
    t = pick_tenant(rng)
    sql = ("SELECT a.id, a.code, a.name, c.company, c.vat_number FROM accounts a "
           "JOIN crm.contacts c ON c.crm_ref = a.external_ref "
           "WHERE a.tenant_id = %d AND a.type = 'income'" % t)
    return Event(sql, scaled(rng, 0.0000040, CONTACTS, 0.01), rng.randrange(20, 300), CONTACTS * 2)


def crm_sync(rng):
    # The CRM sync job: contacts changed in the last minutes (idx_updated), each one's ledger
    # accounts by external_ref. contacts is read first; its crm_ref is converted once per row to
    # probe accounts.idx_external_ref, which stays searchable.
    sql = ("SELECT c.crm_ref, c.company, c.vat_number, a.id, a.tenant_id FROM crm.contacts c "
           "JOIN accounts a ON a.external_ref = c.crm_ref "
           "WHERE c.updated_at >= '2026-12-01 09:%02d:00'" % rng.randrange(45, 60))
    n = rng.randrange(20, 200)
    return Event(sql, scaled(rng, 0.00006, n, 0.0005), n, 2 * n)


CLASSES = [
    QueryClass("account_balance", 800, account_balance),
    QueryClass("trial_balance", 30, trial_balance, user="reports", hosts=("10.4.0.20",)),
    QueryClass("entry_lines", 500, entry_lines),
    QueryClass("insert_lines", 250, insert_lines),
    QueryClass("entry_list", 500, entry_list),
    QueryClass("draft_count", 300, draft_count),
    QueryClass("entry_by_number", 30, entry_by_number, user="import", hosts=("10.4.0.30",)),
    QueryClass("period_close", 40, period_close),
    QueryClass("import_check", 6, import_check, user="support", hosts=("10.4.0.40",)),
    QueryClass("insert_entry", 250, insert_entry),
    QueryClass("post_entry", 220, post_entry),
    QueryClass("chart_of_accounts", 300, chart_of_accounts),
    QueryClass("accounts_by_id", 400, accounts_by_id),
    QueryClass("tenant_by_domain", 1200, tenant_by_domain),
    QueryClass("currencies", 300, currencies),
    QueryClass("fx_rate", 400, fx_rate),
    QueryClass("api_auth", 900, api_auth),
    QueryClass("audit_insert", 700, audit_insert),
    QueryClass("audit_feed", 100, audit_feed),
    QueryClass("income_with_contacts", 12, income_accounts_with_contacts, user="reports",
               hosts=("10.4.0.20",)),
    QueryClass("crm_sync", 90, crm_sync, user="crmsync", hosts=("10.4.0.50",)),
]

if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    write(os.path.join(here, "slow.log"), "ledger", CLASSES, SEED)
