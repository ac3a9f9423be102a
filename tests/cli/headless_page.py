#!/usr/bin/env python3
"""Opens one page in headless Chromium and reports what went wrong while it loaded.

Drives Chromium over the DevTools protocol on a pipe (--remote-debugging-pipe: commands on
fd 3, events on fd 4, each message JSON ended by a NUL byte), so no port is opened and no
third-party package is needed. It listens, from before navigation until the load event plus
a short settle time, for:

  console    Runtime.consoleAPICalled of type error, warning or assert
  exception  Runtime.exceptionThrown (uncaught exceptions)
  log        Log.entryAdded of level error or warning (failed loads, invalid SVG attributes,
             security and intervention messages: what the DevTools console shows in red or
             yellow that the page did not print itself)
  request    Network.requestWillBeSent for any URL other than the page itself and data: URLs
             (a report must be self-contained: a file next to it counts too)

Prints one line per problem and exits 1 if there was any, 0 if none, 2 if Chromium could not
be driven (not found, crashed, timed out). With --eval, also evaluates a JavaScript expression
in the loaded page (after the listening is over, so its own errors are not counted) and writes
its value as JSON to --eval-out (default: standard output, after the problems).

Names resolve to nothing (--host-resolver-rules), so a page that tries to reach the network
fails fast instead of reaching it.

Usage: headless_page.py [--chromium PATH] [--timeout SECONDS] [--window-size W,H]
                        [--eval EXPR [--eval-out FILE]] FILE_OR_URL
"""
import argparse
import fcntl
import json
import os
import pathlib
import select
import shutil
import subprocess
import sys
import tempfile
import time

FLAGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
    "--no-first-run", "--no-default-browser-check", "--disable-extensions",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND", "--remote-debugging-pipe"
]


class Browser:
    """One Chromium process and the two pipe ends that talk to it."""

    def __init__(self, chromium, window_size, profile, deadline, log):
        read_end, self.to_chrome = os.pipe()
        self.from_chrome, write_end = os.pipe()
        # Chromium reads commands on fd 3 and writes to fd 4. bash (dash takes one-digit fds
        # only) moves the pipe ends there from 10 and up, so one cannot overwrite the other.
        child_r = fcntl.fcntl(read_end, fcntl.F_DUPFD, 10)
        child_w = fcntl.fcntl(write_end, fcntl.F_DUPFD, 10)
        for fd in (read_end, write_end):
            os.close(fd)
        self.proc = subprocess.Popen(
            ["bash", "-c", f'exec "$@" 3<&{child_r} 4>&{child_w} {child_r}<&- {child_w}>&-',
             "bash", chromium, *FLAGS, f"--window-size={window_size}", f"--user-data-dir={profile}",
             "about:blank"],
            stdin=subprocess.DEVNULL, stdout=log, stderr=log,
            pass_fds=(child_r, child_w))
        os.close(child_r)
        os.close(child_w)
        self.deadline = deadline
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        return self.next_id

    def receive(self, until):
        """Reads messages until `until(message)` is true or the time is up; keeps events."""
        while True:
            while b"\0" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\0", 1)
                message = json.loads(raw)
                if "method" in message:
                    self.events.append(message)
                if until(message):
                    return message
            left = self.deadline - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([self.from_chrome], [], [], left)
            if not ready:
                return None
            chunk = os.read(self.from_chrome, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed the DevTools pipe (did it crash?)")
            self.buffer += chunk

    def call(self, method, params=None, session=None):
        sent = self.send(method, params, session)
        reply = self.receive(lambda m: m.get("id") == sent)
        if reply is None:
            raise RuntimeError(f"no reply to {method} in time")
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply.get("result", {})

    def close(self):
        try:
            self.send("Browser.close")
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


def problems(events, page_url):
    for e in events:
        method, p = e["method"], e.get("params", {})
        if method == "Runtime.consoleAPICalled" and p.get("type") in ("error", "warning", "assert"):
            text = " ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", []))
            yield f"console.{p['type']}: {text}"
        elif method == "Runtime.exceptionThrown":
            d = p.get("exceptionDetails", {})
            text = (d.get("exception", {}).get("description") or d.get("text", "")).split("\n")[0]
            yield f"uncaught exception: {text} (line {d.get('lineNumber', 0) + 1})"
        elif method == "Log.entryAdded" and p["entry"].get("level") in ("error", "warning"):
            entry = p["entry"]
            where = f" [{entry['url']}]" if entry.get("url") else ""
            yield f"log {entry['level']} ({entry.get('source')}): {entry.get('text')}{where}"
        elif method == "Network.requestWillBeSent":
            url = p["request"]["url"]
            if url != page_url and not url.startswith("data:"):
                yield f"network request: {url}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("--timeout", type=float, default=30)
    parser.add_argument("--window-size", default="1280,2200", metavar="W,H")
    parser.add_argument("--eval", metavar="EXPR")
    parser.add_argument("--eval-out", metavar="FILE")
    parser.add_argument("page")
    args = parser.parse_args()
    page = args.page if "://" in args.page else pathlib.Path(args.page).resolve().as_uri()

    deadline = time.monotonic() + args.timeout
    with tempfile.TemporaryDirectory(prefix="qadvisor-chromium-") as profile, \
            tempfile.TemporaryFile("w+") as log:
        try:
            browser = Browser(args.chromium, args.window_size, profile, deadline, log)
        except OSError as e:
            print(f"cannot start {args.chromium}: {e}", file=sys.stderr)
            return 2
        try:
            target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
            session = browser.call("Target.attachToTarget", {"targetId": target,
                                                             "flatten": True})["sessionId"]
            for domain in ("Runtime", "Log", "Network", "Page"):
                browser.call(f"{domain}.enable", session=session)
            navigated = browser.call("Page.navigate", {"url": page}, session=session)
            if navigated.get("errorText"):  # else the error page would be checked instead
                raise RuntimeError(f"cannot open {page}: {navigated['errorText']}")
            loaded = browser.receive(lambda m: m.get("method") == "Page.loadEventFired" and
                                     m.get("sessionId") == session)
            if loaded is None:
                raise RuntimeError(f"the page did not finish loading in {args.timeout:g} s")
            # Late work (timers, deferred scripts) reports within a moment of the load event.
            browser.deadline = min(deadline, time.monotonic() + 0.5)
            browser.receive(lambda m: False)
            heard = [e for e in browser.events if e.get("sessionId") == session]
            value = None
            if args.eval:
                browser.deadline = deadline
                result = browser.call("Runtime.evaluate", {"expression": args.eval,
                                                           "returnByValue": True}, session=session)
                if "exceptionDetails" in result:
                    raise RuntimeError(f"--eval threw: {result['exceptionDetails'].get('text')}")
                value = result["result"].get("value")
        except RuntimeError as e:
            browser.close()
            log.seek(0)
            tail = [l for l in log.read().splitlines() if "dbus" not in l][-15:]
            print(f"chromium: {e}", *tail, sep="\n  ", file=sys.stderr)
            return 2
        browser.close()
    found = list(problems(heard, page))
    for line in found:
        print(line)
    if args.eval:
        if args.eval_out:
            with open(args.eval_out, "w") as out:
                json.dump(value, out)
        else:
            print(json.dumps(value))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
