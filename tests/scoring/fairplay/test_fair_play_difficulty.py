"""The fair-play report's think times against difficulty (issue 31, requirement 6): each timed
placement of an online game paired with the engine's judgement of the same placement, the
median on easy and on hard placements and their ratio, per player and round, on the page and
in the CSV; a player whose hard placements take no longer than their easy ones, far below the
field, marked as a screening."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from games.analysis.models import GameAnalysis
from games.models import Game
from games.recording.selectors import record_rows
from games.recording.setup import game_for_board
from scoring.fairplay.selectors import fair_play
from tests.factories import BoardFactory, EntryFactory, EventFactory, RoundFactory, director_of
from tests.games.focus.test_focus import T0, engine_of, tablet_of
from tests.scoring.fairplay.test_fair_play_report import judgement
from tournament.models.events import Event
from tournament.models.where import EventPlayed, Played

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

#: ``judgement``'s near-equal options: all three (easy), the best two (hard), one (medium)
EASY, HARD, MEDIUM = 3, 2, 1


def online_games(*rounds: list[tuple[str, str]]) -> list[Game]:
    """An online event's rounds, a board's game for each pair of players (the same name is the
    same player)."""
    event = EventFactory(boards_played=EventPlayed.ONLINE)
    names = {name for pairs in rounds for pair in pairs for name in pair}
    entries = {name: EntryFactory(event=event, player__name=name) for name in sorted(names)}
    games = []
    for number, pairs in enumerate(rounds, 1):
        round_ = RoundFactory(event=event, number=number)
        for board, pair in enumerate(pairs, 1):
            sides = [entries[name] for name in pair]
            board_ = BoardFactory(round=round_, number=board, played=Played.ONLINE, sides=sides)
            games.append(game_for_board(board_))
    return games


def play(game: Game, placements: int, seconds: Callable[[int, int], float]) -> None:
    """Each seat makes ``placements`` placements through the arbiter's tablet, its ``k``-th
    after ``seconds(seat, k)`` (from the clock's press, or its own placement before a bonus
    placement); the clock is pressed a second after a turn's last placement."""
    tablet = tablet_of(game)
    made = [0, 0]
    with time_machine.travel(T0, tick=False) as clock:
        assert tablet.clock("start").status_code == 200
        while min(made) < placements:
            eng = engine_of(game)
            seat = eng.turn
            running = tablet.state(log=False)["clock"]["seat"]
            if running is not None and running != seat:
                clock.shift(1)
                assert tablet.clock("press").status_code == 200
            clock.shift(seconds(seat, made[seat]))
            legal = eng.legal_placements()
            assert legal, made
            response = tablet.act(legal[len(legal) // 2])
            assert response.status_code == 201, response.content
            made[seat] += 1


def analyse(game: Game, near: Callable[[int, int], int]) -> None:
    """The game finished and its analysis stored as the engine keys it: each judgement's
    ``index`` is the placement's step in the record; the seat's ``k``-th placement has
    ``near(seat, k)`` near-equal options."""
    made = [0, 0]
    judgements = []
    for step, row in enumerate(record_rows(game)):
        if row.kind != "place":
            continue
        seat = row.payload["player"]
        judgements.append(judgement(step, seat, 1, near(seat, made[seat])))
        made[seat] += 1
    game.refresh_from_db()
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    GameAnalysis.objects.create(
        game=game, record_hash=f"{game.pk:064d}", log_length=game.log_length, judgements=judgements
    )


def test_a_think_time_pairs_with_the_judgement_of_the_same_placement(client: Client) -> None:
    """Keyed by the placement's step in the record, not its index in the log (which counts the
    clock's entries and a take-back)."""
    [game] = online_games([("Ada Byron", "Alan Turing")])
    tablet = tablet_of(game)
    with time_machine.travel(T0, tick=False) as clock:
        assert tablet.clock("start").status_code == 200
        clock.shift(12)
        assert tablet.act(engine_of(game).legal_placements()[0]).status_code == 201
        clock.shift(1)
        assert tablet.clock("press").status_code == 200
        clock.shift(20)
        assert tablet.act(engine_of(game).legal_placements()[0]).status_code == 201
        assert tablet.take_back(1, "placed elsewhere").status_code == 200
        clock.shift(6)
        assert tablet.act(engine_of(game).legal_placements()[1]).status_code == 201
        clock.shift(1)
        assert tablet.clock("press").status_code == 200
        clock.shift(9)
        assert tablet.act(engine_of(game).legal_placements()[0]).status_code == 201
    places = [
        (step, row.index) for step, row in enumerate(record_rows(game)) if row.kind == "place"
    ]
    assert [step for step, _index in places] != [index for _step, index in places]
    # Ada's first placement easy, Alan's (the one standing) hard, Ada's second hard
    analyse(game, lambda seat, k: EASY if (seat, k) == (0, 0) else HARD)
    by_name = {p.name: p.total for p in fair_play(game.event_board.round.event).players}
    ada, alan = by_name["Ada Byron"], by_name["Alan Turing"]
    assert (ada.easy, ada.hard, ada.hard_easy_ratio) == ([12], [9], 0.75)
    assert (alan.easy, alan.hard, alan.hard_easy_ratio) == ([], [6], None)
    assert alan.thinks == [6]  # the placement taken back is timed no more


def normal(easy: float, hard: float) -> Callable[[int], float]:
    return lambda k: easy if k % 2 == 0 else hard


FIELD = {  # each player's seconds on an easy (even) and a hard (odd) placement
    "Ada Byron": normal(5, 15),
    "Alan Turing": normal(6, 15),
    "Grace Hopper": normal(4, 14),
    "Edsger Dijkstra": normal(5, 10),
    "Hedy Lamarr": normal(6, 20),
    "Zed Engine": normal(8, 8),  # flat: hard placements as fast as easy ones
}
PER_GAME = 6  # easy and hard placements each, per game: two rounds make 12 of each


def field_event() -> Event:
    """Two rounds of the six players, each placement timed as FIELD says, then medium ones (a
    seat may place more than ``last``: a bonus placement of the deal the site drew)."""
    a, b, c, d, e, f = FIELD
    games = online_games([(a, b), (c, d), (e, f)], [(f, a), (b, c), (d, e)])
    last = 2 * PER_GAME
    for game in games:
        seats = [FIELD[s.player.name] for s in game.event_board.seats.order_by("number")]

        def seconds(seat: int, k: int, seats: list[Callable[[int], float]] = seats) -> float:
            return 99.0 if k >= last else seats[seat](k)

        play(game, last + 1, seconds)
        analyse(game, lambda seat, k: MEDIUM if k >= last else (EASY if k % 2 == 0 else HARD))
    return games[0].event_board.round.event


def test_a_flat_player_is_marked_one_who_thinks_longer_on_hard_placements_is_not(
    client: Client,
) -> None:
    event = field_event()
    report = fair_play(event)
    assert report.stats.think_compared == 6
    by_name = {p.name: p for p in report.players}
    assert {name: p.far for name, p in by_name.items() if p.far} == {"Zed Engine": ["think"]}
    ada = by_name["Ada Byron"].total
    assert (len(ada.easy), len(ada.hard), ada.easy_think, ada.hard_think) == (12, 12, 5, 15)
    assert ada.hard_easy_ratio == 3
    assert by_name["Zed Engine"].total.hard_easy_ratio == 1

    client.force_login(director_of(event))
    html = client.get(reverse("event-fair-play", args=[event.slug])).content.decode()
    assert "Think, hard" in html and "Hard / easy" in html
    assert "not a proof" in html
    zed = html[html.index("Zed Engine") : html.index("Zed Engine") + 400]
    assert "far from the field: look closer" in zed and "think times against difficulty" in zed
    assert html.count("far from the field: look closer") == 1

    response = client.get(reverse("event-fair-play-csv", args=[event.slug]))
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    got = {
        (r["player"], r["round"]): (
            r["easy_timed"],
            r["hard_timed"],
            r["median_think_easy_s"],
            r["median_think_hard_s"],
            r["hard_easy_ratio"],
            r["far_from_field"],
        )
        for r in rows
        if r["round"] in ("1", "total")
    }
    assert got[("Ada Byron", "1")] == ("6", "6", "5.0", "15.0", "3.00", "")
    assert got[("Ada Byron", "total")] == ("12", "12", "5.0", "15.0", "3.00", "")
    assert got[("Edsger Dijkstra", "total")] == ("12", "12", "5.0", "10.0", "2.00", "")
    assert got[("Zed Engine", "1")] == ("6", "6", "8.0", "8.0", "1.00", "think")
    assert got[("Zed Engine", "total")] == ("12", "12", "8.0", "8.0", "1.00", "think")


def test_too_few_timed_placements_compare_nobody(client: Client) -> None:
    """Without their first round's analysis, four players have too few placements timed."""
    event = field_event()
    GameAnalysis.objects.filter(game__board__round__number=1, game__board__number__gt=1).delete()
    report = fair_play(event)
    assert report.stats.think_compared == 2  # Ada and Alan
    assert all(not p.far for p in report.players)
    client.force_login(director_of(event))
    html = client.get(reverse("event-fair-play", args=[event.slug])).content.decode()
    assert "too few to compare anyone" in html and "think times with the field" in html
