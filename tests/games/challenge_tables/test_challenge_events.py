"""Events of the Ingenious Challenges (issue 13, item 5): a director runs three rounds (card,
dice, tile) for 7 players at tables of 4 and 3, every game is recorded at its table to the end,
each result goes to its board, the standings show the tally, and every record checks."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.challenge_tables.selectors import effective_actions, replay_table
from games.challenge_tables.services import record_challenge_action, take_back_challenge_action
from games.challenges.card import PLAY, POST, CardChallenge
from games.challenges.randomgame import draw_one
from games.challenges.tally import GameResult, rank_players
from games.models import Game
from scoring.challenge_standings import build as challenge_standings
from tests.factories import (
    EntryFactory,
    EventCreatorFactory,
    EventFactory,
    PlayerFactory,
    arbiter_of,
)
from tests.games.challenge_tables.test_challenge_recording import next_choice as tablet_choice
from tests.result_calls import set_table_result
from tests.tournament.helpers import api_as, event_with_players
from tournament.errors import Conflict, DomainError, NotAllowed
from tournament.events.services import update_event
from tournament.models.events import Board, Entry, Event, Result, Round
from tournament.results.models import ResultCorrection
from tournament.rounds import challenges as challenge_rounds
from tournament.rounds.models import PairingChange
from tournament.rounds.services import compute_draft, publish_round, start_pairing

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]
ROOT = Path(__file__).resolve().parents[3]
OPTIONS = {"challenges": ["card", "dice", "tile"], "mode": "full"}


def challenge_event(n: int = 7, **options: Any) -> tuple[Event, Any]:
    return event_with_players(
        n,
        rounds=3,
        system="swiss",
        table_size=4,
        ruleset=Event.Ruleset.CHALLENGES,
        ruleset_options={**OPTIONS, **options},
    )


def draft(event: Event, td: Any) -> Round:
    round_ = start_pairing(event=event, user=td)
    compute_draft(round_.pk)
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT, round_.pairing_error
    return round_


def next_choice(game: Any, rng: random.Random) -> dict[str, Any]:
    """A legal choice as the table makes it (the site fills in deals, rolls and draws); cards
    are played and swapped at random, as ``games.challenges.randomgame`` does, so games end soon."""
    if isinstance(game, CardChallenge) and game.phase == PLAY:
        card = draw_one(rng, game.hands[game.turn])
        return {"type": "play", "player": game.turn, "card": card, "first": rng.choice(card)}
    swapping = isinstance(game, CardChallenge) and game.phase == POST and rng.random() < 0.5
    if swapping and game.swap_allowed(game.turn):
        return {"type": "swap", "player": game.turn}
    return tablet_choice(game, rng)


def play_through_api(table: Game, client: Any, seed: int) -> None:
    """Every action of the game through the API, as a tablet at the table sends it."""
    rng = random.Random(seed)
    url = reverse("api-challenge-actions", args=[table.pk])
    state = client.get(reverse("api-challenge-state", args=[table.pk])).json()
    for _ in range(5000):
        if state["over"]:
            return
        table.refresh_from_db()
        game = replay_table(table, effective_actions(table))
        body = {"index": state["next_index"], "action": next_choice(game, rng)}
        response = client.post(url, body, format="json")
        assert response.status_code == 201, response.json()
        state = response.json()
        state["next_index"] = body["index"] + 1
    raise AssertionError("the game did not end")


def play_through_services(table: Game, user: Any, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(5000):
        table.refresh_from_db()
        game = replay_table(table, effective_actions(table))
        if game.over:
            return
        record_challenge_action(
            table=table, user=user, expected_index=table.log_length, action=next_choice(game, rng)
        )
    raise AssertionError("the game did not end")


def test_the_event_checks_its_challenges_and_tables() -> None:
    event, td = challenge_event()
    bad = [
        (5, {}, "table_size"),
        (2, {}, "table_size"),
        (4, {"challenges": ["card", "poker"]}, "ruleset_options"),
        (4, {"challenges": []}, "ruleset_options"),
        (4, {"mode": "x"}, "ruleset_options"),
        (4, {"setup_roll": "no"}, "ruleset_options"),
        (4, {"placement_rule": "first-round"}, "ruleset_options"),
    ]
    for size, options, field in bad:
        data = {"table_size": size, "ruleset_options": options}
        with pytest.raises(DomainError) as refused:
            update_event(event=event, user=td, data=data)
        assert refused.value.field == field
    data = {"table_size": 3, "ruleset_options": {"challenges": "dice, tile", "mode": "table"}}
    event = update_event(event=event, user=td, data=data)
    assert challenge_rounds.sequence(event) == ["dice", "tile"]


def test_the_round_plays_the_sequence_and_a_director_changes_it_on_the_draft() -> None:
    event, td = challenge_event(challenges="tile, card")
    assert challenge_rounds.sequence(event) == ["tile", "card"]
    assert [challenge_rounds.challenge_for(event, n) for n in (1, 2, 3)] == ["tile", "card", "tile"]
    round_ = draft(event, td)
    assert round_.challenge == "tile"
    with pytest.raises(DomainError):
        challenge_rounds.set_round_challenge(round_=round_, user=td, challenge="poker", reason="x")
    with pytest.raises(DomainError):  # a reason is needed
        challenge_rounds.set_round_challenge(round_=round_, user=td, challenge="dice", reason="")
    challenge_rounds.set_round_challenge(round_=round_, user=td, challenge="dice", reason="dice")
    assert PairingChange.objects.filter(round=round_, reason="dice").exists()
    round_ = publish_round(round_=round_, user=td)
    assert {t.challenge for t in Game.objects.challenges().filter(board__round=round_)} == {"dice"}
    with pytest.raises(Conflict):
        challenge_rounds.set_round_challenge(round_=round_, user=td, challenge="card", reason="x")


def test_seven_players_play_three_rounds_of_challenges_at_tables_of_4_and_3(
    tmp_path: Path,
) -> None:
    event, td = challenge_event()
    arbiter = arbiter_of(event, "arb")
    tablet = api_as(arbiter)
    for number, challenge in enumerate(("card", "dice", "tile"), start=1):
        round_ = draft(event, td)
        assert round_.challenge == challenge
        round_ = publish_round(round_=round_, user=td)
        shown = tablet.get(reverse("api-round-detail", args=[event.slug, number])).json()
        assert shown["challenge"] == challenge
        boards = list(round_.boards.order_by("number").prefetch_related("seats__entry__player"))
        assert sorted(len(b.seats.all()) for b in boards) == [3, 4]
        assert not Board.objects.filter(
            round=round_, game__kind="ingenious"
        ).exists()  # no board game
        for seed, board in enumerate(boards):
            table = board.game
            assert (table.challenge, table.mode) == (challenge, "full")
            assert table.seat_names == [s.entry.player.name for s in board.seats.all()]
            if seed == 0:
                play_through_api(table, tablet, 100 * number + seed)
            else:
                play_through_services(table, arbiter, 100 * number + seed)
            board.refresh_from_db()
            table.refresh_from_db()
            game = replay_table(table, effective_actions(table))
            assert table.status == Game.Status.FINISHED
            assert (board.result, board.result_check) == (Result.TABLE, Board.Check.PASSED)
            seats = list(board.seats.order_by("number"))
            assert [s.lowest for s in seats] == [min(r) for r in game.rows]
            assert [s.next_lowest for s in seats] == [sorted(r)[1] for r in game.rows]
            if game.winner is not None:
                assert seats[game.winner].placing == 1
            assert ResultCorrection.objects.filter(board=board, new_result=Result.TABLE).exists()
        round_.refresh_from_db()
        assert round_.status == Round.Status.COMPLETE

    # The standings: the tally of CHALLENGES.md, the same as the pure core's from the rows.
    games = []
    for table in challenge_standings.event_tables(event):
        game = replay_table(table, effective_actions(table))
        seat_entries = [s.entry_id for s in table.board.seats.order_by("number")]
        rows = dict(zip(seat_entries, game.rows, strict=True))
        winner = None if game.winner is None else seat_entries[game.winner]
        games.append(GameResult(rows=rows, winner=winner))
    expected = {r.player: (r.victory_points, r.games_won, r.rank) for r in rank_players(games)}
    lines = challenge_standings.tally(event)
    assert {x.entry_id: (x.victory_points, x.games_won, x.rank) for x in lines} == expected
    # Players tied on every key share a rank and are listed by starting rank.
    starting = dict(Entry.objects.filter(event=event).values_list("pk", "starting_rank"))
    ties = [(x.rank, starting[x.entry_id]) for x in lines]
    assert ties == sorted(ties)
    assert len(lines) == 7
    keys = [(x.victory_points, x.games_won, x.second_lowest, x.between) for x in lines]
    assert keys == sorted(keys, reverse=True)

    client = Client()
    page = client.get(reverse("challenge-standings", args=[event.slug]))
    assert page.status_code == 200
    assert lines[0].name in page.content.decode()
    csv_text = client.get(reverse("challenge-standings-csv", args=[event.slug])).content.decode()
    assert csv_text.splitlines()[1].split(",")[:3] == [
        "1",
        lines[0].name,
        str(lines[0].victory_points),
    ]
    data = client.get(reverse("challenge-standings-json", args=[event.slug])).json()
    assert [r["challenge"] for r in data["rounds"]] == ["card", "dice", "tile"]
    assert data["standings"][0]["victory_points"] == lines[0].victory_points

    # Every exported record checks with the command line.
    exported = client.get(reverse("challenge-records", args=[event.slug])).json()
    assert len(exported["games"]) == 6
    paths = []
    for i, item in enumerate(exported["games"]):
        path = tmp_path / f"game{i}.json"
        path.write_text(json.dumps(item["record"]))
        paths.append(str(path))
    done = subprocess.run(
        [sys.executable, "-m", "games.challenges", "check", *paths],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    verdicts = [json.loads(line) for line in done.stdout.splitlines()]
    assert all(v["valid"] and v["over"] for v in verdicts)

    for url in (
        event.get_absolute_url(),
        reverse("event-live", args=[event.slug]),
        reverse("event-round", args=[event.slug, 3]),
    ):  # the event's other pages hold a challenge event too
        assert client.get(url).status_code == 200, url
    # The standings and the crosstable of a challenge event are its tally.
    tally = reverse("challenge-standings", args=[event.slug])
    for name in ("event-standings", "event-crosstable"):
        assert client.get(reverse(name, args=[event.slug])).url == tally
    board = Board.objects.filter(round__event=event).first()
    assert board is not None
    to_table = client.get(reverse("game-board", args=[board.pk]))
    assert to_table.url == reverse("challenge-board", args=[board.pk])
    detail = client.get(event.get_absolute_url()).content.decode()
    assert reverse("challenge-standings", args=[event.slug]) in detail
    assert "Ingenious Challenges, tables of 4" in detail
    pdf = client.get(reverse("challenge-standings-pdf", args=[event.slug]))
    assert pdf.content.startswith(b"%PDF")

    # The viewer steps through a finished game.
    table = challenge_standings.event_tables(event)[0]
    viewer = client.get(reverse("challenge-viewer", args=[table.pk]) + "?step=3")
    assert viewer.status_code == 200
    assert "After action 3 of" in viewer.content.decode()

    # A director corrects a table: audited, and the tally reads the corrected seats.
    board = Board.objects.filter(round__event=event, round__number=3, seats__number=3).get()
    last_seat = board.seats.get(number=3)
    set_table_result(
        board=board, user=td, reason="misread score board", levels=[[0, 1]] * 3 + [[9, 9]]
    )
    board.refresh_from_db()
    assert (board.result_check, last_seat.entry_id) == (Board.Check.NONE, last_seat.entry_id)
    line = next(x for x in challenge_standings.tally(event) if x.entry_id == last_seat.entry_id)
    assert line.rounds[3] == 9
    assert ResultCorrection.objects.filter(board=board, reason="misread score board").exists()
    with pytest.raises(DomainError):  # the director's result closes the table
        record_challenge_action(
            table=board.game,
            user=arbiter,
            expected_index=board.game.log_length,
            action={"type": "refill"},
        )


def test_a_take_back_of_the_last_action_withdraws_the_games_result() -> None:
    event, td = challenge_event(n=4)
    arbiter = arbiter_of(event, "arb")
    round_ = publish_round(round_=draft(event, td), user=td)
    board = round_.boards.get()
    table = board.game
    play_through_services(table, arbiter, 7)
    board.refresh_from_db()
    assert board.result == Result.TABLE
    table.refresh_from_db()
    take_back_challenge_action(
        table=table, user=arbiter, expected_index=table.log_length, reason="misread"
    )
    board.refresh_from_db()
    assert board.result == ""
    assert all(s.placing is None for s in board.seats.all())
    assert challenge_standings.tally(event)[0].victory_points == 0


def test_a_director_creates_the_event_on_the_form_and_changes_a_drafts_challenge() -> None:
    creator = EventCreatorFactory(username="maker")
    client = Client()
    client.force_login(creator)
    form = {
        "name": "Challenges Open",
        "ruleset": "challenges",
        "table_size": "2",  # the form's default: an event of challenges gets 4
        "challenge_sequence": "Tile; dice",
        "pairing_system": "swiss",
        "rounds": "2",
        "clock_minutes": "10",
        "bye_value": "1.0",
        "tiebreak_preset": "mso-ingenious",
        "requested_bye_points": ["0.5"],
    }
    response = client.post(reverse("event-create"), form)
    assert response.status_code == 302, response.content.decode()[:2000]
    event = Event.objects.get(name="Challenges Open")
    assert (event.table_size, event.ruleset_options["challenges"]) == (4, ["tile", "dice"])
    edit = client.get(reverse("event-edit", args=[event.slug])).content.decode()
    assert "tile, dice" in edit
    for _ in range(5):
        EntryFactory(event=event, player=PlayerFactory())
    round_ = draft(event, creator)
    page = client.get(reverse("event-round", args=[event.slug, 1])).content.decode()
    assert 'id="round-challenge"' in page
    url = reverse("event-round-challenge", args=[event.slug, 1])
    client.post(url, {"challenge": "card", "reason": ""})  # refused: no reason
    round_.refresh_from_db()
    assert round_.challenge == "tile"
    client.post(url, {"challenge": "card", "reason": "the tiles are missing"})
    round_.refresh_from_db()
    assert round_.challenge == "card"
    round_ = publish_round(round_=round_, user=creator)
    board = round_.boards.filter(game__kind="challenge").first()
    assert board is not None
    table = board.game
    response = client.get(reverse("challenge-board", args=[board.pk]))
    assert response.url == reverse("challenge-table", args=[table.pk])
    page = client.get(reverse("event-round", args=[event.slug, 1])).content.decode()
    assert reverse("challenge-board", args=[board.pk]) in page
    live = Client().get(reverse("challenge-live", args=[event.slug])).content.decode()
    assert "to move" in live and table.seat_names[0] in live
    fragment = Client().get(reverse("challenge-live", args=[event.slug]), HTTP_HX_REQUEST="true")
    assert fragment.content.decode().lstrip().startswith('<div id="challenge-live-tables"')
    event_live = Client().get(reverse("event-live", args=[event.slug])).content.decode()
    assert reverse("challenge-live", args=[event.slug]) in event_live
    table_page = client.get(reverse("challenge-table", args=[table.pk])).content.decode()
    assert reverse("challenge-viewer", args=[table.pk]) in table_page
    # The public steps through finished games only (a game in play holds the deals).
    assert Client().get(reverse("challenge-viewer", args=[table.pk])).status_code == 404


def test_only_the_events_arbiters_record_and_a_table_of_two_counts_like_the_others() -> None:
    event, td = challenge_event(n=5, challenges=["tile"])
    event.table_size = 3
    event.save(update_fields=["table_size"])
    arbiter = arbiter_of(event, "arb")
    stranger = arbiter_of(EventFactory(), "other-arb")
    round_ = publish_round(round_=draft(event, td), user=td)
    boards = list(round_.boards.order_by("number").prefetch_related("seats"))
    assert sorted(len(b.seats.all()) for b in boards) == [2, 3]
    table = boards[0].game
    with pytest.raises(NotAllowed):
        record_challenge_action(
            table=table, user=stranger, expected_index=0, action={"type": "refill"}
        )
    refused = api_as(stranger).post(
        reverse("api-challenge-actions", args=[table.pk]),
        {"index": 0, "action": {"type": "refill"}},
        format="json",
    )
    assert refused.status_code == 403
    for seed, board in enumerate(boards):
        play_through_services(board.game, arbiter, seed)
        board.refresh_from_db()
        assert (board.result, board.result_check) == (Result.TABLE, Board.Check.PASSED)
    lines = challenge_standings.tally(event)
    assert all(line.rounds.get(1) is not None for line in lines)
    assert sum(line.games_won for line in lines) <= 2


def test_players_tied_on_every_key_share_a_rank_and_are_listed_by_starting_rank() -> None:
    event, td = challenge_event(n=4)
    board = publish_round(round_=draft(event, td), user=td).boards.get()
    seats = list(board.seats.order_by("number").select_related("entry__player"))
    # The tied seats' names sort the other way round from their starting ranks.
    tied = sorted((seats[2].entry, seats[3].entry), key=lambda e: e.starting_rank)
    for entry, name in zip(tied, ("Zora Tied", "Abel Tied"), strict=True):
        entry.player.name = name
        entry.player.save(update_fields=["name"])
    set_table_result(board=board, user=td, reason="scores", levels=[[9, 9], [6, 6], [3, 3], [3, 3]])
    lines = challenge_standings.tally(event)
    assert [(x.name, x.rank) for x in lines[2:]] == [("Zora Tied", 3), ("Abel Tied", 3)]
