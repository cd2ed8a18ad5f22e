"""Fair clocks through the API and the board page (issue 29): a clock operation carries the moment
it was made (``client_at``, in the server's time), checked before anything is written; the
answers give the server's time to estimate the offset from; the log says what was credited."""

import datetime as dt
import re
from typing import Any

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from games.models import GameAction
from tests.games.factories import board_with_game, fresh

pytestmark = pytest.mark.usefixtures("tasks_in_process")

T0 = dt.datetime(2026, 8, 20, 10, 0, 0, tzinfo=dt.UTC)
MIN = 60_000
RO = {"type": "place", "player": 0, "tile": "RO", "cells": ["C9", "D9"]}


def epoch_ms(moment: dt.datetime) -> int:
    return int(moment.timestamp() * 1000)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "sent",
    [epoch_ms(T0 + dt.timedelta(seconds=32)), "2026-08-20T10:00:32Z", "2026-08-20T12:00:32+02:00"],
)
def test_the_api_charges_a_press_when_the_device_says_it_was_made(table: Any, sent: Any) -> None:
    _board, game, _arbiter, tablet = table()
    with time_machine.travel(T0, tick=False) as clock:
        assert tablet.clock("start").status_code == 200
        clock.shift(30)
        assert tablet.act(RO).status_code == 201
        clock.shift(3.5)
        response = tablet.clock("press", client_at=sent)
        assert response.status_code == 200, response.content
        stored = response.json()["stored"][0]
        assert stored["payload"]["lag"]["credited_ms"] == 1500
        assert stored["at"] == (T0 + dt.timedelta(seconds=32)).isoformat()
        assert fresh(game).remaining_ms == [10 * MIN - 32_000, 10 * MIN]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("sent", "words"),
    [
        ("soon", "milliseconds since 1970"),
        ("2026-08-20T10:00:32", "no time zone"),
        (-5, "milliseconds since 1970"),
        (True, "milliseconds since 1970"),
        (10**17, "milliseconds since 1970"),
        ({"at": 1}, "milliseconds since 1970"),
    ],
)
def test_the_api_refuses_a_moment_it_cannot_read_and_changes_nothing(
    table: Any, sent: Any, words: str
) -> None:
    _board, game, _arbiter, tablet = table()
    assert tablet.clock("start").status_code == 200
    assert tablet.act(RO).status_code == 201
    before = fresh(game)
    response = tablet.clock("press", client_at=sent)
    assert response.status_code == 400
    body = response.json()
    assert "client_at" in str(body) and words in str(body), body
    after = fresh(game)
    assert (after.log_length, after.clock_seat) == (before.log_length, before.clock_seat)


@pytest.mark.django_db
def test_the_schema_documents_client_at(client: Client) -> None:
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    assert "client_at" in schema and "lag allowance" in schema


@pytest.mark.django_db
def test_the_board_page_charges_a_press_at_its_moment_and_its_log_says_so(client: Client) -> None:
    board, game, arbiter = board_with_game()
    client.force_login(arbiter)
    url = reverse("game-board-act", args=[board.pk])
    with time_machine.travel(T0, tick=False) as clock:
        client.post(url, {"op": "start", "expected_index": 0}, HTTP_HX_REQUEST="true")
        clock.shift(30)
        fields = {"op": "place", "tile": "RO", "cell1": "C9", "cell2": "D9", "expected_index": 1}
        client.post(url, fields, HTTP_HX_REQUEST="true")
        clock.shift(3.5)
        response = client.post(
            url,
            {
                "op": "press",
                "expected_index": 2,
                "client_at": str(epoch_ms(T0 + dt.timedelta(seconds=32))),
            },
            HTTP_HX_REQUEST="true",
        )
        assert response["X-Server-Ms"] == str(epoch_ms(T0 + dt.timedelta(seconds=33.5)))
        html = response.content.decode()
        assert "sent 1.5 s before it arrived, 1.5 s credited" in html
        assert fresh(game).remaining_ms == [10 * MIN - 32_000, 10 * MIN]


@pytest.mark.django_db
def test_a_poll_of_the_board_says_the_servers_time_even_when_nothing_changed(
    client: Client,
) -> None:
    board, game, _arbiter = board_with_game()
    url = reverse("game-board-live", args=[board.pk])
    with time_machine.travel(T0, tick=False):
        first = client.get(url)
        assert first.status_code == 200
        again = client.get(
            url, {"since": fresh(game).log_length}, HTTP_X_HELD_VERSION=first.get("X-Version", "")
        )
        assert again.status_code == 204
        assert again["X-Server-Ms"] == first["X-Server-Ms"] == str(epoch_ms(T0))


@pytest.mark.django_db
def test_the_board_page_refuses_a_moment_it_cannot_read_and_changes_nothing(
    client: Client,
) -> None:
    board, game, arbiter = board_with_game()
    client.force_login(arbiter)
    url = reverse("game-board-act", args=[board.pk])
    client.post(url, {"op": "start", "expected_index": 0}, HTTP_HX_REQUEST="true")
    response = client.post(
        url, {"op": "pause", "expected_index": 1, "client_at": "yesterday"}, HTTP_HX_REQUEST="true"
    )
    errors = re.findall(r'class="flash error" role="alert">([^<]*)<', response.content.decode())
    assert errors and "client_at" in errors[0], errors
    assert fresh(game).clock_running is True
    assert GameAction.objects.filter(game=game, kind="pause").count() == 0
