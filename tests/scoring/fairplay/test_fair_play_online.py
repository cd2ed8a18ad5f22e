"""The fair-play report's online columns (issue 30 requirement 7, issue 31 requirement 6): per
player and round, the median and 90th-percentile think time and the share of placements during
which the page lost focus, on the page and in the CSV; empty for games at the venue."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from games.analysis.models import GameAnalysis
from games.models import Game
from games.recording.selectors import record_rows
from scoring.fairplay.selectors import fair_play
from tests.factories import director_of
from tests.games.focus.test_focus import T0, engine_of, online_game, post, tablet_of
from tests.scoring.fairplay.test_fair_play_report import judgement, seeded_event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def timed_game(client: Client) -> Game:
    """Ada places after 12 s and 9 s, her page in view; Alan after 20 s, his page hidden for a
    while; the game then over and analysed."""
    game, ada, alan = online_game()
    tablet = tablet_of(game)
    with time_machine.travel(T0, tick=False) as clock:
        assert tablet.clock("start").status_code == 200
        clock.shift(12)
        assert tablet.act(engine_of(game).legal_placements()[0]).status_code == 201
        clock.shift(3)
        assert tablet.clock("press").status_code == 200
        client.force_login(alan)
        clock.shift(5)
        assert post(client, game, True).status_code == 201
        clock.shift(15)
        assert tablet.act(engine_of(game).legal_placements()[0]).status_code == 201
        assert post(client, game, False).status_code == 201
        clock.shift(1)
        assert tablet.clock("press").status_code == 200
        clock.shift(9)
        assert tablet.act(engine_of(game).legal_placements()[0]).status_code == 201
    client.logout()
    game.refresh_from_db()
    # keyed as the engine keys them: by the placement's step in the record
    places = [(step, r) for step, r in enumerate(record_rows(game)) if r.kind == "place"]
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    GameAnalysis.objects.create(
        game=game,
        record_hash="f" * 64,
        log_length=game.log_length,
        judgements=[judgement(step, r.payload["player"], 1, 1) for step, r in places],
    )
    return game


def test_the_report_gives_each_players_think_times_and_focus(client: Client) -> None:
    game = timed_game(client)
    event = game.event_board.round.event
    report = fair_play(event)
    assert report.online
    by_name = {p.name: p for p in report.players}
    ada, alan = by_name["Ada Byron"].total, by_name["Alan Turing"].total
    assert (ada.median_think, ada.p90_think, ada.focus_lost_rate) == (10.5, 12, 0)
    assert (alan.median_think, alan.p90_think, alan.focus_lost_rate) == (20, 20, 100)

    client.force_login(director_of(event))
    page = client.get(reverse("event-fair-play", args=[event.slug]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Median think" in html and "Focus lost" in html
    assert "10.5 s" in html and "100 %" in html

    response = client.get(reverse("event-fair-play-csv", args=[event.slug]))
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    totals = {r["player"]: r for r in rows if r["round"] == "total"}
    got = {
        name: (r["median_think_s"], r["p90_think_s"], r["focus_lost_pct"])
        for name, r in totals.items()
    }
    assert got == {"Ada Byron": ("10.5", "12.0", "0.0"), "Alan Turing": ("20.0", "20.0", "100.0")}


def test_a_venue_events_report_has_no_online_columns(client: Client) -> None:
    event, _entries = seeded_event(rounds=1)
    report = fair_play(event)
    assert not report.online
    client.force_login(director_of(event))
    html = client.get(reverse("event-fair-play", args=[event.slug])).content.decode()
    assert "Median think" not in html and "Hard / easy" not in html
    assert "Think times against difficulty" not in html
    response = client.get(reverse("event-fair-play-csv", args=[event.slug]))
    rows: list[dict[str, Any]] = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert rows and all(r["median_think_s"] == "" == r["focus_lost_pct"] for r in rows)
    columns = [
        "easy_timed",
        "hard_timed",
        "median_think_easy_s",
        "median_think_hard_s",
        "hard_easy_ratio",
    ]
    assert all(r[c] == "" for r in rows for c in columns)
