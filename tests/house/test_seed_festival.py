"""`manage.py seed_festival`: a festival with its events, players and games, again and afresh."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from rest_framework.test import APIClient

from games.engine.randomgame import random_game
from games.models import Game, GameAction
from tournament.models.events import Entry, Event, EventRole, Festival, Player, Round

pytestmark = pytest.mark.django_db


SEEDED = "mso-festival-seeded"


def seed(*extra: str) -> None:
    call_command("seed_festival", "--events", "2", "--players", "6", *extra, stdout=None)


def counts() -> dict[str, int]:
    return {
        "events": Event.objects.filter(festival__slug=SEEDED).count(),
        "entries": Entry.objects.filter(event__festival__slug=SEEDED).count(),
        "published": Round.objects.filter(
            event__festival__slug=SEEDED, number=1, status=Round.Status.PUBLISHED
        ).count(),
        "rounds": Round.objects.filter(event__festival__slug=SEEDED).count(),
        "games": Game.objects.filter(board__round__event__festival__slug=SEEDED).count(),
    }


def test_seed_festival_creates_what_it_says() -> None:
    seed()
    festival = Festival.objects.get(slug=SEEDED)
    assert (festival.ends - festival.starts).days == 8  # nine days, like the MSO
    assert counts() == {"events": 2, "entries": 12, "published": 2, "rounds": 2, "games": 6}
    for number, event in enumerate(festival.events.order_by("id"), start=1):
        assert event.entries.count() == 6
        boards = event.round_set.get(number=1).boards.all()
        assert sum(len(board.sides) == 2 for board in boards) == 3  # three pairs, no bye
        roles = set(event.roles.values_list("user__username", "role"))
        assert roles == {
            (f"festival-director-{number:02d}", EventRole.Role.DIRECTOR),
            (f"festival-arbiter-{number:02d}", EventRole.Role.ARBITER),
        }
    # One pool of players: at this size both events draw the same six.
    assert Player.objects.count() == 6


def test_seed_festival_again_changes_nothing_and_fresh_starts_over() -> None:
    seed()
    first = counts()
    event_ids = set(Event.objects.values_list("id", flat=True))
    seed()
    assert counts() == first
    assert set(Event.objects.values_list("id", flat=True)) == event_ids
    seed("--fresh")
    assert counts() == first
    assert not event_ids & set(Event.objects.values_list("id", flat=True))


def test_seeded_games_are_recordable_by_the_seeded_arbiter_only() -> None:
    seed()
    event = Event.objects.filter(festival__slug=SEEDED).order_by("id").first()
    assert event is not None
    game = Game.objects.filter(board__round__event=event).order_by("board__number").first()
    assert game is not None
    board = game.board_id
    place = random_game(ruleset="mso", mode="board", seed=1).actions[0]

    users = get_user_model().objects
    # The seeded password is right (django-axes wants a request, so check it here, then sign in).
    assert users.get(username="festival-arbiter-01").check_password("festival-password")
    stranger = APIClient()
    stranger.force_login(users.get(username="festival-arbiter-02"))
    refused = stranger.post(
        f"/api/games/{board}/clock/", {"expected_index": 0, "operation": "start"}, format="json"
    )
    assert refused.status_code == 403
    assert GameAction.objects.filter(game=game).count() == 0

    arbiter = APIClient()
    arbiter.force_login(users.get(username="festival-arbiter-01"))
    started = arbiter.post(
        f"/api/games/{board}/clock/", {"expected_index": 0, "operation": "start"}, format="json"
    )
    assert started.status_code == 200, started.content
    placed = arbiter.post(
        f"/api/games/{board}/actions/", {"expected_index": 1, "action": place}, format="json"
    )
    assert placed.status_code == 201, placed.content
    assert placed.json()["next_index"] == 2
    stored = GameAction.objects.get(game=game, index=1)
    assert (stored.kind, stored.payload["cells"]) == ("place", place["cells"])


def test_seed_festival_refuses_bad_sizes_and_creates_nothing() -> None:
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="--players"):
        call_command("seed_festival", "--events", "2", "--players", "1")
    with pytest.raises(CommandError, match="--events"):
        call_command("seed_festival", "--events", "0")
    assert not Festival.objects.exists()
