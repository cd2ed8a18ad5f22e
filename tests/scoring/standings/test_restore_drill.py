"""The restore drill of docs/operations.md, run for real: a database with an event, its results
and the rating list is dumped with pg_dump, restored with pg_restore into a new database, and
the restored copy gives the same standings and the same rating checksum, both as stored and
as rebuilt from its results."""

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings
from django.db import connection

from scoring.ratings import services as ratings
from scoring.standings.checksums import checksums
from tests.factories import BoardFactory, EntryFactory, EventFactory, RoundFactory
from tournament.models.events import Result

# pg_dump sees committed rows only: a transactional test.
pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def small_event_with_ratings() -> str:
    """Two rounds of four players, every result in, the rating list rebuilt: its checksum."""
    event = EventFactory(name="Restore Drill Open", rounds=2)
    a, b, c, d = (EntryFactory(event=event, starting_rank=n) for n in range(1, 5))
    first = RoundFactory(event=event, number=1)
    BoardFactory(round=first, sides=[a, b], result=Result.FIRST_WINS)
    BoardFactory(round=first, sides=[c, d], result=Result.DRAW)
    second = RoundFactory(event=event, number=2)
    BoardFactory(round=second, sides=[a, c], result=Result.SECOND_WINS)
    BoardFactory(round=second, sides=[b, d], result=Result.FIRST_WINS)
    return ratings.rebuild_ratings()


def client_env() -> dict[str, str]:
    """The PostgreSQL client tools' connection, as the test database's user."""
    db = connection.settings_dict
    return {
        **os.environ,
        "PGHOST": str(db["HOST"] or "127.0.0.1"),
        "PGPORT": str(db["PORT"] or 5432),
        "PGUSER": str(db["USER"]),
        "PGPASSWORD": str(db["PASSWORD"]),
    }


def run(*command: str, env: dict[str, str]) -> str:
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"{command[0]}: {done.stderr}"
    return done.stdout


@pytest.fixture
def restored_name(postgres: None) -> Iterator[str]:
    """A new database's name, dropped afterwards whatever happens."""
    name = f"{connection.settings_dict['NAME']}_restored"
    env = client_env()
    run("dropdb", "--if-exists", name, env=env)
    yield name
    run("dropdb", "--if-exists", name, env=env)


def manage(command: str, database: str) -> str:
    """``manage.py command`` run on another database of the same server: its output."""
    db = connection.settings_dict
    url = (
        f"postgres://{quote(str(db['USER']))}:{quote(str(db['PASSWORD']))}"
        f"@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{database}"
    )
    manage_py = str(Path(settings.BASE_DIR) / "manage.py")
    return run(sys.executable, manage_py, command, env={**os.environ, "DATABASE_URL": url})


def test_a_dump_restored_into_a_new_database_gives_the_same_standings_and_ratings(
    restored_name: str, tmp_path: Path
) -> None:
    rebuilt = small_event_with_ratings()
    before = checksums()
    assert before["ratings"] == rebuilt  # the stored list is the one rebuild_ratings printed
    env = client_env()
    dump = tmp_path / "ingenious.dump"

    run(
        "pg_dump",
        "--format=custom",
        "--no-owner",
        f"--file={dump}",
        str(connection.settings_dict["NAME"]),
        env=env,
    )
    run("createdb", "--template=template0", restored_name, env=env)
    run(
        "pg_restore",
        "--no-owner",
        "--exit-on-error",
        f"--dbname={restored_name}",
        str(dump),
        env=env,
    )

    restored = manage("checksums", restored_name).split()
    assert dict(zip(restored[::2], restored[1::2], strict=True)) == before
    # Rebuilt from the restored results, the rating list is the same one again.
    rebuild = manage("rebuild_ratings", restored_name)
    assert rebuild.strip().endswith(f"checksum {rebuilt}")
