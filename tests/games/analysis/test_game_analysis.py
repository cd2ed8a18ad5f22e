"""The engine's analysis of a finished game on the site (issue 31, requirement 5): queued once the
replay check passed, stored once per record, shown in the viewer (grades, the engine's placement
as a ghost, the win chance chart) and as accuracy on a player's page."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.analysis.models import GameAnalysis
from games.analysis.selectors import record_hash
from games.analysis.services import analyse_game
from games.engine.randomgame import random_game
from games.models import Game
from games.recording import positions
from games.recording.corrections import take_back
from games.recording.services import (
    import_record,
    record_action,
    record_actions,
    record_placement,
)
from games.recording.setup import game_for_board
from games.recording.writes import effective_rows
from games.validation.services import validate_game
from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
    arbiter_of,
)
from tests.games.factories import fresh
from tournament.models.events import Board, Event
from tournament.models.tables import Seat
from tournament.rounds.seating import Table, seat_boards

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

CUPS = itertools.count(1)


@pytest.fixture(autouse=True)
def game_analysis(settings: Any) -> None:
    """Finished games are analysed, at a budget small enough for a test (a game in a second)."""
    settings.ANALYSE_FINISHED_GAMES = True
    settings.ANALYSIS_BUDGET = {"candidates": 1, "worlds": 2}


def pair_board(user: Any = None) -> tuple[Board, Game, Any]:
    """A two-player board of a published round (Ada Byron, linked to ``user``, in seat 0)."""
    # Every test its own slug: on Redis the page cache outlives a test's database.
    event = EventFactory(name=f"Analysis Cup {next(CUPS)}")
    round_ = RoundFactory(event=event)
    ada = EntryFactory(event=event, player=PlayerFactory(name="Ada Byron", user=user))
    alan = EntryFactory(event=event, player__name="Alan Turing")
    board = BoardFactory(round=round_, number=1, sides=[ada, alan])
    return board, game_for_board(board), arbiter_of(event)


def finish(game: Game, arbiter: Any, capture: Any, seed: int = 4) -> Game:
    actions = positions.board_mode_actions(random_game("mso", "full", seed=seed))
    with capture(execute=True):
        record_actions(game=game, user=arbiter, expected_index=0, actions=actions)
    return fresh(game)


def viewer(client: Client, board: Board) -> str:
    response = client.get(reverse("game-view", args=[board.pk]))
    assert response.status_code == 200
    return response.content.decode()


def judgement_panel(page: str, step: int) -> str:
    """The viewer's judgement of ``step``: from its panel to the next one."""
    start = page.index(f'data-judged-step="{step}"')
    end = page.find('data-judged-step="', start + 1)
    return page[start : end if end != -1 else page.index("</section>", start)]


def test_a_finished_game_is_analysed_once_its_replay_passed(
    django_capture_on_commit_callbacks: Any,
) -> None:
    _board, game, arbiter = pair_board()
    game = finish(game, arbiter, django_capture_on_commit_callbacks)
    assert game.validation == Game.Validation.VALID
    (analysis,) = GameAnalysis.objects.filter(game=game)
    actions = [r.payload for r in effective_rows(game)]
    assert analysis.record_hash == record_hash(game, actions)
    assert analysis.log_length == game.log_length
    places = [a for a in actions if a["type"] == "place"]
    judged = [j for j in analysis.judgements if j["type"] == "place"]
    assert len(judged) == len(places)
    assert [j["seat"] for j in judged] == [a["player"] for a in places]
    assert analysis.budget == {"candidates": 1, "worlds": 2, "seed": 0}
    assert [s["placements"] for s in analysis.summary["seats"]] == [
        sum(1 for a in places if a["player"] == seat) for seat in (0, 1)
    ]


def test_a_second_queue_of_the_same_record_analyses_nothing(
    django_capture_on_commit_callbacks: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    _board, game, arbiter = pair_board()
    game = finish(game, arbiter, django_capture_on_commit_callbacks)
    first = GameAnalysis.objects.get(game=game)

    def engine_called(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the record was analysed again")

    monkeypatch.setattr("games.analysis.services.analyse_record", engine_called)
    with django_capture_on_commit_callbacks(execute=True) as queued:
        assert validate_game(game.pk) is True  # a re-check queues the analysis again
    assert len(queued) == 1  # the one after-commit effect: it ran the analysis task
    assert analyse_game(game.pk) == first
    assert list(GameAnalysis.objects.filter(game=game)) == [first]


def test_a_game_whose_replay_failed_or_that_is_not_finished_is_not_analysed(
    django_capture_on_commit_callbacks: Any,
) -> None:
    _board, game, arbiter = pair_board()
    actions = positions.board_mode_actions(random_game("mso", "full", seed=4))
    with django_capture_on_commit_callbacks(execute=True):
        record_actions(game=game, user=arbiter, expected_index=0, actions=actions[:10])
    assert analyse_game(game.pk) is None  # in play
    assert not GameAnalysis.objects.filter(game=game).exists()
    _board, game, arbiter = pair_board()
    game = finish(game, arbiter, django_capture_on_commit_callbacks, seed=5)
    Game.objects.filter(pk=game.pk).update(validation=Game.Validation.INVALID)
    GameAnalysis.objects.filter(game=game).delete()
    assert analyse_game(game.pk) is None  # its replay failed
    assert not GameAnalysis.objects.filter(game=game).exists()


def test_a_record_corrected_after_its_end_is_analysed_again(
    django_capture_on_commit_callbacks: Any, client: Client
) -> None:
    board, game, arbiter = pair_board()
    game = finish(game, arbiter, django_capture_on_commit_callbacks)
    old = GameAnalysis.objects.get(game=game)
    last = effective_rows(game)[-1].payload
    with django_capture_on_commit_callbacks(execute=True):
        take_back(game=game, user=arbiter, expected_index=game.log_length, reason="wrong cell")
    # Another placement ends it (or play goes on, each time the first legal placement).
    while fresh(game).status != Game.Status.FINISHED:
        game = fresh(game)
        rows = effective_rows(game)
        eng = positions.replay(game.ruleset, game.options, game.players, [r.payload for r in rows])
        move = next(m for m in eng.legal_placements() if m != last)
        with django_capture_on_commit_callbacks(execute=True):
            record_action(game=game, user=arbiter, expected_index=game.log_length, action=move)
    game = fresh(game)
    analyses = list(GameAnalysis.objects.filter(game=game).order_by("created_at", "pk"))
    assert len(analyses) == 2
    assert analyses[0] == old and analyses[1].record_hash != old.record_hash
    actions = [r.payload for r in effective_rows(game)]
    assert analyses[1].record_hash == record_hash(game, actions)
    page = viewer(client, board)
    steps = {int(s) for s in re.findall(r'data-judged-step="(\d+)"', page)}
    assert max(steps) == analyses[1].judgements[-1]["index"] + 1


def test_the_viewer_shows_each_moves_grade_and_the_engines_placement_as_a_ghost(
    django_capture_on_commit_callbacks: Any, client: Client
) -> None:
    board, game, arbiter = pair_board()
    game = finish(game, arbiter, django_capture_on_commit_callbacks)
    analysis = GameAnalysis.objects.get(game=game)
    page = viewer(client, board)
    assert "The engine&#x27;s analysis" in page or "The engine's analysis" in page
    missed = [j for j in analysis.judgements if j["type"] == "place" and j["played"]["rank"] > 1]
    assert missed, "a random game misses the engine's choice somewhere"
    j = missed[0]
    step = j["index"] + 1
    best = j["best"][0]
    ghost = re.search(rf'<g class="ghost[^"]*" data-ghost-step="{step}"[^>]*>(.*?)</g></g>', page)
    assert ghost is not None
    assert f"c-{best['tile'][0]}" in ghost.group(1) and f"c-{best['tile'][1]}" in ghost.group(1)
    panel = judgement_panel(page, step)
    assert f'grade-{j["grade"]}">{j["grade"]}</span>' in panel  # the grade's words (English)
    assert f"{best['tile']} on {best['cells'][0]} {best['cells'][1]}" in panel
    assert "Points missed" in panel
    assert f"{j['played']['rank']} of {j['legal']} legal placements" in panel
    # The chart of the win chance over the game, and each seat's accuracy.
    assert '<svg class="win-chart"' in page and "Ada Byron&#x27;s chance to win" in page
    assert page.count('class="chart-line line-0"') == 1
    assert 'class="list analysis-seats"' in page


def test_the_viewer_says_the_analysis_is_pending_until_it_is_stored(
    django_capture_on_commit_callbacks: Any, client: Client, settings: Any
) -> None:
    settings.ANALYSE_FINISHED_GAMES = False  # no worker has analysed it yet
    board, game, arbiter = pair_board()
    game = finish(game, arbiter, django_capture_on_commit_callbacks)
    assert game.validation == Game.Validation.VALID
    page = viewer(client, board)
    assert "The analysis of this game is pending" in page
    assert "data-ghost-step" not in page and "win-chart" not in page
    with django_capture_on_commit_callbacks(execute=True):
        analyse_game(game.pk)  # the worker's turn: the live version moves on
    page = viewer(client, board)
    assert "The analysis of this game is pending" not in page
    assert "data-judged-step" in page


def test_a_game_in_play_has_no_analysis_yet(
    django_capture_on_commit_callbacks: Any, client: Client
) -> None:
    board, game, arbiter = pair_board()
    actions = positions.board_mode_actions(random_game("mso", "full", seed=4))
    with django_capture_on_commit_callbacks(execute=True):
        record_actions(game=game, user=arbiter, expected_index=0, actions=actions[:6])
    page = viewer(client, board)
    assert "The engine analyses the game once it is finished." in page


def first_seats_accuracy(game: Game) -> int:
    """The share (%) of seat 0's judged decisions graded best, from the stored summary."""
    grades = GameAnalysis.objects.get(game=game).summary["seats"][0]["grades"]
    return round(100 * grades.get("best", 0) / sum(grades.values()))


def test_a_players_page_shows_their_accuracy_per_game(
    django_capture_on_commit_callbacks: Any, client: Client
) -> None:
    user = UserFactory(username="ada")
    board, game, arbiter = pair_board(user)
    game = finish(game, arbiter, django_capture_on_commit_callbacks)
    expected = first_seats_accuracy(game)
    client.force_login(user)
    page = client.get(reverse("my-games")).content.decode()
    cell = re.search(r'<td class="num accuracy">(.*?)</td>', page, re.S)
    assert cell is not None
    assert f"{expected} %" in cell.group(1)
    assert reverse("game-view", args=[board.pk]) in cell.group(1)


# ---------------------------------------------------------------- every kind of game


def seated_game(ruleset: str, seats: int) -> tuple[Board, Game, Any]:
    names = ["Ada Byron", "Alan Turing", "Grace Hopper", "Edsger Dijkstra"]
    if ruleset == "partnership":
        event = EventFactory(
            name=f"Pairs Cup {next(CUPS)}", ruleset=Event.Ruleset.PARTNERSHIP, table_size=4
        )
        ours = EntryFactory(
            event=event,
            player=PlayerFactory(name=names[0]),
            partner=PlayerFactory(name=names[1]),
            starting_rank=1,
        )
        theirs = EntryFactory(
            event=event,
            player=PlayerFactory(name=names[2]),
            partner=PlayerFactory(name=names[3]),
            starting_rank=2,
        )
        tables = [Table([ours.pk, theirs.pk, ours.pk, theirs.pk])]
    else:
        event = EventFactory(name=f"Table Cup {next(CUPS)}", table_size=seats)
        tables = [Table([EntryFactory(event=event, player__name=n).pk for n in names[:seats]])]
    (board,) = seat_boards(RoundFactory(event=event), tables, first_number=1)
    board = Board.objects.get(pk=board.pk)
    return board, game_for_board(board), arbiter_of(event)


@pytest.mark.parametrize(
    ("ruleset", "seats", "words"),
    [
        ("standard", 4, "expected victory points"),
        ("standard", 3, "expected victory points"),
        ("partnership", 4, "chance to win"),
    ],
)
def test_tables_and_partnerships_are_analysed_and_shown(
    django_capture_on_commit_callbacks: Any, client: Client, ruleset: str, seats: int, words: str
) -> None:
    board, game, arbiter = seated_game(ruleset, seats)
    actions = positions.board_mode_actions(random_game(ruleset, "board", seed=3, players=seats))
    record = positions.make_record(game.ruleset, game.options, game.players, actions)
    with django_capture_on_commit_callbacks(execute=True):
        import_record(game=game, user=arbiter, source=record.to_json())
    game = fresh(game)
    assert game.status == Game.Status.FINISHED
    analysis = GameAnalysis.objects.get(game=game)
    assert len(analysis.summary["seats"]) == seats
    assert {j["seat"] for j in analysis.judgements} == set(range(seats))
    page = viewer(client, board)
    assert words in page
    lines = 1 if ruleset == "partnership" else seats
    assert len(re.findall(r'class="chart-line line-\d"', page)) == lines
    assert Seat.objects.filter(board=board).count() == seats


def test_a_solitaire_game_is_judged_by_the_lowest_level(
    django_capture_on_commit_callbacks: Any, client: Client
) -> None:
    from games.engine.deal import dealt_sequence
    from tests.tournament.helpers import event_with_players
    from tournament.models.events import Round
    from tournament.rounds.services import compute_draft, publish_round, start_pairing

    event, td = event_with_players(2, rounds=3, ruleset="solitaire", table_size=1)
    round_ = start_pairing(event=event, user=td)
    compute_draft(round_.pk)
    round_ = publish_round(round_=Round.objects.get(pk=round_.pk), user=td, notify=False)
    board = round_.boards.order_by("number").first()
    arbiter = arbiter_of(event)
    game = Game.objects.get(board=board)
    sequence = dealt_sequence(round_.seed)
    n = 0
    while fresh(game).status != Game.Status.FINISHED:
        game = fresh(game)
        rows = effective_rows(game)
        eng = positions.replay(game.ruleset, game.options, game.players, [r.payload for r in rows])
        tile = sequence[n]
        move = next(m for m in eng.legal_placements() if sorted(m["tile"]) == sorted(tile))
        with django_capture_on_commit_callbacks(execute=True):
            record_placement(
                game=game,
                user=arbiter,
                expected_index=game.log_length,
                tile=tile,
                cells=move["cells"],
            )
        n += 1
    analysis = GameAnalysis.objects.get(game=fresh(game))
    assert all("lowest_lost" in j for j in analysis.judgements)
    assert "mean_lowest_lost" in analysis.summary["seats"][0]
    page = viewer(client, board)
    assert "Expected final lowest level" in page and "Lowest level lost" in page


def test_an_online_boards_game_is_analysed_from_its_full_record_draws_and_all() -> None:
    """The site deals an online board's game (full mode): its record holds the racks' draws,
    which a board-mode record cannot replay."""
    from tests.games.recording.test_online_boards import online_game

    _board, game, _arbiter = online_game()
    Game.objects.filter(pk=game.pk).update(
        status=Game.Status.FINISHED, validation=Game.Validation.VALID
    )
    analysis = analyse_game(game.pk)
    assert analysis is not None
    assert analysis.judgements == []


def test_the_players_games_api_gives_their_accuracy_per_game(
    django_capture_on_commit_callbacks: Any, client: Client
) -> None:
    user = UserFactory(username="ada-api")
    _board, game, arbiter = pair_board(user)
    game = finish(game, arbiter, django_capture_on_commit_callbacks)
    client.force_login(user)
    (event,) = client.get("/api/me/games/").json()["events"]
    (played,) = event["history"]
    assert played["accuracy"]["accuracy"] == first_seats_accuracy(game)
    assert played["accuracy"]["solitaire"] is False


@pytest.mark.django_db(transaction=True)
def test_in_process_the_analysis_runs_after_the_move_on_a_thread_of_its_own(
    settings: Any,
) -> None:
    """`make run` (tasks in-process) names the analysis a background task: the move that ends a
    game answers without waiting for the engine, and the analysis is stored soon after."""
    import threading

    from tournament import effects

    settings.BACKGROUND_TASKS = ["games.tasks.analyse_game"]
    _board, game, arbiter = pair_board()
    gate = threading.Event()
    effects._background.submit(gate.wait, 30)  # the thread is busy until the move is made
    try:
        actions = positions.board_mode_actions(random_game("mso", "full", seed=4))
        record_actions(game=game, user=arbiter, expected_index=0, actions=actions)
        assert fresh(game).validation == Game.Validation.VALID
        assert not GameAnalysis.objects.filter(game=game).exists()
    finally:
        gate.set()
    effects.background_done(timeout=60)
    assert GameAnalysis.objects.filter(game=game).count() == 1
