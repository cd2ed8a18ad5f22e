"""Build the demo data and a seeded festival on a fresh database, deterministically, play a few
rounds of results through the API, and write every event's standings, crosstable and exports to
files: ``python tests/tournament/migration/golden/make_golden.py OUTDIR``.

It runs on the code from before the seats became the only truth (commit 055c7bc, which wrote
the golden files next to this script) and on today's code (tests/tournament/migration/
test_golden.py compares the two byte for byte). So it reads boards only through what both have
(``Board.seats``) and writes through stable doors: the seeding commands, the pairing services
and the board API's documented ``PATCH`` (``result``, ``first_lowest``, ``second_lowest``,
``levels``).

Deterministic: a fresh SQLite database (ids follow the order of creation), a frozen clock
(time-machine), fixed seeds, reportlab's invariant mode (no creation date or random id in PDFs).
"""

from __future__ import annotations

import os
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[4]
FROZEN = datetime(2026, 7, 4, 9, 30, tzinfo=UTC)
DIRECTOR = "director"
FESTIVAL_NAME = "Golden Festival"
FESTIVAL_EVENTS = 2
FESTIVAL_PLAYERS = 9
SEED = 7
ROUNDS = 3  # rounds with results per event (the demo MSO event's round 1 included)
TEAM_PLAYERS = [
    ("Ines Silva", "Lisbon", "POR", 1810, "Rafael Novak", "Lisbon", "POR", 1750),
    ("Mei Chen", "Oxford", "ENG", 1900, "Anders Berg", "Oxford", "SWE", ""),
    ("Zofia Mensah", "Warsaw", "POL", 1660, "Kwame Rossi", "Warsaw", "GHA", 1700),
    ("Lucia Iyer", "Milano", "ITA", "", "Arjun Jensen", "Milano", "IND", 1620),
    ("Freya Garcia", "Dublin", "IRL", 1580, "Mateo Sato", "Dublin", "ESP", 1590),
]


def _setup(database: Path) -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "tournament.settings"
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    for name in ("REDIS_URL", "CELERY_BROKER_URL"):
        os.environ.pop(name, None)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from reportlab import rl_config

    rl_config.invariant = 1


def _pair_levels(board: int, round_: int) -> tuple[str, int | None, int | None]:
    """A two-sided board's result and its sides' lowest levels, fixed by its number and round:
    wins both ways, draws, a game without levels and a forfeit."""
    kind = (board * 7 + round_ * 3) % 6
    if kind == 0:
        return "1/2-1/2", 9 + board % 4, 9 + board % 4
    if kind in (1, 2):
        return "1-0", 11 + kind + board % 3, 6 + kind
    if kind in (3, 4):
        return "0-1", 5 + kind % 2, 13 + board % 4
    if board % 2:
        return "1-0", None, None
    return "+/-", None, None


def _table_levels(board: int, round_: int, seats: int) -> list[list[int]]:
    """Per seat: lowest and next lowest, a tie on the lowest at every other table."""
    levels = []
    for seat in range(seats):
        lowest = 4 + (board * 5 + round_ * 3 + seat * 7) % 13
        levels.append([lowest, min(18, lowest + 1 + (seat + board) % 4)])
    if (board + round_) % 2 and seats > 2:
        levels[1] = [levels[0][0], max(levels[0][0], levels[1][1])]
    return levels


def _enter_results(client: Any, event: Any, number: int) -> None:
    from tournament.models.events import Board

    boards = Board.objects.filter(round__event=event, round__number=number).order_by("number")
    for board in boards:
        board.refresh_from_db()
        seats = list(board.seats.order_by("number"))
        if board.result or len(seats) < 2:
            continue
        url = f"/api/events/{event.slug}/boards/{board.pk}/"
        sides = len({seat.entry_id for seat in seats})
        if sides > 2:
            data: dict[str, Any] = {
                "levels": _table_levels(board.number, number, len(seats)),
                "reason": "golden: the table's result",
                "replaces": board.result_version,
            }
        else:
            result, first, second = _pair_levels(board.number, number)
            data = {"result": result, "replaces": board.result_version}
            if first is not None:
                data |= {"first_lowest": first, "second_lowest": second}
        answer = client.patch(url, data, content_type="application/json")
        if answer.status_code != 200:
            raise SystemExit(
                f"{event.slug} round {number} board {board.number}: {answer.content!r}"
            )


def _next_round(event: Any, director: Any) -> None:
    from tournament.models.events import Round
    from tournament.rounds.services import compute_draft, publish_round, start_pairing

    round_ = start_pairing(event=event, user=director)
    if round_.status == Round.Status.PAIRING:
        compute_draft(round_.pk)
        round_.refresh_from_db()
    publish_round(round_=round_, user=director, notify=False)


def _partnership_event(director: Any) -> Any:
    from tournament.entries.services import import_players_csv
    from tournament.events.services import create_event
    from tournament.models.events import Event

    event = create_event(
        user=director,
        data={
            "name": "Golden Partnership",
            "venue": "JW3, London",
            "start_date": FROZEN.date(),
            "end_date": FROZEN.date(),
            "rounds": 4,
            "pairing_system": "swiss",
            "ruleset": "partnership",
            "clock_minutes": 10,
        },
    )
    rows = ["name,club,country,rating,partner,partner_club,partner_country,partner_rating"]
    rows += [",".join(str(value) for value in team) for team in TEAM_PLAYERS]
    import_players_csv(event=event, user=director, text="\n".join(rows))
    _next_round(event, director)
    return Event.objects.get(pk=event.pk)


def _build() -> list[Any]:
    from io import StringIO

    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    from tournament.models.events import Event, Festival

    quiet = StringIO()
    call_command("migrate", verbosity=0, stdout=quiet)
    call_command("seed_demo", stdout=quiet)
    call_command(
        "seed_festival",
        events=FESTIVAL_EVENTS,
        players=FESTIVAL_PLAYERS,
        seed=SEED,
        name=FESTIVAL_NAME,
        stdout=quiet,
    )
    director = get_user_model().objects.get(username=DIRECTOR)
    _partnership_event(director)
    festival = Festival.objects.get(name=FESTIVAL_NAME)
    client = Client()
    events = list(Event.objects.order_by("pk"))
    for event in events:
        directing = event.roles.filter(role="director").order_by("pk").first().user
        client.force_login(directing)
        for number in range(1, ROUNDS + 1):
            if number > 1:
                _next_round(event, directing)
            _enter_results(client, event, number)
    return [festival, *Event.objects.order_by("pk")]


EVENT_FILES = [
    "standings/",
    "crosstable/",
    "export/standings.csv",
    "export/standings.json",
    "export/crosstable.csv",
    "export/crosstable.json",
    "export/placings.csv",
    "export/placings.json",
    "export/pairings.csv",
    "export/pairings.json",
    "export/event.trf",
    "export/event.trf?version=2026",
    "export/event.pdf",
    "export/games.zip",
    *(f"export/slips/{n}.pdf" for n in range(1, ROUNDS + 1)),
]


def _file_name(slug: str, path: str) -> str:
    name = path.replace("export/", "").replace("?version=", "-").replace("/", "-").strip("-")
    return f"{slug}/{name or 'page'}" + (".html" if path.endswith("/") else "")


def _write(out: Path, festival: Any, events: list[Any]) -> None:
    from django.test import Client

    client = Client()  # what the public sees
    for event in events:
        for path in EVENT_FILES:
            answer = client.get(f"/events/{event.slug}/{path}")
            if answer.status_code != 200:
                continue  # e.g. a TRF refused for tables: its absence is compared too
            target = out / _file_name(event.slug, path)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(b"".join(answer) if answer.streaming else answer.content)
    for fmt in ("csv", "json"):
        answer = client.get(f"/festivals/{festival.slug}/pentamind.{fmt}")
        target = out / festival.slug / f"pentamind.{fmt}"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(answer.content)


def main(out: Path) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        _setup(Path(scratch) / "golden.sqlite3")
        import time_machine

        with time_machine.travel(FROZEN, tick=False):
            built = _build()
            _write(out, built[0], built[1:])


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: make_golden.py OUTDIR")
    main(Path(sys.argv[1]))
