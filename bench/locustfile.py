"""Locust users of the festival load bench (bench/festival.py starts locust with this file).

Three kinds of user, each a simulated person, read from the plan that bench/festival.py wrote
(FESTIVAL_PLAN): arbiters, one per live game, who start the clocks and then record each
placement and clock press through the games API at a board's pace; directors, one per event
without live games, who enter a round's results from the paper slips, have the next round
paired by the Celery worker (polling the round as the director's page does) and publish it;
spectators, who open an event's live page and then poll its fragments, the standings and a
game, with a phone's think time between requests.

The arbiters and directors are signed in already: the plan holds their session keys (made by
bench/festival.py), as a tablet that logged in before the round would be; logging in here would
measure the password hash 500 times instead. At the end the raw latencies, per kind, and every
error are written as JSON to FESTIVAL_REPORT, counted from the moment every user has started.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections import Counter, defaultdict
from typing import Any

from locust import FastHttpUser, between, events, task

PLAN: dict[str, Any] = {}
if os.environ.get("FESTIVAL_PLAN"):
    with open(os.environ["FESTIVAL_PLAN"]) as handle:
        PLAN = json.load(handle)
GAMES: list[dict[str, Any]] = list(PLAN.get("games", []))
DIRECTED: list[dict[str, Any]] = list(PLAN.get("directed", []))
PACE = PLAN.get("pace", {})
BROWSER = {"Accept-Encoding": "gzip, deflate, br"}

# The measured window: from the moment every user is running to the end.
WINDOW: dict[str, float] = {"start": 0.0, "end": 0.0}
TIMES: dict[str, list[float]] = defaultdict(list)
ERRORS: Counter[str] = Counter()


def kind_of(name: str) -> str:
    """A request's kind for the report: the part of its name before the colon."""
    return name.split(":", 1)[0]


@events.request.add_listener
def on_request(
    request_type: str, name: str, response_time: float, exception: Any, **kwargs: Any
) -> None:
    if not WINDOW["start"]:
        return
    if exception is not None:
        ERRORS[f"{name}: {str(exception)[:160]}"] += 1
        return
    TIMES[kind_of(name)].append(response_time)


@events.spawning_complete.add_listener
def on_spawned(user_count: int, **kwargs: Any) -> None:
    WINDOW["start"] = time.time()


@events.test_stop.add_listener
def on_stop(**kwargs: Any) -> None:
    WINDOW["end"] = time.time()
    path = os.environ.get("FESTIVAL_REPORT")
    if path:
        with open(path, "w") as handle:
            json.dump({"window": WINDOW, "times": TIMES, "errors": ERRORS}, handle)


def signed_in(account: dict[str, str]) -> dict[str, str]:
    """Headers of a signed-in tablet: its session and CSRF cookies, and the CSRF header that
    Django REST framework's session authentication asks of every write."""
    cookie = f"sessionid={account['session']}; csrftoken={account['csrf']}"
    return {"Cookie": cookie, "X-CSRFToken": account["csrf"], "Content-Type": "application/json"}


def failed(response: Any, what: str) -> None:
    """Mark the request failed with its status and the start of the answer (or, without an
    answer, the network's error); the listener files it under the request's name."""
    detail = (response.text or str(getattr(response, "error", "") or ""))[:160]
    response.failure(f"HTTP {response.status_code} {detail}".replace("\n", " ").strip())


class Arbiter(FastHttpUser):
    """Records one game at the board: clock start, then placements and clock presses."""

    fixed_count = len(GAMES)
    wait_time = between(PACE.get("arbiter_min", 6.0), PACE.get("arbiter_max", 14.0))

    def on_start(self) -> None:
        self.game = GAMES.pop() if GAMES else None
        if self.game is not None:
            self.headers = signed_in(self.game["account"])
            self.steps = list(self.game["steps"])
            self.index = 0  # the log's length: every write here adds one entry

    @task
    def next_step(self) -> None:
        if self.game is None or not self.steps:
            return  # the game's moves are all in: the arbiter waits for the next round
        step = self.steps[0]
        board = self.game["board"]
        if step["type"] == "place":
            url, name = f"/api/games/{board}/actions/", "move: place"
            body: dict[str, Any] = {"expected_index": self.index, "action": step}
        else:
            url, name = f"/api/games/{board}/clock/", f"clock: {step['type']}"
            # The moment of the press in the server's time (one host: one clock), as the board
            # page sends it; the server credits the time the request waited (docs/clocks.md).
            body = {
                "expected_index": self.index,
                "operation": step["type"],
                "client_at": int(time.time() * 1000),
            }
        with self.client.post(
            url, json=body, headers=self.headers, name=name, catch_response=True
        ) as response:
            if response.status_code not in (200, 201):
                failed(response, name)
                return
            self.index = response.json()["next_index"]
            self.steps.pop(0)


class Director(FastHttpUser):
    """Runs one event: results from the slips, then the next round paired and published."""

    fixed_count = len(DIRECTED)
    wait_time = between(PACE.get("director_min", 5.0), PACE.get("director_max", 15.0))

    def on_start(self) -> None:
        self.event = DIRECTED.pop() if DIRECTED else None
        if self.event is not None:
            self.headers = signed_in(self.event["account"])
            self.api = f"/api/events/{self.event['slug']}/"
            self.rng = random.Random(self.event["slug"])

    def get(self, path: str, name: str) -> Any:
        with self.client.get(path, headers=self.headers, name=name, catch_response=True) as r:
            if r.status_code != 200:
                failed(r, name)
                return None
            return r.json()

    def poll(self, path: str, name: str, held: str) -> tuple[Any, str]:
        """A conditional GET, as the director's page polls: (the body, its ETag), or (None,
        ``held``) when the round is unchanged since the ETag held (304)."""
        headers = {**self.headers, "If-None-Match": held} if held else self.headers
        with self.client.get(path, headers=headers, name=name, catch_response=True) as r:
            if r.status_code == 304:
                r.success()
                return None, held
            if r.status_code != 200:
                failed(r, name)
                return False, held
            return r.json(), r.headers.get("ETag") or ""

    @task
    def run_a_round(self) -> None:
        if self.event is None:
            return
        rounds = self.get(self.api + "rounds/", "director: rounds")
        if not rounds:
            return
        last = rounds[-1]
        for board in last["boards"]:
            if board["result"] or board["second"] is None:
                continue
            if not self.enter_result(board):
                return
            time.sleep(self.rng.uniform(0.2, 0.6))  # the next slip
        if last["number"] >= self.event["rounds"]:
            return
        self.pair_and_publish()

    def enter_result(self, board: dict[str, Any]) -> bool:
        low = self.rng.randint(6, 14)
        result, first, second = self.rng.choice(
            [("1-0", low + 2, low), ("0-1", low, low + 2), ("1/2-1/2", low, low)]
        )
        body = {
            "result": result,
            "first_lowest": first,
            "second_lowest": second,
            "replaces": board["result_version"],  # the version read with the round
        }
        with self.client.patch(
            f"{self.api}boards/{board['id']}/",
            json=body,
            headers=self.headers,
            name="director: result",
            catch_response=True,
        ) as response:
            if response.status_code != 200:
                failed(response, "director: result")
                return False
        return True

    def pair_and_publish(self) -> None:
        started = time.perf_counter()
        with self.client.post(
            self.api + "rounds/", headers=self.headers, name="director: pair", catch_response=True
        ) as response:
            if response.status_code != 202:
                failed(response, "director: pair")
                return
            number = response.json()["number"]
        # The director's page polls the round every second; a script may ask twice as often,
        # sending the round's ETag: unchanged, it is a 304 read from the cache alone.
        held = ""
        while True:
            time.sleep(0.5)
            round_, held = self.poll(f"{self.api}rounds/{number}/", "director: round", held)
            if round_ is False:
                return
            if round_ is None:
                continue
            if round_["pairing_error"]:
                events.request.fire(
                    request_type="TASK",
                    name="pairing: request to draft",
                    response_time=(time.perf_counter() - started) * 1000,
                    response_length=0,
                    exception=RuntimeError(round_["pairing_error"]),
                    context={},
                )
                return
            if round_["status"] == "draft":
                break
            if time.perf_counter() - started > 120:
                events.request.fire(
                    request_type="TASK",
                    name="pairing: request to draft",
                    response_time=(time.perf_counter() - started) * 1000,
                    response_length=0,
                    exception=TimeoutError(f"round {number} still being paired after 120 s"),
                    context={},
                )
                return
        events.request.fire(
            request_type="TASK",
            name="pairing: request to draft",
            response_time=(time.perf_counter() - started) * 1000,
            response_length=0,
            exception=None,
            context={},
        )
        with self.client.post(
            f"{self.api}rounds/{number}/publish/",
            headers=self.headers,
            name="director: publish",
            catch_response=True,
        ) as response:
            if response.status_code != 200:
                failed(response, "director: publish")


class Spectator(FastHttpUser):
    """Follows one event on a phone: the live page, its fragments, the standings, a game."""

    fixed_count = int(PLAN.get("spectators", 0))
    wait_time = between(PACE.get("spectator_min", 10.0), PACE.get("spectator_max", 30.0))

    def on_start(self) -> None:
        events_ = PLAN.get("events", [])
        # No page load here: 2,000 of them in the ramp's seconds would measure the ramp.
        self.event = random.choice(events_) if events_ else None
        # Phones on mobile data: each its own address, as the CDN in front of the front
        # (nginx) forwards it; the bench runs with TRUSTED_PROXY_COUNT=2, so the page limit
        # (PAGE_RATE) counts each phone apart, as it would in production.
        address = f"10.{random.randrange(256)}.{random.randrange(256)}.{random.randrange(1, 255)}"
        self.headers = {**BROWSER, "X-Forwarded-For": address}

    def page(self, pattern: str, name: str, board: int | None = None) -> None:
        assert self.event is not None
        path = pattern.format(slug=self.event["slug"], board=board)
        with self.client.get(path, headers=self.headers, name=name, catch_response=True) as answer:
            if answer.status_code != 200:
                failed(answer, name)

    @task(4)
    def boards(self) -> None:
        if self.event is not None:
            self.page("/events/{slug}/live/boards/", "spectator: live boards")

    @task(2)
    def live_standings(self) -> None:
        if self.event is not None:
            self.page("/events/{slug}/live/standings/", "spectator: live standings")

    @task(1)
    def standings(self) -> None:
        if self.event is not None:
            self.page("/events/{slug}/standings/", "spectator: standings page")

    @task(1)
    def live_page(self) -> None:
        if self.event is not None:
            self.page("/events/{slug}/live/", "spectator: live page")

    @task(2)
    def game(self) -> None:
        if self.event is not None and self.event["boards"]:
            board = random.choice(self.event["boards"])
            self.page("/games/board/{board}/live/", "spectator: game", board)
