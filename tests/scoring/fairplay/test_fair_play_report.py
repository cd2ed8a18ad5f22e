"""The arbiter's fair-play report (issue 31, requirement 6): per player and round, agreement with
the engine's analysis; players far from the field marked as a screening; the best N rounds; CSV;
the event's directors and arbiters only."""

from __future__ import annotations

import csv
import io
import itertools
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.analysis.models import GameAnalysis
from games.models import Game
from games.recording.setup import game_for_board
from scoring.fairplay.selectors import fair_play
from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
    arbiter_of,
    director_of,
)
from tournament.models.events import Entry, Event

pytestmark = pytest.mark.django_db

CUPS = itertools.count(1)
SUSPECT = "Zed Engine"
NAMES = ["Ada Byron", "Alan Turing", "Grace Hopper", "Edsger Dijkstra", "Hedy Lamarr", SUSPECT]
MOVES = 20


def judgement(index: int, seat: int, rank: int, near: int) -> dict[str, Any]:
    """A placement's judgement as the engine stores it: ``near`` of the three best options are
    near-equal (within half a win-% point of the best)."""
    wins = [0.6, 0.6 if near >= 2 else 0.5, 0.6 if near >= 3 else 0.4]
    best = [{"tile": "RG", "cells": ["H8", "H9"], "sim": {"worlds": 12, "win": w}} for w in wins]
    return {
        "index": index,
        "type": "place",
        "seat": seat,
        "played": {"tile": "RG", "cells": ["H8", "H9"], "rank": rank},
        "best": best,
        "legal": 40,
        "points_missed": {"raw": 0, "lowest": 0},
        "win_chance_lost": 0.0 if rank == 1 else 4.0,
        "uncertainty": 1.0,
        "grade": "best" if rank == 1 else "mistake",
    }


def analysed(board: Any, ranks: dict[int, list[int]], near: dict[int, int]) -> None:
    """The board's game, finished and analysed with the given ranks per seat."""
    game = game_for_board(board)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, log_length=2 * MOVES)
    judgements = [
        judgement(2 * i + seat, seat, ranks[seat][i], near[seat])
        for i in range(MOVES)
        for seat in (0, 1)
    ]
    GameAnalysis.objects.create(
        game=game, record_hash=f"{game.pk:064d}", log_length=2 * MOVES, judgements=judgements
    )


def ranks_for(name: str, round_: int) -> list[int]:
    if name == SUSPECT:
        return [1] * MOVES  # the engine's first choice every time, among near-equal options
    n = NAMES.index(name)
    firsts = 5 + (n + round_) % 3  # 5 to 7 of 20, as a club player
    return [1 if i < firsts else 2 + i % 4 for i in range(MOVES)]


def seeded_event(rounds: int = 3) -> tuple[Event, list[Entry]]:
    event = EventFactory(name=f"Fair Cup {next(CUPS)}", rounds=5)
    entries = [EntryFactory(event=event, player__name=name) for name in NAMES]
    for number in range(1, rounds + 1):
        round_ = RoundFactory(event=event, number=number)
        order = entries[number - 1 :] + entries[: number - 1]  # other opponents each round
        for b, (first, second) in enumerate(zip(order[::2], order[1::2], strict=True), 1):
            board = BoardFactory(round=round_, number=b, sides=[first, second])
            analysed(
                board,
                {0: ranks_for(first.name, number), 1: ranks_for(second.name, number)},
                {0: 3 if first.name == SUSPECT else 1, 1: 3 if second.name == SUSPECT else 1},
            )
    return event, entries


def test_every_player_per_round_with_agreement_and_loss() -> None:
    event, _entries = seeded_event()
    report = fair_play(event)
    assert report.games == 9
    assert sorted(p.name for p in report.players) == sorted(NAMES)
    ada = next(p for p in report.players if p.name == "Ada Byron")
    assert [r.round for r in ada.rounds] == [1, 2, 3]
    assert [r.tally.moves for r in ada.rounds] == [MOVES] * 3
    assert [r.tally.first for r in ada.rounds] == [5 + (0 + n) % 3 for n in (1, 2, 3)]
    first = ada.rounds[0].tally
    assert first.top_three == first.first + sum(1 for r in ranks_for("Ada Byron", 1) if r in (2, 3))
    assert first.mean_lost == pytest.approx(4.0 * (MOVES - first.first) / MOVES)
    suspect = next(p for p in report.players if p.name == SUSPECT)
    assert suspect.total.moves == 3 * MOVES and suspect.total.first_rate == 100
    assert suspect.total.weighted_rate == 100


def test_a_player_far_from_the_field_is_marked_as_a_screening(client: Client) -> None:
    event, _entries = seeded_event()
    report = fair_play(event)
    marked = {p.name: p.far for p in report.players if p.far}
    assert marked == {SUSPECT: ["agreement", "loss"]}
    client.force_login(director_of(event))
    page = client.get(reverse("event-fair-play", args=[event.slug])).content.decode()
    assert "not a proof" in page
    assert page.count("far from the field: look closer") == 1
    row = page[page.index(SUSPECT) - 200 : page.index(SUSPECT) + 200]
    assert "far from the field" in row


def test_one_player_of_a_field_of_five_is_marked_against_the_other_four() -> None:
    """Counted in their own field, one player of five could never stand two deviations apart."""
    event, _entries = seeded_event(rounds=1)
    analysis = GameAnalysis.objects.get(game__board__number=1)  # Ada Byron against Alan Turing
    analysis.judgements = [j for j in analysis.judgements if j["seat"] == 0]
    analysis.save(update_fields=["judgements"])
    report = fair_play(event)
    assert report.stats.compared == 5
    marked = {p.name: p.far for p in report.players if p.far}
    assert marked == {SUSPECT: ["agreement", "loss"]}


def test_too_few_players_make_no_field_to_stand_apart_from() -> None:
    event, _entries = seeded_event(rounds=1)
    GameAnalysis.objects.filter(game__board__number__gt=1).delete()  # two players left
    report = fair_play(event)
    assert [p.far for p in report.players] == [[]] * len(NAMES)
    assert report.stats.compared == 2
    assert sorted(p.total.moves for p in report.players) == [0, 0, 0, 0, MOVES, MOVES]


def test_every_entrant_is_listed_also_with_nothing_analysed_partners_too(client: Client) -> None:
    """The report lists the whole field: an entrant whose games are not analysed yet (a late
    entry, a bye) shows 0 placements analysed, on the page and in the CSV."""
    event, _entries = seeded_event(rounds=1)
    late = EntryFactory(event=event, player__name="Late Lovelace")
    report = fair_play(event)
    assert sorted(p.name for p in report.players) == sorted([*NAMES, "Late Lovelace"])
    shown = next(p for p in report.players if p.player_pk == late.player_id)
    assert (shown.total.moves, shown.rounds, shown.far) == (0, [], [])
    client.force_login(director_of(event))
    page = client.get(reverse("event-fair-play", args=[event.slug])).content.decode()
    assert f'data-player="{late.player_id}"' in page
    sheet = client.get(reverse("event-fair-play-csv", args=[event.slug])).content.decode()
    assert "Late Lovelace" in sheet
    team = EventFactory(name="Fair Pairs", ruleset=Event.Ruleset.PARTNERSHIP)
    EntryFactory(event=team, player__name="Pat One", partner=PlayerFactory(name="Pat Two"))
    assert [p.name for p in fair_play(team).players] == ["Pat One", "Pat Two"]


def test_the_best_rounds_view_keeps_each_players_best_rounds() -> None:
    event, _entries = seeded_event()
    report = fair_play(event, best=2)
    ada = next(p for p in report.players if p.name == "Ada Byron")
    # Ada's first choices by round: 6, 7, 5 of 20: her best two rounds are 1 and 2.
    assert [r.round for r in ada.rounds] == [1, 2]
    assert ada.total.moves == 2 * MOVES and ada.total.first == 13


def test_the_report_is_exported_as_csv(client: Client) -> None:
    event, _entries = seeded_event()
    client.force_login(arbiter_of(event))
    response = client.get(reverse("event-fair-play-csv", args=[event.slug]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:4] == ["player", "round", "board", "placements"]
    ada = [r for r in rows if r[0] == "Ada Byron"]
    assert [r[1] for r in ada] == ["1", "2", "3", "total"]
    assert ada[-1][3] == str(3 * MOVES)
    suspect = [r for r in rows if r[0] == SUSPECT]
    assert all(r[-1] == "agreement loss" for r in suspect)
    best = client.get(reverse("event-fair-play-csv", args=[event.slug]) + "?best=2")
    assert "fair-play-best-2.csv" in best["Content-Disposition"]
    assert [
        r[1] for r in csv.reader(io.StringIO(best.content.decode())) if r[0] == "Ada Byron"
    ] == [
        "1",
        "2",
        "total",
    ]


@pytest.mark.parametrize("who", ["director", "arbiter"])
def test_the_events_directors_and_arbiters_see_the_report(client: Client, who: str) -> None:
    event, _entries = seeded_event(rounds=1)
    user = director_of(event) if who == "director" else arbiter_of(event)
    client.force_login(user)
    response = client.get(reverse("event-fair-play", args=[event.slug]))
    assert response.status_code == 200
    for name in NAMES:
        assert name in response.content.decode()


def test_anyone_else_is_refused_a_director_of_another_event_too(client: Client) -> None:
    event, entries = seeded_event(rounds=1)
    other = EventFactory(name="Another Cup")
    urls = [
        reverse("event-fair-play", args=[event.slug]),
        reverse("event-fair-play-csv", args=[event.slug]),
    ]
    for url in urls:
        assert client.get(url).status_code == 404  # signed out
    client.force_login(director_of(other, username="other-td"))
    for url in urls:
        assert client.get(url).status_code == 404
    player = UserFactory(username="ada")
    entries[0].player.user = player
    entries[0].player.save()
    client.force_login(player)
    for url in urls:
        assert client.get(url).status_code == 404


def test_the_event_page_links_the_report_for_its_directors_only(client: Client) -> None:
    event, _entries = seeded_event(rounds=1)
    report = reverse("event-fair-play", args=[event.slug])
    event_page = reverse("event-detail", args=[event.slug])
    assert report not in client.get(event_page).content.decode()
    client.force_login(director_of(event))
    assert report in client.get(event_page).content.decode()
