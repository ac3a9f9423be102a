#!/usr/bin/env python3
"""The online-DDL table (analyzer/online_ddl.tsv) says what the private MariaDB accepts.

For every `probe` line of the table, on fresh fixture tables, asks the server for the
operation with ALGORITHM=INSTANT, then NOCOPY, INPLACE, COPY, and takes the first it accepts;
then, with that algorithm, the weakest of LOCK=NONE, SHARED, EXCLUSIVE it accepts. The table's
row for the operation on this server's version (no conditions) must say exactly that, and
whether the table is rebuilt (INPLACE and COPY rebuild; INSTANT and NOCOPY do not).

Usage: online_ddl_test.py TABLE.tsv SOCKET
"""
import subprocess
import sys

FIXTURE = """
DROP DATABASE IF EXISTS ddl_probe; CREATE DATABASE ddl_probe; USE ddl_probe;
CREATE TABLE parent (id INT NOT NULL PRIMARY KEY) ENGINE=InnoDB;
INSERT INTO parent VALUES (1), (2);
CREATE TABLE t (id INT NOT NULL, a INT NULL, b VARCHAR(20) NOT NULL DEFAULT '', c VARCHAR(15) NULL,
  e ENUM('x','y') NOT NULL DEFAULT 'x', m VARCHAR(10) CHARACTER SET utf8mb3 NULL, g POINT NOT NULL,
  p INT NOT NULL, body TEXT, PRIMARY KEY (id), KEY ka (a), KEY kb (b), KEY kc (c),
  CONSTRAINT fk FOREIGN KEY (p) REFERENCES parent (id), CONSTRAINT chk CHECK (a > 0))
  ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 ROW_FORMAT=DYNAMIC;
INSERT INTO t VALUES (1, 1, 'a', 'c', 'x', 'm', POINT(1,1), 1, 'hello'),
  (2, 2, 'b', 'd', 'y', 'n', POINT(2,2), 2, 'world');
CREATE TABLE s (id INT NOT NULL PRIMARY KEY, v INT) ENGINE=InnoDB;
INSERT INTO s VALUES (1, 1);
CREATE TABLE s2 (id INT NOT NULL PRIMARY KEY, v VARCHAR(10)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO s2 VALUES (1, 'x');
CREATE TABLE nopk (id INT NOT NULL, v INT) ENGINE=InnoDB;
INSERT INTO nopk VALUES (1, 1);
CREATE TABLE u3 (id INT NOT NULL PRIMARY KEY, v VARCHAR(10)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3;
INSERT INTO u3 VALUES (1, 'x');
"""
ALGORITHMS = ["INSTANT", "NOCOPY", "INPLACE", "COPY"]
LOCKS = ["NONE", "SHARED", "EXCLUSIVE"]


def version_tuple(text):
    parts = (text.split("-")[0].split(".") + ["0", "0"])[:3]
    return tuple(int(p) for p in parts)


def main():
    table_path, socket = sys.argv[1], sys.argv[2]

    def run(sql):
        p = subprocess.run(["mariadb", "--no-defaults", "-S", socket, "-uroot", "-N", "-B"],
                           input=sql, text=True, capture_output=True)
        return p.returncode == 0, p.stdout.strip(), p.stderr.strip()

    ok, version, err = run("SELECT VERSION()")
    if not ok:
        print(f"no server: {err}")
        return 1
    server = version_tuple(version)
    rows, probes = {}, []
    for line in open(table_path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        f = line.split("\t")
        if f[0] == "probe":
            probes.append((f[1], f[2]))
            continue
        op, kind, since, when, algorithm, lock, rebuilds = f[:7]
        if kind != "mariadb" or when != "-" or version_tuple(since) > server:
            continue
        if op not in rows or version_tuple(since) >= rows[op][0]:
            rows[op] = (version_tuple(since), algorithm, lock, rebuilds)

    failed = 0
    for op, sql in probes:
        *setup, probed = sql.split(";")
        prefix = FIXTURE + "".join(s + ";\n" for s in setup)
        got, got_lock, why = None, None, ""
        for algorithm in ALGORITHMS:
            ok, _, err = run(prefix + f"{probed}, ALGORITHM={algorithm};")
            if ok:
                got = algorithm
                break
            why = err
        for lock in LOCKS if got else []:
            ok, _, _ = run(prefix + f"{probed}, ALGORITHM={got}, LOCK={lock};")
            if ok:
                got_lock = lock
                break
        row = rows.get(op)
        if row is None:
            print(f"FAILED: {op}: no mariadb row for {version} in the table")
            failed += 1
            continue
        want = (row[1], row[2], row[3])
        have = (got, got_lock, "yes" if got in ("INPLACE", "COPY") else "no")
        if want != have:
            print(f"FAILED: {op}: the table says ALGORITHM={want[0]}, LOCK={want[1]}, rebuilds "
                  f"{want[2]}; MariaDB {version} accepts ALGORITHM={have[0]}, LOCK={have[1]} "
                  f"({probed.strip()}){': ' + why if got is None else ''}")
            failed += 1
        else:
            print(f"ok: {op}: ALGORITHM={got}, LOCK={got_lock}")
    run("DROP DATABASE IF EXISTS ddl_probe")
    print(f"online DDL on MariaDB {version}: {len(probes) - failed} of {len(probes)} "
          f"operations as the table says")
    return 1 if failed or not probes else 0


if __name__ == "__main__":
    sys.exit(main())
