"""Duplicate solitaire at the board: every entrant's game deals the round's tile sequence from
its seed, shows only the tile to place now, refuses any other tile, and sends the entrant's
levels to the round's placings when the board is full."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.engine.deal import dealt_sequence
from games.models import Game, GameAction
from games.recording import positions
from games.recording.corrections import take_back
from games.recording.services import import_record, record_placement
from games.recording.writes import effective_rows
from games.validation.services import validate_game
from tests.factories import arbiter_of
from tests.games.api import Tablet
from tests.games.factories import fresh
from tests.tournament.helpers import api_as, event_with_players
from tournament.errors import DomainError
from tournament.models.events import Board, Event, Result, Round
from tournament.models.tables import Seat
from tournament.rounds.services import compute_draft, publish_round, start_pairing

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def solitaire_round(n: int = 5) -> tuple[Event, Round, list[Board], Any]:
    """A published round of a solitaire event of ``n`` entrants, and an arbiter."""
    event, td = event_with_players(n, rounds=3, ruleset="solitaire", table_size=1)
    round_ = start_pairing(event=event, user=td)
    compute_draft(round_.pk)
    round_ = publish_round(round_=Round.objects.get(pk=round_.pk), user=td, notify=False)
    boards = list(round_.boards.order_by("number"))
    return event, round_, boards, arbiter_of(event)


def engine(game: Game) -> Any:
    game = fresh(game)
    rows = effective_rows(game)
    return positions.replay(game.ruleset, game.options, game.players, [r.payload for r in rows])


def dealt_move(game: Game, tile: str, pick: int = 0) -> dict[str, Any]:
    """A legal placement of the dealt tile (the ``pick``-th found, for varied boards)."""
    moves = [m for m in engine(game).legal_placements() if sorted(m["tile"]) == sorted(tile)]
    return moves[pick % len(moves)]


def leaks(text: str, upcoming: list[str]) -> bool:
    """Whether ``text`` shows the unseen tiles in their order, in any plain listing of them."""
    return any(sep.join(upcoming) in text for sep in ("", " ", ",", ", ", '", "', '","', "\n"))


def test_every_entrant_has_a_game_of_one_seat_and_one_clock() -> None:
    _event, round_, boards, _arb = solitaire_round(5)
    games = Game.objects.filter(board__round=round_).order_by("board__number")
    assert games.count() == 5  # set up on publication
    for game, board in zip(games, boards, strict=True):
        assert game.ruleset == "solitaire" and game.players == [board.sides[0].player.name]
        assert len(game.remaining_ms) == 1


def test_the_same_tiles_in_the_same_order_each_revealed_after_the_last_is_placed() -> None:
    _event, round_, boards, arbiter = solitaire_round(5)
    sequence = dealt_sequence(round_.seed)
    client = api_as(arbiter)
    seen: dict[int, list[str]] = {}
    for pick, board in enumerate(boards[:2]):
        tablet = Tablet(client, board.pk)
        game = Game.objects.get(board=board)
        seen[board.pk] = []
        for n in range(6):
            state = tablet.state()
            tile = state["next_tile"]
            seen[board.pk].append(tile)
            # Only the tile to place now: the rest of the sequence is in no response.
            assert not leaks(json.dumps(state), sequence[n + 1 : n + 4])
            move = dealt_move(game, tile, pick * 7 + n)
            response = tablet.act(move)
            assert response.status_code == 201, response.content
            assert response.json()["next_tile"] == sequence[n + 1]  # revealed once placed
    first, second = seen.values()
    assert first == second == sequence[:6]


def test_another_tile_than_the_dealt_one_is_refused_and_nothing_is_stored() -> None:
    _event, round_, boards, arbiter = solitaire_round(3)
    sequence = dealt_sequence(round_.seed)
    tablet = Tablet(api_as(arbiter), boards[0].pk)
    game = Game.objects.get(board=boards[0])
    other = next(k for k in ("RR", "GG", "BB") if k != sequence[0])
    move = dealt_move(game, sequence[0])
    response = tablet.act({**move, "tile": other})
    assert response.status_code == 400
    assert f"The tile dealt now is {sequence[0]}" in response.json()["detail"]
    assert fresh(game).log_length == 0
    turned = {**move, "tile": move["tile"][::-1]}  # either way round is the dealt tile
    assert tablet.act(turned).status_code == 201


def test_no_page_or_download_shows_an_unseen_tile_or_the_seed() -> None:
    _event, round_, boards, arbiter = solitaire_round(3)
    sequence = dealt_sequence(round_.seed)
    board = boards[0]
    game = Game.objects.get(board=board)
    for n in range(3):
        record_placement(
            game=fresh(game),
            user=arbiter,
            expected_index=fresh(game).log_length,
            tile=sequence[n],
            cells=dealt_move(game, sequence[n], n)["cells"],
        )
    client = Client()
    client.force_login(arbiter)
    urls = [
        reverse("game-board", args=[board.pk]),
        reverse("game-board-live", args=[board.pk]),
        reverse("game-record-json", args=[board.pk]),
        reverse("game-record-text", args=[board.pk]),
        reverse("api-game-state", args=[board.pk]),
        reverse("api-game-record", args=[board.pk]),
        reverse("api-game-frames", args=[board.pk]),
    ]
    for url in urls:
        for viewer in (client, Client()):
            response = viewer.get(url)
            assert response.status_code == 200, url
            text = response.content.decode()
            assert not leaks(text, sequence[4:7]), url
            assert str(round_.seed) not in text, url
    page = client.get(reverse("game-board", args=[board.pk])).content.decode()
    assert f'data-dealt="{sequence[3]}"' in page  # the tile to place now, and only it
    assert page.count('class="tile-choice"') == 1


def test_a_full_board_sends_the_entrants_levels_and_the_round_is_placed() -> None:
    _event, round_, boards, arbiter = solitaire_round(3)
    sequence = dealt_sequence(round_.seed)
    for number, board in enumerate(boards[:2]):
        game = Game.objects.get(board=board)
        n = 0
        while not engine(game).over:
            current = fresh(game)
            record_placement(
                game=current,
                user=arbiter,
                expected_index=current.log_length,
                tile=sequence[n],
                cells=dealt_move(game, sequence[n], 3 * n + number)["cells"],
            )
            n += 1
        game = fresh(game)
        assert game.status == Game.Status.FINISHED
        board.refresh_from_db()
        assert board.result == Result.TABLE and board.result_check == Board.Check.PENDING
        seat = Seat.objects.get(board=board)
        levels = sorted(engine(game).scores[0])
        assert (seat.lowest, seat.next_lowest) == (levels[0], levels[1])
    client = Client()
    page = client.get(reverse("game-board", args=[boards[0].pk])).content.decode()
    assert "Game over." in page and "lowest level" in page and "data-dealt" not in page
    seats = {s.board_id: s for s in Seat.objects.filter(board__round=round_)}
    first, second = (seats[b.pk] for b in boards[:2])
    # Ranked on all six levels in order, the lowest first (RULINGS.md: "and so on"): the round's
    # seed is random, so the two may tie on the lowest two and differ further up.
    order = tuple(first.levels), tuple(second.levels)
    expected = (1, 1) if order[0] == order[1] else (1, 2) if order[0] > order[1] else (2, 1)
    assert (first.placing, second.placing) == expected
    assert seats[boards[2].pk].placing is None
    # A take-back reopens the game: its result is withdrawn and the other placed alone.
    winner = boards[0] if expected[0] == 1 else boards[1]
    other = boards[1] if winner is boards[0] else boards[0]
    game = fresh(Game.objects.get(board=other))
    take_back(game=game, user=arbiter, expected_index=game.log_length, count=1, reason="x")
    assert Seat.objects.get(board=other).placing is None
    assert Seat.objects.get(board=winner).placing == 1


def test_the_entrants_one_clock_runs_through_placements_and_presses() -> None:
    _event, round_, boards, arbiter = solitaire_round(2)
    sequence = dealt_sequence(round_.seed)
    tablet = Tablet(api_as(arbiter), boards[0].pk)
    game = Game.objects.get(board=boards[0])
    assert tablet.clock("start").status_code == 200
    for n in range(2):
        response = tablet.act(dealt_move(game, sequence[n], n))
        assert response.status_code == 201, response.content
        pressed = tablet.clock("press")
        assert pressed.status_code == 200, pressed.content
    state = tablet.state()
    assert state["clock"]["seat"] == 0 and state["clock"]["running"]
    assert state["next_tile"] == sequence[2]


def test_a_paper_record_must_follow_the_rounds_sequence() -> None:
    _event, round_, boards, arbiter = solitaire_round(2)
    sequence = dealt_sequence(round_.seed)
    game = Game.objects.get(board=boards[0])
    first = dealt_move(game, sequence[0])
    other = next(k for k in ("RR", "GG", "BB") if k != sequence[0])
    record = {
        "format": "ingenious-record/1",
        "ruleset": "solitaire",
        "mode": "board",
        "players": game.players,
        "actions": [{**first, "tile": other}],
    }
    with pytest.raises(DomainError) as refused:
        import_record(game=fresh(game), user=arbiter, source=record)
    assert "The tile dealt now is" in refused.value.message
    assert fresh(game).log_length == 0
    import_record(game=fresh(game), user=arbiter, source={**record, "actions": [first]})
    assert fresh(game).log_length == 1


def test_the_replay_check_passes_the_dealt_tiles_and_fails_a_log_that_strays() -> None:
    _event, round_, boards, arbiter = solitaire_round(2)
    sequence = dealt_sequence(round_.seed)
    game = Game.objects.get(board=boards[0])
    for n in range(3):
        current = fresh(game)
        record_placement(
            game=current,
            user=arbiter,
            expected_index=current.log_length,
            tile=sequence[n],
            cells=dealt_move(game, sequence[n], n)["cells"],
        )
    assert validate_game(game.pk)
    row = GameAction.objects.get(game=game, index=1)
    other = next(k for k in ("RR", "GG", "BB") if k != sequence[1])
    GameAction.objects.filter(pk=row.pk).update(payload={**row.payload, "tile": other})
    assert not validate_game(game.pk)
    assert "placement 2 places" in fresh(game).validation_message
