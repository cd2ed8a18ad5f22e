"""No rack of an online board's game in play reaches a spectator (issue 30, requirement 6): not
any page, not the games API or the tournament API, not the live pages or the projector, not an
export, not a socket message. Checked for an anonymous visitor and for another player of the
event, on a game with placements and refills made, by searching every answer for every form in
which the site writes a rack (tests/games/spectating/online.py ``rack_forms``); a check that
finds those forms where the site does write them proves the search. Once the game is over, the
full record, every draw in it, is everyone's."""

from __future__ import annotations

import asyncio
import io
import json
import zipfile
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.http import JsonResponse
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from games.engine.tiles import TILE_KINDS
from games.models import Game
from games.recording import positions, selectors
from tests.games.factories import fresh
from tests.games.spectating.online import Online, engine_of, leaks, online_board, place, rack_forms
from tournament import push

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]


def spectator_urls(online: Online) -> list[str]:
    """Every address a spectator reaches that shows the event, its round, its boards or its
    games (each answers 200)."""
    slug, pk = online.event.slug, online.board.pk
    board = [
        reverse("game-board", args=[pk]),
        reverse("game-board-live", args=[pk]) + "?fresh=1",
        reverse("game-view", args=[pk]),
        reverse("game-record-json", args=[pk]),
        reverse("game-record-text", args=[pk]),
        reverse("api-game-state", args=[pk]),
        reverse("api-game-state", args=[pk]) + "?log=0",
        reverse("api-game-record", args=[pk]),
        reverse("api-game-record-text", args=[pk]),
        reverse("api-game-frames", args=[pk]),
    ]
    event = [
        reverse("event-detail", args=[slug]),
        reverse("event-round", args=[slug, 1]),
        reverse("event-live", args=[slug]),
        reverse("event-live-boards", args=[slug]),
        reverse("event-live-standings", args=[slug]),
        reverse("event-projector", args=[slug]),
        reverse("event-projector-screens", args=[slug]),
        reverse("event-standings", args=[slug]),
        reverse("event-crosstable", args=[slug]),
        reverse("event-exports", args=[slug]),
        reverse("export-standings-json", args=[slug]),
        reverse("export-crosstable-csv", args=[slug]),
        reverse("export-pairings-csv", args=[slug]),
        reverse("export-pairings-json", args=[slug]),
        reverse("export-games-zip", args=[slug]),
        f"/api/events/{slug}/",
        f"/api/events/{slug}/rounds/",
        f"/api/events/{slug}/rounds/1/",
    ]
    return board + event


def bodies(response: Any) -> list[str]:
    """What an answer says: its text, or each file of a zip."""
    content = b"".join(response.streaming_content) if response.streaming else response.content
    if response.get("Content-Type", "").startswith("application/zip"):
        archive = zipfile.ZipFile(io.BytesIO(content))
        return [archive.read(name).decode() for name in archive.namelist()]
    return [content.decode()]


def clients(online: Online) -> dict[str, Client]:
    anonymous, player = Client(), Client()
    player.force_login(online.other)
    return {"anonymous": anonymous, "another player": player}


def played() -> Online:
    online = online_board()
    place(online, 3)  # each seat has placed; the refills are drawn
    return online


def test_the_search_finds_a_rack_where_the_site_writes_one() -> None:
    """The forms searched are the ones the site writes: the log with its draws shown, the full
    record in JSON (indented, as downloaded) and in text, and a rack in a row."""
    online = played()
    game = online.game
    forms = rack_forms(game)
    rows = list(game.actions.order_by("index"))
    shown_log = JsonResponse(
        {"log": selectors.entries(rows, racks_hidden=False)}, json_dumps_params={"indent": 2}
    )
    full = positions.make_record(
        game.ruleset,
        game.options,
        game.players,
        [r.payload for r in selectors.record_rows(game)],
        {},
        "full",
    )
    assert leaks(shown_log.content.decode(), forms)
    assert leaks(json.dumps(full.to_json(), indent=2), forms)
    assert leaks(full.to_text(), forms)
    rack = engine_of(game).racks[0]
    assert leaks(f"<li>{' '.join(rack)}</li>", forms)
    assert not leaks(f"<li>{' '.join(rack[:1])}</li>", forms)  # one tile: a placement's name


@pytest.mark.parametrize("who", ["anonymous", "another player"])
def test_no_spectator_address_shows_a_rack_of_a_game_in_play(who: str) -> None:
    online = played()
    client = clients(online)[who]
    forms = rack_forms(online.game)
    assert len(forms) > 8
    for url in spectator_urls(online):
        response = client.get(url)
        assert response.status_code == 200, url
        for body in bodies(response):
            assert leaks(body, forms) == [], url
            assert str(online.game.seed) not in body, url


def test_the_live_part_a_spectator_polls_shows_no_rack(client: Client) -> None:
    online = played()
    forms = rack_forms(online.game)
    url = reverse("game-board-live", args=[online.board.pk])
    response = client.get(url, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert leaks(response.content.decode(), forms) == []


def test_a_spectators_preview_tells_nothing_of_the_rack(client: Client) -> None:
    """A preview is scored on the position without the racks: a tile the seat to move does
    not hold is previewed as one it does (a refusal "not in your rack" would tell the rack
    tile by tile)."""
    online = played()
    eng = engine_of(online.game)
    seat = eng.to_move
    assert seat is not None
    held = set(eng.racks[seat])
    cell = eng.legal_placements()[0]["cells"]
    missing = next(kind for kind in TILE_KINDS if kind not in held)
    url = reverse("api-game-preview", args=[online.board.pk])
    answers = {
        kind: client.get(url, {"tile": kind, "cells": ",".join(cell)}).status_code
        for kind in (missing, sorted(held)[0])
    }
    assert answers == {missing: 200, sorted(held)[0]: 200}


def heard(layer: Any, channel: str) -> list[dict[str, Any]]:
    """Every message waiting on ``channel`` (a socket's consumer hears these)."""

    async def drain() -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = []
        while True:
            try:
                found.append(await asyncio.wait_for(layer.receive(channel), 0.2))
            except TimeoutError:
                return found

    return async_to_sync(drain)()


def test_a_socket_message_is_its_kind_and_version_alone(
    settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    online = online_board()
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(push.board_group(online.board.pk), channel)
    with django_capture_on_commit_callbacks(execute=True):
        place(online, 2)
    messages = heard(layer, channel)
    assert messages and all(set(m) == {"type", "kind", "version"} for m in messages)
    assert leaks(json.dumps(messages), rack_forms(online.game)) == []


def test_the_full_record_with_every_draw_once_the_game_is_over(client: Client) -> None:
    online = played()
    draws = [
        list(a.payload["tiles"]) for a in online.game.actions.filter(kind="draw").order_by("index")
    ]
    Game.objects.filter(pk=online.game.pk).update(status=Game.Status.FINISHED)
    record = client.get(reverse("game-record-json", args=[online.board.pk])).json()
    assert record["mode"] == "full"
    assert [a["tiles"] for a in record["actions"] if a["type"] == "draw"] == draws
    state = client.get(reverse("api-game-state", args=[online.board.pk])).json()
    assert [e["payload"].get("tiles") for e in state["log"] if e["kind"] == "draw"] == draws
    archive = client.get(reverse("export-games-zip", args=[online.event.slug]))
    assert any(leaks(body, rack_forms(fresh(online.game))) for body in bodies(archive))


def test_the_seated_player_and_the_arbiter_are_not_spectators() -> None:
    """Who sees the game as it is: its seats and the event's arbiters (their own pages show
    racks: the player's page, the arbiter's inspection); everyone else is a spectator."""
    from games.spectating.selectors import sees_live

    online = played()
    game = selectors.game_at_board(online.board.pk)
    assert game is not None
    assert sees_live(online.seated, game) and sees_live(online.arbiter, game)
    assert not sees_live(online.other, game)
    assert not sees_live(None, game)
    api = APIClient()
    api.force_authenticate(online.other)
    assert api.get(reverse("api-game-state", args=[online.board.pk])).status_code == 200
