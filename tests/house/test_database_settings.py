"""Database settings read from the environment: in production (DEBUG off) connections are kept
for a minute and checked before reuse; DATABASE_REPLICA_URL adds the replica the public pages
read (tournament/web/replica.py)."""

import json
import os
import subprocess
import sys
from typing import Any

from django.conf import settings

READ = (
    "import django; django.setup(); from django.conf import settings; import json; "
    "print(json.dumps({'databases': {alias: {k: db.get(k) for k in "
    "('NAME', 'PORT', 'CONN_MAX_AGE', 'CONN_HEALTH_CHECKS')} "
    "for alias, db in settings.DATABASES.items()}, "
    "'public_reads': settings.PUBLIC_READS_DATABASE, 'routers': settings.DATABASE_ROUTERS}))"
)
PRODUCTION = {"DEBUG": "False", "SECRET_KEY": "x" * 50}
PRIMARY = "postgres://ingenious:secret@db.example:5432/ingenious"


def settings_under(**env: str) -> dict[str, Any]:
    environment = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DEBUG", "DATABASE_URL", "DATABASE_REPLICA_URL", "SECRET_KEY"}
    }
    environment |= {"DJANGO_SETTINGS_MODULE": "tournament.settings", **env}
    done = subprocess.run(
        [sys.executable, "-c", READ],
        cwd=settings.BASE_DIR,
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    )
    read: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return read


def test_production_keeps_connections_for_a_minute_and_checks_them_before_reuse() -> None:
    read = settings_under(**PRODUCTION, DATABASE_URL=PRIMARY)
    primary = read["databases"]["default"]
    assert primary["CONN_MAX_AGE"] == 60
    assert primary["CONN_HEALTH_CHECKS"] is True


def test_the_urls_conn_max_age_has_the_last_word() -> None:
    read = settings_under(**PRODUCTION, DATABASE_URL=f"{PRIMARY}?conn_max_age=0")
    assert read["databases"]["default"]["CONN_MAX_AGE"] == 0


def test_development_opens_a_connection_per_request() -> None:
    # runserver's thread per request would leave each kept connection open for nothing.
    read = settings_under(DEBUG="True", DATABASE_URL=PRIMARY)
    assert read["databases"]["default"]["CONN_MAX_AGE"] == 0  # Django's default
    assert read["databases"]["default"]["CONN_HEALTH_CHECKS"] is False


def test_without_a_replica_every_read_goes_to_the_one_database() -> None:
    read = settings_under(**PRODUCTION, DATABASE_URL=PRIMARY)
    assert set(read["databases"]) == {"default"}
    assert read["public_reads"] == ""


def test_database_replica_url_adds_the_replica_the_public_pages_read() -> None:
    read = settings_under(
        **PRODUCTION,
        DATABASE_URL=PRIMARY,
        DATABASE_REPLICA_URL="postgres://ingenious:secret@replica.example:5433/ingenious",
    )
    assert read["databases"]["replica"]["PORT"] == 5433
    assert read["databases"]["replica"]["CONN_MAX_AGE"] == 60
    assert read["databases"]["replica"]["CONN_HEALTH_CHECKS"] is True
    assert read["public_reads"] == "replica"
    assert read["routers"] == ["tournament.web.replica.PublicReadsRouter"]
