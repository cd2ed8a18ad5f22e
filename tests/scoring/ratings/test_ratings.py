"""The rating list: results reach it through the task, a rebuild reproduces it, and the public
pages and API show it."""

from collections.abc import Iterator
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from scoring import tasks
from scoring.core.ratings import display_rating
from scoring.ratings import services as ratings
from scoring.ratings.models import PlayerRating, RatingChange
from tests.factories import BoardFactory, EntryFactory, EventFactory, RoundFactory, director_of
from tests.result_calls import set_table_result
from tournament import effects
from tournament.models.events import Board, Entry, Event, Result, Round
from tournament.results import services as results
from tournament.rounds.seating import Table, seat_boards

pytestmark = pytest.mark.django_db


def field(event: Event, size: int) -> list[Entry]:
    return [EntryFactory(event=event, starting_rank=n) for n in range(1, size + 1)]


def board(rnd: Round, first: Entry, second: Entry | None, result: str = "", **kw: Any) -> Board:
    return BoardFactory(round=rnd, sides=[first, second], result=result, **kw)


def mu(entry: Entry) -> float:
    return PlayerRating.objects.get(player=entry.player).mu


def test_a_result_entered_by_a_director_rates_both_players(
    tasks_in_process: None, django_capture_on_commit_callbacks: Any
) -> None:
    event = EventFactory()
    a, b = field(event, 2)
    rnd = RoundFactory(event=event, number=1)
    game = board(rnd, a, b)
    director = director_of(event)
    with django_capture_on_commit_callbacks(execute=True):
        results.set_board_result(board=game, result=Result.FIRST_WINS, user=director)
    assert mu(a) > 25 > mu(b)
    assert RatingChange.objects.filter(board=game).count() == 2

    with django_capture_on_commit_callbacks(execute=True):
        results.set_board_result(
            board=game, result=Result.SECOND_WINS, user=director, reason="slip misread"
        )
    assert mu(b) > 25 > mu(a)  # the correction replaced the first rating, not added to it
    assert PlayerRating.objects.get(player=a.player).games == 1


def test_only_played_results_that_count_are_rated() -> None:
    event = EventFactory()
    a, b, c, d, e, f, g, h, i = field(event, 9)
    rnd = RoundFactory(event=event, number=1)
    rated = board(rnd, a, b, Result.DRAW)
    board(rnd, c, d, Result.FIRST_FORFEIT_WIN)
    board(rnd, e, f, Result.FIRST_WINS, result_check=Board.Check.PENDING)
    board(rnd, g, h, Result.FIRST_WINS, result_check=Board.Check.FAILED)
    board(rnd, i, None, Result.BYE)
    draft = RoundFactory(event=event, number=2, status=Round.Status.DRAFT)
    board(draft, c, e, Result.FIRST_WINS)
    ratings.rebuild_ratings()
    assert set(PlayerRating.objects.values_list("player_id", flat=True)) == {
        a.player_id,
        b.player_id,
    }
    assert set(RatingChange.objects.values_list("board_id", "tied")) == {(rated.pk, True)}


def test_a_passed_replay_check_makes_a_game_rated() -> None:
    event = EventFactory()
    a, b = field(event, 2)
    game = board(RoundFactory(event=event), a, b, Result.SECOND_WINS, result_check="pending")
    ratings.rebuild_ratings()
    assert not PlayerRating.objects.exists()
    results.record_replay_check(board=game, passed=True)
    ratings.rebuild_ratings()
    assert mu(b) > mu(a)


def small_history() -> list[Entry]:
    event = EventFactory()
    people = field(event, 4)
    a, b, c, d = people
    r1 = RoundFactory(event=event, number=1)
    board(r1, a, b, Result.FIRST_WINS)
    board(r1, c, d, Result.DRAW)
    r2 = RoundFactory(event=event, number=2)
    board(r2, a, c, Result.SECOND_WINS)
    board(r2, b, d, Result.FIRST_WINS)
    return people


def test_rebuilding_twice_gives_identical_numbers() -> None:
    small_history()
    first = ratings.rebuild_ratings()
    rows = list(PlayerRating.objects.values_list("player_id", "mu", "sigma", "games"))
    changes = list(RatingChange.objects.values_list("board_id", "player_id", "mu_after"))
    second = ratings.rebuild_ratings()
    assert first == second == ratings.stored_checksum()
    assert list(PlayerRating.objects.values_list("player_id", "mu", "sigma", "games")) == rows
    assert list(RatingChange.objects.values_list("board_id", "player_id", "mu_after")) == changes


def test_a_corrected_result_changes_the_ratings_after_rebuild() -> None:
    a, b, c, d = small_history()
    before = ratings.rebuild_ratings()
    Board.objects.filter(seats__entry=a).filter(seats__entry=b).update(result=Result.SECOND_WINS)
    after = ratings.rebuild_ratings()
    assert after != before
    assert mu(b) > mu(a)


def test_the_command_prints_the_same_checksum_twice() -> None:
    small_history()
    outs = []
    for _ in range(2):
        out = StringIO()
        call_command("rebuild_ratings", stdout=out)
        outs.append(out.getvalue())
    assert outs[0] == outs[1]
    assert "4 players rated from 4 games; checksum " in outs[0]
    assert ratings.stored_checksum() in outs[0]


def test_the_rating_list_and_a_players_history(client: Client) -> None:
    a, b, c, d = small_history()
    ratings.rebuild_ratings()
    page = client.get(reverse("rating-list"))
    assert page.status_code == 200
    html = page.content.decode()
    best = PlayerRating.objects.order_by("-ordinal").first()
    assert best is not None
    assert html.index(best.player.name) < html.index(d.player.name)
    assert reverse("player-rating", args=[a.player_id]) in html

    history = client.get(reverse("player-rating", args=[a.player_id]))
    assert history.status_code == 200
    text = history.content.decode()
    assert c.player.name in text and b.player.name in text
    assert "won" in text and "lost" in text
    assert client.get(reverse("player-rating", args=[999999])).status_code == 404


def test_the_rating_list_is_in_the_site_nav_and_in_german(client: Client) -> None:
    home = client.get(reverse("rating-list"), HTTP_ACCEPT_LANGUAGE="de")
    assert home.status_code == 200
    assert 'href="/ratings/"' in home.content.decode()
    assert "Wertungsliste" in home.content.decode()


def test_the_api_lists_the_ratings(client: Client) -> None:
    a, b, c, d = small_history()
    ratings.rebuild_ratings()
    body = client.get(reverse("api-ratings")).json()
    assert [row["rank"] for row in body] == [1, 2, 3, 4]
    assert [row["rating"] for row in body] == sorted((row["rating"] for row in body), reverse=True)
    row = next(r for r in body if r["player_id"] == a.player_id)
    assert row["games"] == 2 and row["name"] == a.player.name
    assert row["ordinal"] == pytest.approx(row["mu"] - 3 * row["sigma"])
    assert row["rating"] == display_rating(row["ordinal"])


def test_a_director_seeds_starting_ranks_from_the_rating_list(client: Client) -> None:
    a, b, c, d = small_history()
    ratings.rebuild_ratings()
    listed = list(PlayerRating.objects.values_list("player_id", flat=True))
    new_event = EventFactory()
    newcomer = EntryFactory(event=new_event, starting_rank=1, player__rating=2100)
    for rank, person in enumerate((d, c, b, a), start=2):
        EntryFactory(event=new_event, starting_rank=rank, player=person.player)
    url = reverse("event-seed-by-ratings", args=[new_event.slug])
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(director_of(new_event))
    preview = client.get(url)
    assert preview.status_code == 200
    assert preview.content.decode().index(newcomer.player.name) > preview.content.decode().index(
        a.player.name
    )
    assert client.post(url).status_code == 302
    seeded = list(new_event.entries.order_by("starting_rank").values_list("player_id", flat=True))
    assert seeded == [*listed, newcomer.player_id]


def test_seeding_is_refused_once_round_1_is_paired(client: Client) -> None:
    event = EventFactory()
    first, second = field(event, 2)
    RoundFactory(event=event, number=1)
    client.force_login(director_of(event))
    response = client.post(reverse("event-seed-by-ratings", args=[event.slug]), follow=True)
    assert "Starting ranks are fixed once round 1 is paired." in response.content.decode()
    assert list(event.entries.order_by("starting_rank")) == [first, second]


def test_a_table_of_four_is_rated_one_side_per_seat_by_its_placings() -> None:
    event = EventFactory(ruleset="standard", table_size=4)
    players = field(event, 4)
    rnd = RoundFactory(event=event, number=1)
    (table,) = seat_boards(rnd, [Table([e.pk for e in players])], first_number=1)
    set_table_result(
        board=table,
        user=director_of(event),
        reason="score sheet",
        levels=[[6, 8], [9, 9], [6, 8], [2, 14]],  # placings 2, 1, 2, 4
    )
    ratings.rebuild_ratings()
    second, first, also_second, last = (mu(e) for e in players)
    assert first > second > last
    assert second == pytest.approx(also_second)
    changes = RatingChange.objects.filter(board=table)
    assert sorted(changes.values_list("placing", flat=True)) == [1, 2, 2, 4]
    assert set(changes.values_list("sides", flat=True)) == {4}


@pytest.fixture
def queued_tasks() -> Iterator[None]:
    """Tasks go to the broker and none runs here, as on a site whose worker is busy."""
    from tournament.celery import app

    eager = app.conf.task_always_eager
    app.conf.task_always_eager = False
    yield
    app.conf.task_always_eager = eager


def test_results_in_a_burst_queue_one_rebuild_which_rates_them_all(
    queued_tasks: None, django_capture_on_commit_callbacks: Any
) -> None:
    event = EventFactory()
    a, b, c, d = field(event, 4)
    rnd = RoundFactory(event=event, number=1)
    first, second = board(rnd, a, b), board(rnd, c, d)
    director = director_of(event)
    assert effects.queue_ratings_rebuild() is True  # nothing queued before: this one is
    for game in (first, second):
        with django_capture_on_commit_callbacks(execute=True):
            results.set_board_result(board=game, result=Result.FIRST_WINS, user=director)
    assert effects.queue_ratings_rebuild() is False  # the queued rebuild will rate this too
    assert not PlayerRating.objects.exists()

    tasks.update_ratings()  # the worker runs the queued rebuild: both results are rated
    assert mu(a) > 25 > mu(b) and mu(c) > 25 > mu(d)
    assert RatingChange.objects.count() == 4
    assert effects.queue_ratings_rebuild() is True  # a later change queues the next one
