"""Fair clocks on the arbiter's tablet (issue 29): the board page sends a clock press with the
moment it was made, in the server's time, its offset estimated from the server's time in the
answers (board.js) — right even on a tablet whose own clock is an hour wrong."""

import datetime as dt
from typing import Any
from urllib.parse import parse_qs

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import Page, expect

from games.clocks.services import start_clock
from games.models import GameAction
from games.recording.services import record_action
from tests.browser.conftest import log_in
from tests.games.factories import board_with_game, fresh

RO = {"type": "place", "player": 0, "tile": "RO", "cells": ["C9", "D9"]}


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_press_goes_with_its_moment_in_the_servers_time(page: Page, live_server: Any) -> None:
    board, game, arbiter = board_with_game()
    start_clock(game=game, user=arbiter, expected_index=0)
    record_action(game=fresh(game), user=arbiter, expected_index=1, action=RO)
    base = live_server.url
    log_in(page, base, arbiter.username, "correct-horse-battery")
    # The tablet's own clock is an hour behind the server's.
    page.clock.install(time=timezone.now() - dt.timedelta(hours=1))
    live = reverse("game-board-live", args=[board.pk])
    with page.expect_response(lambda r: live in r.url, timeout=10_000):  # a poll: a sample
        page.goto(f"{base}/games/board/{board.pk}/")
    press = page.get_by_role("button", name="Press clock")
    expect(press).to_be_visible()
    act = reverse("game-board-act", args=[board.pk])
    with page.expect_response(lambda r: r.request.method == "POST" and act in r.url) as answer:
        clicked = timezone.now()
        press.click()
    assert answer.value.status == 200
    fields = parse_qs(answer.value.request.post_data or "")
    assert fields["op"] == ["press"]
    made = dt.datetime.fromtimestamp(int(fields["client_at"][0]) / 1000, tz=dt.UTC)
    assert abs((made - clicked).total_seconds()) < 1, (made, clicked)
    row = GameAction.objects.get(game=game, kind="press")
    assert row.payload["lag"]["client_at"] == made.isoformat()
    assert 0 <= row.payload["lag"]["credited_ms"] < 1000
