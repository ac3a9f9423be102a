#!/usr/bin/env bash
# End-to-end tests of what `qadvisor check` offers CI (docs/ci.md): paths relative to the git
# root in SARIF and Code Quality, SARIF fixes that apply, --docs-url, --changed-since on a
# temporary git repository, and the GitHub Action and pre-commit hook files against the CLI.
# Usage: ci_test.sh QADVISOR VALIDATE_SARIF SOURCE_DIR
set -uo pipefail
qadvisor=$1
validate_sarif=$2
src=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=../lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.com GIT_COMMITTER_NAME=t \
  GIT_COMMITTER_EMAIL=t@example.com GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
export GIT_CEILING_DIRECTORIES=$tmp  # no repository above the temporary one is ever found

# A repository: the schema at its root, scripts in a subdirectory.
repo=$tmp/repo
mkdir -p "$repo/db/migrations" "$repo/app"
cp "$src/tests/fixtures/check-repo/db/schema.sql" "$repo/db/schema.sql"
cat >"$repo/app/queries.sql" <<'SQL'
SELECT id, email FROM customers WHERE phone = 5551234;
INSERT INTO coupons VALUES ('SPRING24', 10);
SQL
printf 'CREATE TABLE tags (id INT PRIMARY KEY, name VARCHAR(64));\n' >"$repo/db/migrations/000_tags.sql"
printf 'UPDATE orders SET status = 1;\n' >"$repo/db/migrations/001_old.sql"
git -C "$repo" init -q -b main && git -C "$repo" add -A && git -C "$repo" commit -qm base

# SARIF from a subdirectory: paths relative to the repository root, the root as a file URI.
# (--workload: unused-index then judges the schema, so findings point into db/schema.sql too.)
check "SARIF from app/" bash -c "cd '$repo/app' && '$qadvisor' check --no-config --format sarif --schema ../db/schema.sql --workload queries.sql queries.sql ../db/migrations/001_old.sql >'$tmp/app.sarif'; [[ \$? -eq 1 ]]"
check "… GitHub accepts it" "$validate_sarif" "$tmp/app.sarif"
check "… result URIs are relative to the git root" json "$tmp/app.sarif" \
  "{l['physicalLocation']['artifactLocation']['uri'] for r in d['runs'][0]['results'] for l in r['locations']} == {'db/schema.sql', 'app/queries.sql', 'db/migrations/001_old.sql'}"
check "… with uriBaseId %SRCROOT%" json "$tmp/app.sarif" \
  "all(l['physicalLocation']['artifactLocation']['uriBaseId'] == '%SRCROOT%' for r in d['runs'][0]['results'] for l in r['locations'])"
root_uri="file://$(cd "$repo" && pwd -P)/"
check "… and %SRCROOT% is the root's file URI" json "$tmp/app.sarif" \
  "d['runs'][0]['originalUriBaseIds']['%SRCROOT%']['uri'] == '$root_uri'"
check "absolute paths under the root are relative too" bash -c "cd '$repo/app' && '$qadvisor' check --no-config --format sarif --schema '$repo/db/schema.sql' --workload '$repo/app/queries.sql' '$repo/app/queries.sql' >'$tmp/abs.sarif'; [[ \$? -eq 1 ]]"
check "… app/queries.sql" json "$tmp/abs.sarif" \
  "{r['locations'][0]['physicalLocation']['artifactLocation']['uri'] for r in d['runs'][0]['results']} == {'db/schema.sql', 'app/queries.sql'}"
mkdir -p "$tmp/plain"
cp "$repo/app/queries.sql" "$tmp/plain/"
check "outside a git repository the root is the working directory" bash -c "cd '$tmp/plain' && '$qadvisor' check --no-config --format sarif --schema '$repo/db/schema.sql' queries.sql >'$tmp/plain.sarif'; [[ \$? -eq 1 ]]"
check "… queries.sql under file://…/plain/" json "$tmp/plain.sarif" \
  "d['runs'][0]['originalUriBaseIds']['%SRCROOT%']['uri'] == 'file://$(cd "$tmp/plain" && pwd -P)/' and 'queries.sql' in {r['locations'][0]['physicalLocation']['artifactLocation']['uri'] for r in d['runs'][0]['results']}"

# SARIF fixes: only the in-place edits, and applying them gives the fixed statement.
check "fixes: implicit-conversion and insert-without-columns carry one" json "$tmp/app.sarif" \
  "sorted(r['ruleId'] for r in d['runs'][0]['results'] if 'fixes' in r) == ['implicit-conversion', 'insert-without-columns']"
check "… no other rule does (DDL to run elsewhere is no edit)" json "$tmp/app.sarif" \
  "all('fixes' not in r for r in d['runs'][0]['results'] if r['ruleId'] in ('dml-without-where', 'missing-index'))"
cat >"$tmp/apply.py" <<'PY'
# Applies every SARIF fix to a copy of its file (ASCII lines: UTF-16 columns are bytes).
import json, sys
log, root, out = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3]
files = {}
for r in log["runs"][0]["results"]:
    for fix in r.get("fixes", []):
        for change in fix["artifactChanges"]:
            path = root + "/" + change["artifactLocation"]["uri"]
            lines = files.setdefault(path, open(path).read().split("\n"))
            for rep in change["replacements"]:
                reg = rep["deletedRegion"]
                line = lines[reg["startLine"] - 1]
                s, e = reg["startColumn"] - 1, reg["endColumn"] - 1
                lines[reg["startLine"] - 1] = line[:s] + rep["insertedContent"]["text"] + line[e:]
for path, lines in files.items():
    open(out, "w").write("\n".join(lines))
PY
check "… applied to app/queries.sql" python3 "$tmp/apply.py" "$tmp/app.sarif" "$repo" "$tmp/fixed.sql"
check "… quotes the number and names the columns" diff -u - "$tmp/fixed.sql" <<'SQL'
SELECT id, email FROM customers WHERE phone = '5551234';
INSERT INTO coupons (`code`, `percent_off`) VALUES ('SPRING24', 10);
SQL
check "… and the fixed file has neither finding" bash -c "cd '$repo' && '$qadvisor' check --no-config --format json --schema db/schema.sql '$tmp/fixed.sql' >'$tmp/fixed.json'; true"
check "… (checked)" json "$tmp/fixed.json" \
  "not {'implicit-conversion', 'insert-without-columns'} & {f['rule'] for f in d['findings']}"
printf 'SELECT id FROM customers WHERE phone = 5.5e3;\nSELECT id FROM customers WHERE phone IN (1, 2);\n' >"$repo/app/nofix.sql"
check "a decimal or an IN list gets no edit" bash -c "cd '$repo' && '$qadvisor' check --no-config --format sarif --schema db/schema.sql app/nofix.sql >'$tmp/nofix.sarif'; true"
check "… (no fixes)" json "$tmp/nofix.sarif" "d['runs'][0]['results'] and not any('fixes' in r for r in d['runs'][0]['results'])"
rm "$repo/app/nofix.sql"

# Code Quality: GitLab's required fields, paths relative to the root.
check "codeclimate from app/" bash -c "cd '$repo/app' && '$qadvisor' check --no-config --format codeclimate --schema ../db/schema.sql --workload queries.sql queries.sql ../db/migrations/001_old.sql >'$tmp/cq.json'; [[ \$? -eq 1 ]]"
check "… an array of issues with GitLab's required fields" json "$tmp/cq.json" \
  "isinstance(d, list) and d and all({'description','check_name','fingerprint','severity','location'} <= set(i) and isinstance(i['location']['path'], str) and i['location']['lines']['begin'] >= 1 for i in d)"
check "… root-relative paths" json "$tmp/cq.json" \
  "{i['location']['path'] for i in d} == {'db/schema.sql', 'app/queries.sql', 'db/migrations/001_old.sql'}"
check "… GitLab's severities" json "$tmp/cq.json" \
  "{i['severity'] for i in d} <= {'info','minor','major','critical','blocker'} and any(i['check_name'] == 'dml-without-where' and i['severity'] == 'major' for i in d)"
check "… unique fingerprints" json "$tmp/cq.json" "len({i['fingerprint'] for i in d}) == len(d)"

# --docs-url: every format's rule links.
url='https://docs.example.com/qadvisor/{rule}.html'
for format in sarif codeclimate github markdown; do
  check "--docs-url in $format" bash -c "cd '$repo' && '$qadvisor' check --no-config --format $format --docs-url '$url' --schema db/schema.sql app/queries.sql >'$tmp/docs.$format'; [[ \$? -eq 1 ]]"
  check "… links the rule page" grep -q "https://docs.example.com/qadvisor/implicit-conversion.html" "$tmp/docs.$format"
  check "… and not the default" bash -c "! grep -q 'github.com/qadvisor/qadvisor/blob' '$tmp/docs.$format'"
done
check "SARIF helpUri of every rule" json "$tmp/docs.sarif" \
  "all(r['helpUri'] == 'https://docs.example.com/qadvisor/' + r['id'] + '.html' for r in d['runs'][0]['tool']['driver']['rules'])"
check "--docs-url without {rule}: URL/ID.md" bash -c "cd '$repo' && '$qadvisor' check --no-config --format sarif --docs-url https://x.example/rules --schema db/schema.sql app/queries.sql >'$tmp/docs2.sarif'; true"
check "… with the slash added" json "$tmp/docs2.sarif" \
  "d['runs'][0]['tool']['driver']['rules'][0]['helpUri'] == 'https://x.example/rules/' + d['runs'][0]['tool']['driver']['rules'][0]['id'] + '.md'"

# --changed-since: a branch changes one migration, adds one, leaves queries.sql alone.
git -C "$repo" checkout -q -b feature
printf 'UPDATE orders SET total = 0;\n' >>"$repo/db/migrations/001_old.sql"
git -C "$repo" commit -qam "change a migration"
git -C "$repo" checkout -q main
printf '\nUPDATE customers SET name = 1;\n' >>"$repo/app/queries.sql"  # main moves on
git -C "$repo" commit -qam "main moves on"
git -C "$repo" checkout -q feature
printf 'DELETE FROM tags;\n' >"$repo/db/migrations/002_new.sql"   # untracked, on an unchanged file's table
all=(--no-config --format json --schema db/schema.sql db/migrations/000_tags.sql app/queries.sql
  db/migrations/001_old.sql db/migrations/002_new.sql)
check "--changed-since main" bash -c "cd '$repo' && '$qadvisor' check --changed-since main ${all[*]} >'$tmp/changed.json'; [[ \$? -eq 1 ]]"
check "… only the changed and the untracked file" json "$tmp/changed.json" \
  "{f['location']['file'] for f in d['findings']} == {'db/migrations/001_old.sql', 'db/migrations/002_new.sql'}"
check "… the others are counted" json "$tmp/changed.json" "d['suppressed']['unchanged'] >= 2"
check "… while the schema still comes from every file (tags, from an unchanged one)" json "$tmp/changed.json" \
  "any(f['rule'] == 'dml-without-where' and f['table'].endswith('tags') for f in d['findings']) and not any(f['rule'] in ('unknown-table', 'schema-error') for f in d['findings'])"
check "--changed-since from a subdirectory, SARIF" bash -c "cd '$repo/db' && '$qadvisor' check --no-config --changed-since main --format sarif --schema schema.sql ../app/queries.sql migrations/001_old.sql >'$tmp/changed.sarif'; [[ \$? -eq 1 ]]"
check "… db/migrations/001_old.sql only" json "$tmp/changed.sarif" \
  "{r['locations'][0]['physicalLocation']['artifactLocation']['uri'] for r in d['runs'][0]['results']} == {'db/migrations/001_old.sql'}"
git -C "$repo" stash -q -u
check "an unchanged branch: no findings, exit 0" bash -c "cd '$repo' && '$qadvisor' check --changed-since HEAD --no-config --schema db/schema.sql app/queries.sql >'$tmp/out'"
check "… the summary says why" grep -q "in unchanged files" "$tmp/out"
git -C "$repo" stash pop -q >/dev/null
check "an uncommitted edit counts as changed" bash -c "cd '$repo' && printf 'DELETE FROM orders;\n' >>app/queries.sql && '$qadvisor' check --changed-since HEAD --no-config --format json --schema db/schema.sql app/queries.sql >'$tmp/dirty.json'; [[ \$? -eq 1 ]]"
check "… reported" json "$tmp/dirty.json" "any(f['location']['file'] == 'app/queries.sql' for f in d['findings'])"
git -C "$repo" checkout -q -- app/queries.sql
check "an unknown ref: exit 2" bash -c "cd '$repo' && '$qadvisor' check --changed-since no-such-branch --no-config app/queries.sql 2>'$tmp/err'; [[ \$? -eq 2 ]]"
check "… says so" grep -q "^qadvisor: --changed-since: 'no-such-branch' is no commit git knows" "$tmp/err"
check "not in a git repository: exit 2" bash -c "cd '$tmp/plain' && '$qadvisor' check --changed-since main --no-config queries.sql 2>'$tmp/err'; [[ \$? -eq 2 ]]"
check "… says so" grep -q "^qadvisor: --changed-since: .* is not in a git repository" "$tmp/err"

# The action's own check step, run as the runner runs it (bash -eo pipefail, inputs in the
# environment) in the repository, with this build as the qadvisor it built.
python3 -c "import sys, yaml; print(next(s['run'] for s in yaml.safe_load(open(sys.argv[1]))['runs']['steps'] if s.get('id') == 'check'))" \
  "$src/action.yml" >"$tmp/step.sh"
: >"$tmp/github_output"
: >"$tmp/summary.md"
run_step() {  # run_step PATHS SCHEMA CHANGED_SINCE ARGS
  (cd "$repo" && QADVISOR=$qadvisor INPUT_PATHS=$1 INPUT_SCHEMA=$2 INPUT_FAIL_ON=error \
    INPUT_CHANGED_SINCE=$3 INPUT_ARGS=$4 INPUT_SARIF_FILE=$tmp/action.sarif INPUT_ANNOTATIONS=true \
    GITHUB_OUTPUT=$tmp/github_output GITHUB_STEP_SUMMARY=$tmp/summary.md \
    bash --noprofile --norc -eo pipefail "$tmp/step.sh")
}
check "the action's check step (globs, schema, args)" bash -c "$(declare -f run_step); tmp='$tmp' repo='$repo' qadvisor='$qadvisor' run_step 'app/*.sql db/**/0*.sql' db/schema.sql '' '--no-config --disable select-star' >'$tmp/step.out'"
check "… records exit code 1 (findings) without failing the step" grep -qx "exit-code=1" "$tmp/github_output"
check "… writes SARIF GitHub accepts" "$validate_sarif" "$tmp/action.sarif"
check "… with every matched file's findings" json "$tmp/action.sarif" \
  "{'app/queries.sql', 'db/migrations/001_old.sql', 'db/migrations/002_new.sql'} <= {r['locations'][0]['physicalLocation']['artifactLocation']['uri'] for r in d['runs'][0]['results']}"
check "… prints annotations" grep -q "^::error file=db/migrations/001_old.sql,line=1" "$tmp/step.out"
check "… and the job summary" grep -q "^# qadvisor check" "$tmp/summary.md"
check "… names the SARIF file" grep -qx "sarif-file=$tmp/action.sarif" "$tmp/github_output"
: >"$tmp/github_output"
check "the check step with changed-since main" bash -c "$(declare -f run_step); tmp='$tmp' repo='$repo' qadvisor='$qadvisor' run_step 'app/queries.sql' db/schema.sql main '--no-config' >'$tmp/step.out'"
check "… nothing changed in app/queries.sql: exit code 0" grep -qx "exit-code=0" "$tmp/github_output"

# The GitHub Action, its example workflow and the pre-commit hook, against the CLI.
"$qadvisor" check --help >"$tmp/help.txt" 2>&1
check "action.yml, examples/github-workflow.yml and .pre-commit-hooks.yaml agree with the CLI" \
  python3 "$src/tests/cli/ci_files_test.py" "$src" "$tmp/help.txt"

finish "ci"
