"""`manage.py seed_online` (bench/online.py's event): an online event whose round 1 is dealt,
each seat's player an account, and a plan whose session keys sign in as those players."""

import json
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client

from games.models import Game
from tournament.models.events import Board, Event
from tournament.models.where import Played

pytestmark = pytest.mark.django_db


def test_seed_online_deals_every_board_and_plans_signed_in_players(tmp_path: Path) -> None:
    plan_file = tmp_path / "plan.json"
    call_command("seed_online", "--games", "3", "--plan", str(plan_file), stdout=StringIO())
    event = Event.objects.get(name="Online Open (seeded)")
    boards = Board.objects.filter(round__event=event, round__number=1)
    assert sorted(boards.values_list("played", flat=True)) == [Played.ONLINE] * 3
    assert set(Game.objects.filter(board__in=boards).values_list("mode", flat=True)) == {"full"}
    plan = json.loads(plan_file.read_text())
    assert (plan["event"], len(plan["games"])) == (event.slug, 3)
    for game in plan["games"]:
        board = boards.get(pk=game["board"])
        seated = [s.entry.player.user.username for s in board.seats.order_by("number")]
        assert [s["user"] for s in game["seats"]] == seated
        client = Client()
        client.cookies[settings.SESSION_COOKIE_NAME] = game["seats"][0]["session"]
        assert client.get("/accounts/me/").wsgi_request.user.username == seated[0]


def test_seed_online_refuses_a_second_event_of_its_name() -> None:
    call_command("seed_online", "--games", "1", stdout=StringIO())
    with pytest.raises(CommandError, match="exists already"):
        call_command("seed_online", "--games", "1", stdout=StringIO())
