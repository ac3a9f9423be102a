"""Checks the CI integration files against the CLI: action.yml (a composite action), the
example workflow that uses it, and .pre-commit-hooks.yaml. Every input the action refers to is
declared, every declared input is used, every `qadvisor check` option they pass exists in
`qadvisor check --help`, and the example passes only inputs the action has (all required ones
included). Usage: ci_files_test.py SOURCE_DIR HELP_TEXT_FILE
"""
import re
import sys

import yaml

src, help_file = sys.argv[1], sys.argv[2]
help_text = open(help_file).read()
cli_options = set(re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*)", help_text)) | set(
    re.findall(r"(?<![\w-])(-[a-z])\b", help_text))
failures = []


def fail(message):
    failures.append(message)


def options_in(command):
    """The options a qadvisor command line in a shell script passes."""
    return set(re.findall(r"(?<![\w$-])(--[a-z][a-z0-9-]*|-o)(?=[\s=\"]|$)", command))


# --- action.yml -----------------------------------------------------------------------------
action_text = open(f"{src}/action.yml").read()
action = yaml.safe_load(action_text)
inputs = action.get("inputs") or {}
if action.get("runs", {}).get("using") != "composite":
    fail("action.yml: runs.using is not composite")
steps = action["runs"]["steps"]
referenced = set(re.findall(r"inputs\.([A-Za-z0-9_-]+)", action_text))
for name in sorted(referenced - set(inputs)):
    fail(f"action.yml refers to inputs.{name}, which it does not declare")
for name in sorted(set(inputs) - referenced):
    fail(f"action.yml declares input {name} but never uses it")
for name, spec in inputs.items():
    if not spec.get("description"):
        fail(f"action.yml: input {name} has no description")
step_ids = {s.get("id") for s in steps if s.get("id")}
for ref in set(re.findall(r"steps\.([A-Za-z0-9_-]+)\.", action_text)):
    if ref not in step_ids:
        fail(f"action.yml refers to steps.{ref}, which no step is")
for step in steps:
    if "run" in step and "shell" not in step:
        fail(f"action.yml: step '{step.get('name')}' runs a script without a shell (composite actions need one)")
    if "run" in step and "${{" in step["run"]:
        fail(f"action.yml: step '{step.get('name')}' pastes an expression into its script (use env)")
commands = []
for step in steps:
    for line in step.get("run", "").replace("\\\n", " ").splitlines():
        if re.search(r'"\$QADVISOR" check\b', line):
            commands.append(line)
if not commands:
    fail("action.yml runs no `qadvisor check`")
passed = set()
for command in commands:
    passed |= options_in(command)
for step in steps:  # options the action builds into arrays: options+=(--schema "$s")
    passed |= set(re.findall(r"options\+?=\(\s*(--[a-z][a-z0-9-]*)", step.get("run", "")))
    passed |= set(re.findall(r"options=\((--[a-z][a-z0-9-]*)", step.get("run", "")))
for option in sorted(passed - cli_options):
    fail(f"action.yml passes {option}, which `qadvisor check --help` does not list")
for format_name in re.findall(r"--format (\w+)", " ".join(commands)):
    if format_name not in help_text:
        fail(f"action.yml asks for --format {format_name}, which the help does not list")
for needed in ("--format sarif", "--format github"):
    if needed not in " ".join(commands):
        fail(f"action.yml does not run check with {needed}")
if not any(s.get("uses", "").startswith("github/codeql-action/upload-sarif@") for s in steps):
    fail("action.yml does not upload SARIF")

# --- examples/github-workflow.yml -----------------------------------------------------------
workflow = yaml.safe_load(open(f"{src}/examples/github-workflow.yml"))
uses_action = [
    step for job in workflow["jobs"].values() for step in job["steps"]
    if re.fullmatch(r"qadvisor/qadvisor@\S+", step.get("uses", ""))
]
if len(uses_action) != 1:
    fail("examples/github-workflow.yml: no single step uses qadvisor/qadvisor@…")
for step in uses_action:
    given = set((step.get("with") or {}).keys())
    for name in sorted(given - set(inputs)):
        fail(f"examples/github-workflow.yml passes '{name}', which action.yml does not declare")
    for name, spec in inputs.items():
        if spec.get("required") and name not in given:
            fail(f"examples/github-workflow.yml does not pass the required input '{name}'")
    for option in options_in(str((step.get("with") or {}).get("args", ""))) - cli_options:
        fail(f"examples/github-workflow.yml: args has {option}, which check does not have")
if "security-events" not in str(workflow.get("permissions", "")) + str(workflow["jobs"]):
    fail("examples/github-workflow.yml does not grant security-events: write for the upload")
if (True in workflow and "on" not in workflow):  # PyYAML reads the key `on` as True
    workflow["on"] = workflow.pop(True)
if "pull_request" not in (workflow.get("on") or {}):
    fail("examples/github-workflow.yml does not run on pull requests")

# --- .pre-commit-hooks.yaml -----------------------------------------------------------------
hooks = yaml.safe_load(open(f"{src}/.pre-commit-hooks.yaml"))
hook = next((h for h in hooks if h.get("id") == "qadvisor-check"), None)
if hook is None:
    fail(".pre-commit-hooks.yaml has no hook qadvisor-check")
else:
    if hook.get("language") != "system":
        fail(".pre-commit-hooks.yaml: qadvisor-check is not language: system")
    entry = hook.get("entry", "").split()
    if entry[:2] != ["qadvisor", "check"]:
        fail(".pre-commit-hooks.yaml: the entry is not `qadvisor check`")
    for option in options_in(" ".join(entry[2:] + [str(a) for a in hook.get("args", [])])):
        if option not in cli_options:
            fail(f".pre-commit-hooks.yaml passes {option}, which check does not have")
    files = re.compile(hook.get("files", ""))
    if not files.search("db/migrations/001_init.sql") or files.search("README.md"):
        fail(".pre-commit-hooks.yaml: files does not select exactly the .sql files")
    if not hook.get("require_serial"):
        fail(".pre-commit-hooks.yaml: without require_serial, pre-commit splits the files "
             "across processes and migrations are no longer read in order")

for message in failures:
    print(message)
sys.exit(1 if failures else 0)
