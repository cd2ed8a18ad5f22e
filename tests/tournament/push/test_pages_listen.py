"""Each page that polls for a change names the socket that tells it of that change, and the
kinds it listens for (static/js/push.js): the live page, the projector, the standings, a game's
page and a director's round page while it is paired."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import EventFactory, RoundFactory, director_of
from tests.games.factories import board_with_game
from tournament.models.events import Round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def listeners(html: str) -> list[tuple[str, str, str]]:
    """(id, socket, kinds) of every part that listens, with htmx's push trigger beside its poll."""
    found = []
    for tag in re.findall(r"<(?:div|section)[^>]*data-push=[^>]*>", html):
        trigger = re.search(r'hx-trigger="([^"]*)"', tag)
        assert trigger and "push" in trigger.group(1).split(", "), tag
        ident = re.search(r'id="([^"]+)"', tag)
        path = re.search(r'data-push="([^"]+)"', tag)
        kinds = re.search(r'data-push-kinds="([^"]+)"', tag)
        assert ident and path and kinds, tag
        found.append((ident.group(1), path.group(1), kinds.group(1)))
    return found


def test_the_public_pages_listen_to_their_events_and_boards_sockets(client: Client) -> None:
    board, _game, _arbiter = board_with_game()
    slug = board.round.event.slug
    live = f"/ws/events/{slug}/live/"

    def on(name: str, *args: object) -> list[tuple[str, str, str]]:
        return listeners(client.get(reverse(name, args=args)).content.decode())

    assert on("event-live", slug) == [
        ("live-boards", live, "live"),
        ("live-standings", live, "standings"),
    ]
    assert on("event-projector", slug) == [("projector", live, "live,standings")]
    assert on("event-standings", slug) == [("standings-table", live, "standings")]
    assert on("event-crosstable", slug) == [("crosstable-table", live, "standings")]
    assert on("game-board", board.pk) == [("game-live", f"/ws/boards/{board.pk}/", "board")]


def test_a_round_being_paired_listens_to_its_draft_for_its_directors(client: Client) -> None:
    event = EventFactory()
    RoundFactory(event=event, number=1, status=Round.Status.PAIRING)
    client.force_login(director_of(event))
    html = client.get(reverse("event-round", args=[event.slug, 1])).content.decode()
    draft = f"/ws/events/{event.slug}/rounds/1/draft/"
    assert listeners(html) == [("round-progress", draft, "draft")]
