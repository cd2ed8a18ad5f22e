"""What an operator needs: the site refuses to start on a weak SECRET_KEY, every 500 reaches
stderr with its traceback and request id, and the services' writes log one key=value line."""

import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from tests.tournament.helpers import api_as, event_with_players
from tournament.entries.services import withdraw_entry
from tournament.logs import fields_text
from tournament.rounds.services import compute_draft, start_pairing

pytestmark = pytest.mark.usefixtures("tasks_in_process")

ROOT = Path(__file__).resolve().parents[2]
LONG_KEY = "k" * 20 + "-a-long-random-production-secret-" + "z" * 20


def run_python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    full_env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    full_env.update(DJANGO_SETTINGS_MODULE="tournament.settings", ALLOWED_HOSTS="testserver", **env)
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("key", ["", "   ", "short", "x" * 31])
def test_startup_refuses_an_empty_or_short_secret_key_with_debug_off(key: str) -> None:
    result = run_python("import django; django.setup()", DEBUG="False", SECRET_KEY=key)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "SECRET_KEY" in result.stderr and "at least 32" in result.stderr


def test_startup_takes_a_long_secret_key_and_any_key_in_debug() -> None:
    setup = "import django; django.setup()"
    assert run_python(setup, DEBUG="False", SECRET_KEY=LONG_KEY).returncode == 0
    assert run_python(setup, DEBUG="True", SECRET_KEY="").returncode == 0


# A view that fails, served through the whole middleware stack with DEBUG off.
FAILING_REQUEST = """
import sys, types
import django
django.setup()
from django.conf import settings
from django.test import Client
from django.urls import path

def broken(request):
    raise RuntimeError("the scorer fell over")

urls = types.ModuleType("broken_urls")
urls.urlpatterns = [path("broken/", broken)]
sys.modules["broken_urls"] = urls
settings.ROOT_URLCONF = "broken_urls"
response = Client(raise_request_exception=False).get(
    "/broken/", headers={"X-Request-ID": "req-42"}
)
print(response.status_code, response["X-Request-ID"])
"""


def test_a_500_goes_to_stderr_with_its_traceback_and_request_id_with_debug_off() -> None:
    result = run_python(FAILING_REQUEST, DEBUG="False", SECRET_KEY=LONG_KEY)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["500", "req-42"]
    assert "ERROR django.request [req-42] Internal Server Error: /broken/" in result.stderr
    assert "Traceback (most recent call last)" in result.stderr
    assert "RuntimeError: the scorer fell over" in result.stderr


@pytest.mark.django_db
def test_each_response_carries_a_request_id() -> None:
    client = Client()
    given = client.get("/", headers={"X-Request-ID": "tablet-7.abc"})
    assert given["X-Request-ID"] == "tablet-7.abc"
    made = client.get("/")["X-Request-ID"]
    assert len(made) == 32 and made != client.get("/")["X-Request-ID"]
    # A header that would break a log line is replaced, not copied.
    replaced = client.get("/", headers={"X-Request-ID": "a b\nforged=1"})["X-Request-ID"]
    assert len(replaced) == 32 and " " not in replaced


class Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def writes() -> Iterator[list[logging.LogRecord]]:
    from tournament.celery import app

    # The first task sent looks for the tasks modules, and Celery's Django fixup sets Django up
    # again, logging included, which drops handlers added before: look first, then listen.
    app.loader.import_default_modules()
    collect, logger = Collect(), logging.getLogger("tournament.writes")
    logger.addHandler(collect)
    yield collect.records
    logger.removeHandler(collect)


@pytest.mark.django_db
def test_service_writes_log_one_key_value_line_each(
    writes: list[logging.LogRecord], django_capture_on_commit_callbacks: Any
) -> None:
    event, director = event_with_players(4, rounds=3, director="td ann")
    round_ = start_pairing(event=event, user=director)
    compute_draft(round_.pk)
    round_.refresh_from_db()
    api = api_as(director)
    with django_capture_on_commit_callbacks(execute=True):
        published = api.post(f"/api/events/{event.slug}/rounds/1/publish/")
    assert published.status_code == 200, published.content
    board = round_.boards.order_by("number").first()
    assert board is not None
    response = api.patch(
        f"/api/events/{event.slug}/boards/{board.pk}/",
        {"result": "1-0", "first_lowest": 12, "second_lowest": 9, "replaces": 0},
        format="json",
    )
    assert response.status_code == 200, response.content
    entry = event.entries.order_by("starting_rank").last()
    assert entry is not None
    withdraw_entry(entry=entry, user=director)

    logged = [r.fields for r in writes]  # type: ignore[attr-defined]
    assert [line["what"] for line in logged] == ["round.publish", "result.set", "entry.withdraw"]
    publish, result, withdraw = logged
    assert publish == {"what": "round.publish", "event": event.pk, "round": 1, "user": "td ann"}
    assert (result["event"], result["round"], result["board"]) == (event.pk, 1, board.number)
    assert (result["old"], result["new"], result["user"]) == ("", "1-0", "td ann")
    assert withdraw["entry"] == entry.pk
    lines = [r.getMessage() for r in writes]
    assert lines[0] == f'what=round.publish event={event.pk} round=1 user="td ann"'
    assert lines[1].startswith(f"what=result.set event={event.pk} round=1 board={board.number}")
    assert 'old="" new=1-0' in lines[1]


def test_log_fields_stay_one_field_each() -> None:
    text = fields_text({"what": "x", "reason": 'said "no"\nthen=1', "n": None, "ok": "fine"})
    assert text == 'what=x reason="said \\"no\\"\\nthen=1" n=- ok=fine'
