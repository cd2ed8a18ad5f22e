"""One action on the Challenge table page, server side: an arbiter plays a whole random game
(table mode, two players) through the page's htmx posts, on a table away from any event and on
an event's board, and this prints per action the SQL queries, the CPU ms and the wall ms of the
request (the view, its write and the live part it answers with), median and worst; and the same
for a placement on the board page, to compare.

Run: `.venv/bin/python bench/challenge_action.py [--challenge dice] [--seed 37]` (SQLite, in
memory); with `DATABASE_URL=postgres://...` the same on a scratch PostgreSQL database
(``test_`` + its name, made and dropped here). Tasks run in-process; no Redis.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.pop("REDIS_URL", None)
os.environ["EMAIL_URL"] = "memorymail://"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402

HX = {"HTTP_HX_REQUEST": "true"}


def page_fields(action: dict[str, Any]) -> dict[str, Any]:
    """What the table page's form posts for ``action`` (table mode)."""
    fields: dict[str, Any] = {"kind": action["type"]}
    if "player" in action:
        fields["player"] = action["player"]
    for key, prefix in (("faces", "face"), ("tiles", "tile"), ("cards", "card")):
        for i, value in enumerate(action.get(key, [])):
            fields[f"{prefix}_{i}"] = value
    for i, step in enumerate(action.get("steps", [])):
        fields[f"step_{i}"] = (
            f"m:{step['match']}"
            if "match" in step
            else f"w:{''.join(step['wild'])}:{step['colour']}"
        )
    for key in ("tile", "colour", "card", "first"):
        if key in action:
            fields[key] = action[key]
    if "hand" in action:
        for kind, n in Counter(action["hand"]).items():
            fields[f"shown_{kind}"] = n
    return fields


def timed(request: Callable[[], Any]) -> tuple[int, float, float, Any]:
    with CaptureQueriesContext(connection) as queries:
        cpu, wall = time.process_time(), time.perf_counter()
        response = request()
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return len(queries), cpu * 1000, wall * 1000, response


def summary(label: str, rows: list[tuple[int, float, float]]) -> None:
    q, cpu, wall = (list(col) for col in zip(*rows, strict=True))
    print(
        f"{label:<34} {len(rows):>4} actions  queries median {statistics.median(q):>4.0f} "
        f"max {max(q):>3}  CPU ms median {statistics.median(cpu):>5.1f} max {max(cpu):>5.1f}  "
        f"wall ms median {statistics.median(wall):>5.1f}"
    )


def play_table(client: Client, table_pk: int, actions: list[dict[str, Any]]) -> list[Any]:
    from django.urls import reverse

    url = reverse("challenge-act", args=[table_pk])
    rows = []
    for n, action in enumerate(actions):
        data = {"index": n, **page_fields(action)}
        q, cpu, wall, response = timed(lambda data=data: client.post(url, data, **HX))
        body = response.content.decode()
        assert response.status_code == 200 and "flash error" not in body, (n, action, body[:2000])
        rows.append((q, cpu, wall))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--challenge", default="dice", choices=["card", "dice", "tile"])
    parser.add_argument("--seed", type=int, default=37)
    args = parser.parse_args()
    setup_test_environment()
    name = connection.creation.create_test_db(verbosity=0)
    try:
        run(args.challenge, args.seed)
    finally:
        connection.creation.destroy_test_db(name, verbosity=0)


def run(challenge: str, seed: int) -> None:
    from django.urls import reverse

    from games.challenge_tables import events as challenge_events
    from games.challenges.randomgame import random_game
    from games.demo import played_actions
    from games.models import Game
    from tests import factories
    from tests.games.factories import board_with_game
    from tournament.models.events import Event
    from tournament.rounds.seating import Table, seat_board

    make: Any = factories  # factory_boy has no types
    print(f"database: {connection.vendor}; {challenge} challenge, seed {seed}, table mode")
    actions = random_game(challenge, 2, seed=seed, mode="table").actions
    event = make.EventFactory()
    client = Client()
    client.force_login(make.arbiter_of(event, "bench-arbiter"))

    # A table away from any event (the browser test's).
    client.post(
        reverse("challenge-new"),
        {
            "challenge": challenge,
            "mode": "table",
            "player_1": "Ada",
            "player_2": "Alan",
            "setup_roll": "on",
        },
    )
    table = Game.objects.challenges().latest("pk")
    summary("table away from any event", play_table(client, table.pk, actions))

    # An event's board of challenges.
    challenges = make.EventFactory(
        ruleset=Event.Ruleset.CHALLENGES,
        table_size=4,
        ruleset_options={"challenges": [challenge], "mode": "table"},
    )
    round_ = make.RoundFactory(event=challenges)
    entries = [make.EntryFactory(event=challenges, player__name=n).pk for n in ("Ada", "Alan")]
    seat_board(round_, 1, Table(entries=entries))
    [at_board] = challenge_events.create_tables_for_round(round_)
    arbiter = Client()
    arbiter.force_login(make.arbiter_of(challenges, "bench-event-arbiter"))
    summary("table at an event's board", play_table(arbiter, at_board.pk, actions))

    # The board page: placements and clock presses through its htmx form, to compare.
    board, _game, board_arbiter = board_with_game()
    tablet = Client()
    tablet.force_login(board_arbiter)
    url = reverse("game-board-act", args=[board.pk])
    rows, index = [], 0
    for action in played_actions(seed=3)[:40]:
        if action.get("type") != "place":
            continue
        fields = {"op": "place", "expected_index": index, **place_fields(action)}
        q, cpu, wall, response = timed(lambda f=fields: tablet.post(url, f, **HX))
        assert response.status_code == 200, response.content.decode()[:2000]
        index = Game.objects.get(board=board).log_length
        rows.append((q, cpu, wall))
    summary("board page placement", rows)


def place_fields(action: dict[str, Any]) -> dict[str, Any]:
    cell1, cell2 = action["cells"]
    return {"tile": action["tile"], "cell1": cell1, "cell2": cell2}


if __name__ == "__main__":
    main()
