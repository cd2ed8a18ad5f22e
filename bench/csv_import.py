"""The cost of a players CSV import against a large registry.

Builds a registry of ``--registry`` players (20,000 by default), then imports ``--rows`` rows
(500 by default; every other row names a registry player, in other letter case) into a new
event, and prints the time, the queries and how long the event's row lock was held.

Run: `.venv/bin/python bench/csv_import.py` (SQLite in a scratch file), or with
`DATABASE_URL=postgres://...` to measure on PostgreSQL (in a scratch database
`test_csv_import_bench`, created and dropped by the script).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
    scratch = Path(tempfile.mkdtemp(prefix="csv-import-"))
    os.environ["DATABASE_URL"] = f"sqlite:///{scratch / 'db.sqlite3'}"
os.environ.pop("REDIS_URL", None)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from tournament.entries.services import import_players_csv  # noqa: E402
from tournament.models.events import Event, EventRole, Player  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--registry", type=int, default=20_000)
    parser.add_argument("--rows", type=int, default=500)
    args = parser.parse_args()
    connection.settings_dict.setdefault("TEST", {})["NAME"] = "test_csv_import_bench"
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        run(args.registry, args.rows)
    finally:
        connection.creation.destroy_test_db("test_csv_import_bench", verbosity=0)


def run(registry: int, rows: int) -> None:
    Player.objects.bulk_create(
        Player(name=f"Registry Player {n:06d}", club=f"Club {n % 97}", rating=1000 + n % 900)
        for n in range(registry)
    )
    director = get_user_model().objects.create_user("td", password="x")
    event = Event.objects.create(
        name="Bench", slug="bench", start_date="2026-08-20", end_date="2026-08-20"
    )
    EventRole.objects.create(event=event, user=director, role=EventRole.Role.DIRECTOR)
    lines = ["name,club,rating"]
    for n in range(rows):
        if n % 2 == 0:  # a registry player, written in other letter case
            k = n * (registry // max(rows, 1))
            lines.append(f"registry player {k:06d},CLUB {k % 97},")
        else:
            lines.append(f"New Player {n:06d},Bench Club,{1500 + n % 400}")
    text = "\n".join(lines) + "\n"
    with CaptureQueriesContext(connection) as queries:
        start = time.perf_counter()
        entries = import_players_csv(event=event, user=director, text=text)
        elapsed = time.perf_counter() - start
    locked_at = next(
        (i for i, q in enumerate(queries.captured_queries) if "FOR UPDATE" in q["sql"]), None
    )
    print(f"database: {connection.vendor}; registry: {registry} players; rows: {rows}")
    reused = registry + rows - Player.objects.count()
    print(
        f"imported {len(entries)} entries ({reused} registry players reused) in "
        f"{elapsed * 1000:.0f} ms"
    )
    print(f"  {elapsed * 1000 / rows:.2f} ms a row; {len(queries)} queries")
    if locked_at is not None:
        held = sum(float(q["time"]) for q in queries.captured_queries[locked_at:])
        print(f"  queries under the event lock: {len(queries) - locked_at}, {held * 1000:.0f} ms")


if __name__ == "__main__":
    main()
