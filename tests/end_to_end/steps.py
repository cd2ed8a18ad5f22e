"""Steps of a whole event as its people take them, shared by the end-to-end tests.

The director creates the festival and the event on their forms, names an arbiter, enters players
who have accounts, checks them in, pairs and publishes each round and enters results on the
result page; the players check in, give their word on the confirm page and read their mail; the
arbiter settles a dispute with a reason and records a game move by move on the board page,
pressing the clock when the turn passes. Factories only make the people (accounts and registry
players). Every write runs its on-commit work at once (pairing, e-mails, the replay check), as
the site's worker would after the request.

Boards are read seat by seat (``seat_names``): the same steps serve pairs, tables of 3 and 4,
partnership teams and solitaire entrants.
"""

from __future__ import annotations

import csv
import io
import json
import math
import random
import re
import zipfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

from django.contrib.auth.models import Permission
from django.core import mail
from django.http import HttpResponse
from django.test import Client, TestCase

from games.engine.game import Game as EngineGame
from games.models import Game
from games.recording import positions
from tests.factories import EventCreatorFactory, PlayerFactory, UserFactory
from tests.scoring import pdfreader
from tournament.festivals.models import FestivalRequest
from tournament.models.events import Board, Entry, Event, EventRole, Festival, Player, Round

#: The players of the stories, in the order they are entered (a story takes the first n).
PIONEERS = [
    "Ada Byron",
    "Alan Turing",
    "Grace Hopper",
    "Edsger Dijkstra",
    "Barbara Liskov",
    "Donald Knuth",
    "Frances Allen",
    "John Backus",
]

# The factories, as untyped callables (factory_boy has no types).
_event_creator: Any = EventCreatorFactory
_user: Any = UserFactory
_player: Any = PlayerFactory

# ---------------------------------------------------------------- on-commit work, mail


@contextmanager
def worker() -> Iterator[None]:
    """Run what the site queues on commit (pairing, e-mails, replay checks) when the block ends,
    as its worker would right after the request."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        yield


def outbox() -> list[mail.EmailMessage]:
    """Every e-mail sent so far (the test's mail.outbox)."""
    return list(mail.outbox)


def clear_mail() -> None:
    mail.outbox.clear()


def mails_to(address: str, *, containing: str = "") -> list[mail.EmailMessage]:
    """The e-mails sent to ``address`` (alone: nobody is copied), optionally only those whose
    subject or body contains ``containing``."""
    found = [m for m in mail.outbox if address in m.to]
    for message in found:
        assert message.to == [address] and not message.cc and not message.bcc, message.to
    return [m for m in found if containing in m.subject or containing in m.body]


# ---------------------------------------------------------------- people


@dataclass
class Person:
    """Someone with an account, signed in on their own browser (``client``); a player also has
    a registry player (``player``) claimed by the account."""

    user: Any
    client: Client
    player: Player | None = None

    @property
    def name(self) -> str:
        assert self.player is not None, "staff have no registry player"
        return self.player.name

    @property
    def email(self) -> str:
        return str(self.user.email)


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def director(username: str = "td", *, festivals: bool = True) -> Person:
    """A director the site's organisers named: may create events and (``festivals``) festivals
    of their own; without that right a director of an event may still create one."""
    user = _event_creator(username=username, email=f"{username}@example.org")
    if festivals:
        user.user_permissions.add(
            Permission.objects.get(content_type__app_label="tournament", codename="add_festival")
        )
    return Person(user, signed_in(user))


def staff(username: str) -> Person:
    """An account with no rights yet (an arbiter once a director names them)."""
    user = _user(username=username, email=f"{username}@example.org")
    return Person(user, signed_in(user))


def players_with_accounts(
    names: Sequence[str], *, rating: int = 2000, step: int = 10, clubs: str | Sequence[str] = ""
) -> list[Person]:
    """A registry player per name, each claimed by their own account (an e-mail address at
    example.org), registry ratings falling by ``step`` in the order given; ``clubs`` one for
    all or one per name."""
    people = []
    for n, name in enumerate(names):
        username = name.split()[0].lower()
        user = _user(username=username, email=f"{username}@example.org")
        club = clubs if isinstance(clubs, str) else clubs[n]
        player = _player(name=name, club=club, country="ENG", rating=rating - step * n, user=user)
        people.append(Person(user, signed_in(user), player))
    return people


# ---------------------------------------------------------------- festival and event


def ok(response: Any, status: int = 302) -> HttpResponse:
    """A page's answer with the status expected; else the page, to see what it said."""
    assert response.status_code == status, response.content.decode()[:3000]
    assert isinstance(response, HttpResponse)
    return response


def create_festival(
    td: Person,
    name: str,
    *,
    venue: str = "JW3, London",
    starts: str = "2026-08-20",
    ends: str = "2026-08-30",
) -> Festival:
    """The festival's form; whoever creates it is its director."""
    with worker():
        ok(
            td.client.post(
                "/festivals/new/",
                {
                    "name": name,
                    "venue": venue,
                    "starts": starts,
                    "ends": ends,
                    "time_zone": "Europe/London",
                },
            )
        )
    return Festival.objects.get(name=name)


def event_form(
    name: str,
    *,
    festival: Festival | None = None,
    ruleset: str = "mso",
    table_size: int = 2,
    rounds: int = 2,
    pairing_system: str = "auto",
    tiebreak_preset: str = "mso-ingenious",
    clock_minutes: int = 10,
    **more: Any,
) -> dict[str, Any]:
    """The event form's fields, as a director types them (``more``: any other field)."""
    return {
        "name": name,
        "venue": "JW3, London",
        "start_date": "2026-08-21",
        "end_date": "2026-08-21",
        "festival": str(festival.pk) if festival else "",
        "ruleset": ruleset,
        "table_size": str(table_size),
        "pairing_system": pairing_system,
        "rounds": str(rounds),
        "clock_minutes": str(clock_minutes),
        "bye_value": "1.0",
        "tiebreak_preset": tiebreak_preset,
        **more,
    }


def create_event(td: Person, name: str, **form: Any) -> Event:
    """The director's event form, as typed (``event_form``'s fields); the director is the
    event's director."""
    with worker():
        ok(td.client.post("/events/new/", event_form(name, **form)))
    return Event.objects.get(name=name)


def edit_event(td: Person, event: Event, **form: Any) -> Event:
    """The director sends the event's form again with ``form``'s fields (``event_form``)."""
    with worker():
        ok(td.client.post(f"/events/{event.slug}/edit/", event_form(event.name, **form)))
    return Event.objects.get(pk=event.pk)


def approve_festival_request(organiser: Person, festival: Festival, event: Event) -> Event:
    """An event of another director asks to join the festival; its director lets it in."""
    asked = FestivalRequest.objects.get(event=event, festival=festival)
    with worker():
        ok(organiser.client.post(f"/festivals/{festival.slug}/requests/{asked.pk}/approve/"))
    event.refresh_from_db()
    assert event.festival_id == festival.pk
    return event


def event_by_request(
    festival_name: str, dates: tuple[str, str], event_name: str, **form: Any
) -> tuple[Festival, Person, Event]:
    """A festival's organiser creates it on its form; another director (who may not create
    festivals) names it on their event's form (``event_form``'s fields), which asks to join,
    and the organiser lets the event in. The festival, the event's director and the event."""
    organiser = director("organiser")
    festival = create_festival(organiser, festival_name, starts=dates[0], ends=dates[1])
    td = director("td", festivals=False)
    event = create_event(td, event_name, festival=festival, **form)
    return festival, td, approve_festival_request(organiser, festival, event)


def name_arbiter(td: Person, event: Event, arbiter: Person, reason: str = "on the floor") -> None:
    with worker():
        ok(
            td.client.post(
                f"/events/{event.slug}/roles/",
                {"username": arbiter.user.username, "role": "arbiter", "reason": reason},
            )
        )
    assert EventRole.objects.filter(
        event=event, user=arbiter.user, role=EventRole.Role.ARBITER
    ).exists()


def enter_players(
    td: Person, event: Event, people: Sequence[Person | tuple[Person, Person]]
) -> list[Entry]:
    """Each registry player (or partnership team: the player and the partner) entered from the
    entries page, starting ranks in the order given."""
    firsts = []
    for person in people:
        first, partner = person if isinstance(person, tuple) else (person, None)
        assert first.player is not None
        fields = {"player": first.player.pk}
        if partner is not None:
            assert partner.player is not None
            fields["partner"] = partner.player.pk
        with worker():
            ok(td.client.post(f"/events/{event.slug}/entries/add/", fields))
        firsts.append(first.player)
    entries = [Entry.objects.get(event=event, player=p) for p in firsts]
    assert [e.starting_rank for e in entries] == list(range(1, len(people) + 1))
    return entries


def check_in(event: Event, person: Person) -> None:
    """A player checks in for the next round on their phone."""
    with worker():
        ok(person.client.post(f"/events/{event.slug}/check-in/", {"action": "in"}))


def check_in_by_hand(td: Person, event: Event, entry: Entry, round_number: int) -> None:
    """The director checks a player in at the desk."""
    with worker():
        ok(
            td.client.post(
                f"/events/{event.slug}/check-in/manage/",
                {"action": "in", "entry": entry.pk, "round": round_number},
            )
        )


def pair_and_publish(td: Person, event: Event, number: int) -> Round:
    """Pair the next round, look at the draft, publish it (e-mails go out)."""
    with worker():
        ok(td.client.post(f"/events/{event.slug}/rounds/pair/"))
    round_ = Round.objects.get(event=event, number=number)
    assert round_.status == Round.Status.DRAFT, round_.pairing_error
    ok(td.client.get(f"/events/{event.slug}/rounds/{number}/"), 200)
    with worker():
        ok(td.client.post(f"/events/{event.slug}/rounds/{number}/publish/", {"reviewed": "1"}))
    round_.refresh_from_db()
    assert round_.status == Round.Status.PUBLISHED
    return round_


# ---------------------------------------------------------------- boards


def board(event: Event, round_number: int, number: int) -> Board:
    return Board.objects.get(round__event=event, round__number=round_number, number=number)


def seat_names(b: Board) -> list[str]:
    """The player in each seat, seat 0 first (a partnership team's two players both appear)."""
    seats = b.seats.select_related("entry__player", "entry__partner").order_by("number")
    return [s.player.name for s in seats]


def seating(event: Event, round_number: int) -> list[list[str]]:
    """Every board of the round, by number, as its seats' names."""
    boards = Board.objects.filter(round__event=event, round__number=round_number)
    return [seat_names(b) for b in boards.order_by("number")]


def placings(b: Board) -> list[int | None]:
    return [s.placing for s in Board.objects.get(pk=b.pk).side_seats()]


def result_url(event: Event, b: Board) -> str:
    return f"/events/{event.slug}/boards/{b.pk}/result/"


def confirm_url(event: Event, b: Board) -> str:
    return f"/events/{event.slug}/boards/{b.pk}/confirm/"


# ---------------------------------------------------------------- results


def pair_fields(result: str, first_lowest: int | None, second_lowest: int | None) -> dict[str, Any]:
    fields: dict[str, Any] = {"result": result}
    if first_lowest is not None:
        fields["first_lowest"] = first_lowest
    if second_lowest is not None:
        fields["second_lowest"] = second_lowest
    return fields


def table_fields(
    levels: Sequence[Sequence[int]], places: Sequence[int] | None = None
) -> dict[str, Any]:
    """A table's word, seat by seat: ``lowest_n``, ``next_n``, the other four levels as
    ``rest_n`` when given (a solitaire entrant's six), and ``placing_n`` if given."""
    fields: dict[str, Any] = {}
    for n, seat in enumerate(levels):
        fields[f"lowest_{n}"] = seat[0]
        fields[f"next_{n}"] = seat[1]
        if len(seat) > 2:
            fields[f"rest_{n}"] = " ".join(str(level) for level in seat[2:])
        if places is not None:
            fields[f"placing_{n}"] = places[n]
    return fields


def director_pair_result(
    td: Person,
    b: Board,
    result: str,
    first_lowest: int | None = None,
    second_lowest: int | None = None,
    *,
    reason: str = "",
) -> Board:
    """The director's result form of a board of two sides (two players, or two teams)."""
    b = Board.objects.get(pk=b.pk)
    event = b.round.event
    fields = {
        **pair_fields(result, first_lowest, second_lowest),
        "reason": reason,
        "replaces": b.result_version,
    }
    with worker():
        ok(td.client.post(result_url(event, b), fields))
    b.refresh_from_db()
    assert b.result == result
    return b


def director_table_result(
    td: Person,
    b: Board,
    levels: Sequence[Sequence[int]],
    *,
    reason: str = "scoresheet handed in",
    places: Sequence[int] | None = None,
) -> Board:
    """The director's result form of a table: each seat's lowest and next lowest level."""
    b = Board.objects.get(pk=b.pk)
    event = b.round.event
    fields = {**table_fields(levels, places), "reason": reason, "replaces": b.result_version}
    with worker():
        ok(td.client.post(result_url(event, b), fields))
    b.refresh_from_db()
    assert b.result == "table"
    return b


def confirm(person: Person, b: Board, word: dict[str, Any]) -> Board:
    """A seated player's word on the confirm page (``pair_fields`` or ``table_fields``)."""
    event = Board.objects.get(pk=b.pk).round.event
    with worker():
        ok(person.client.post(confirm_url(event, b), word))
    return Board.objects.get(pk=b.pk)


def settle(arbiter: Person, b: Board, word: dict[str, Any], reason: str) -> Board:
    """An arbiter settles a disputed board on the confirm page, with a reason."""
    event = Board.objects.get(pk=b.pk).round.event
    fields = {"op": "settle", "settle-reason": reason}
    fields |= {f"settle-{k}": v for k, v in word.items()}
    with worker():
        ok(arbiter.client.post(confirm_url(event, b), fields))
    return Board.objects.get(pk=b.pk)


# ---------------------------------------------------------------- recording a game


@dataclass
class Recorded:
    """A game recorded at the board: the engine's final position and what was entered."""

    engine: EngineGame
    placements: int = 0
    presses: int = 0
    pressed: set[int] = field(default_factory=set)  # the seats whose clock was pressed
    actions: list[dict[str, Any]] = field(default_factory=list)

    @property
    def levels(self) -> list[list[int]]:
        """Each seat's six levels, lowest first."""
        return positions.table_levels(self.engine)


def _act(arbiter: Person, b: Board, fields: dict[str, Any]) -> None:
    game = Game.objects.get(board=b)
    before = game.log_length
    fields = {**fields, "expected_index": before}
    ok(arbiter.client.post(f"/games/board/{b.pk}/act/", fields))
    game.refresh_from_db()
    assert game.log_length > before, f"refused: {fields}"


def choose(
    engine: EngineGame, rng: random.Random, sample: int | None, tile: str | None = None
) -> dict[str, Any]:
    """A legal placement (of ``tile`` if given): the best-scoring of ``sample`` drawn at random
    (a player who looks for points, so colours climb as in a real game), or with no sample any
    legal placement drawn at random."""
    moves = engine.legal_placements()
    if tile is not None:
        moves = [m for m in moves if sorted(m["tile"]) == sorted(tile)]
    if sample is None:
        return rng.choice(moves)
    rng.shuffle(moves)
    best, best_points = moves[0], -1
    for move in moves[:sample]:
        points = sum(engine.preview(move["tile"], move["cells"])["points"].values())
        if points > best_points:
            best, best_points = move, points
    return best


def _press(arbiter: Person, b: Board, game: Game, done: Recorded) -> None:
    game.refresh_from_db()
    assert game.clock_seat is not None
    done.pressed.add(game.clock_seat)
    _act(arbiter, b, {"op": "press"})
    done.presses += 1


def record_game(
    arbiter: Person,
    b: Board,
    seed: int,
    *,
    sample: int | None = 12,
    deal: Sequence[str] | None = None,
) -> Recorded:
    """The arbiter records the board's game move by move on the board page: the clocks
    started, each placement the engine allows (chosen by a seeded draw, so the game is the same
    every run), and the clock pressed whenever the turn passes, until the game ends. With a
    ``deal`` (a solitaire round's tiles) each placement is of the next tile dealt and the one
    clock is pressed after each, as the next tile comes."""
    ok(arbiter.client.get(f"/games/board/{b.pk}/"), 200)  # the board page sets the game up
    game = Game.objects.get(board=b)
    engine = positions.replay(game.ruleset, game.options, game.players, [])
    rng = random.Random(seed)
    done = Recorded(engine)
    with worker():
        _act(arbiter, b, {"op": "start"})
        while not engine.over:
            dealt = deal[done.placements] if deal is not None else None
            move = choose(engine, rng, sample, dealt)
            game.refresh_from_db()
            if game.clock_seat != move["player"]:
                _press(arbiter, b, game, done)
            tile, (cell1, cell2) = move["tile"], move["cells"]
            _act(arbiter, b, {"op": "place", "tile": tile, "cell1": cell1, "cell2": cell2})
            engine.apply(move)
            done.actions.append(move)
            done.placements += 1
            if deal is not None and not engine.over:
                _press(arbiter, b, game, done)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return done


# ---------------------------------------------------------------- the documents' formulas


def pentamind(field: int, place: float) -> float:
    """docs/festival.md, a field of N <= 100: 100 x (N+5)/(N+6) x (N-P)/(N-1), two decimals
    (P the middle of a shared span)."""
    return round(100 * (field + 5) / (field + 6) * (field - place) / (field - 1), 2)


def site_rating(rating: Any) -> int:
    """docs/ratings.md: an openskill rating shown as 1500 + 40 x (mu - 3 sigma), rounded half
    up."""
    return int(math.floor(1500 + 40 * (rating.mu - 3 * rating.sigma) + 0.5))


# ---------------------------------------------------------------- reading pages and files


def page(client: Client, url: str) -> str:
    return ok(client.get(url), 200).content.decode()


def csv_rows(client: Client, url: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(page(client, url))))


def json_of(client: Client, url: str) -> Any:
    return json.loads(page(client, url))


def fields(rows: Sequence[dict[str, Any]], *keys: str) -> list[tuple[Any, ...]]:
    """Each JSON row's values at ``keys``, a dotted key reading into nested objects
    (``tiebreaks.results_between``, ``rounds.1``)."""

    def at(row: Any, key: str) -> Any:
        for part in key.split("."):
            row = row[part]
        return row

    return [tuple(at(row, key) for key in keys) for row in rows]


_PDF_ESCAPES = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}


def _pdf_string(raw: bytes) -> bytes:
    """A PDF literal string's bytes: its backslash escapes undone."""
    out, i = bytearray(), 0
    while i < len(raw):
        c = raw[i : i + 1]
        if c != b"\\":
            out += c
            i += 1
            continue
        nxt = raw[i + 1 : i + 2]
        octal = re.match(rb"[0-7]{1,3}", raw[i + 1 : i + 4])
        if octal:
            out.append(int(octal.group(), 8))
            i += 1 + len(octal.group())
        else:
            out += _PDF_ESCAPES.get(nxt, nxt)
            i += 2
    return bytes(out)


def pdf_text(data: bytes) -> list[str]:
    """The texts a PDF draws, page by page in drawing order, one string per ``Tj`` (a cell, a
    heading, a line), each byte read through its font's ToUnicode map (pdfreader.read_pdf
    checks the file's frame and decodes its streams)."""
    assert pdfreader.read_pdf(data).pages >= 1
    objects = {
        int(m.group(1)): m.group(2)
        for m in re.finditer(rb"(\d+) 0 obj\s*(.*?)\s*endobj", data, re.S)
    }

    def stream(number: int) -> bytes:
        found = re.search(rb"<<(.*?)>>\s*stream\r?\n(.*?)\s*endstream", objects[number], re.S)
        assert found, number
        return pdfreader.decode_stream(found.group(1), found.group(2))

    maps: dict[bytes, dict[int, str]] = {}
    for body in objects.values():
        font = re.search(rb"/Name\s*/(\S+)", body)
        unicode = re.search(rb"/ToUnicode\s+(\d+) 0 R", body)
        if font and unicode and b"/Font" in body:
            cmap = stream(int(unicode.group(1)))
            maps[font.group(1)] = {
                int(code, 16): chr(int(char, 16))
                for code, char in re.findall(rb"<([0-9A-Fa-f]{2})>\s*<([0-9A-Fa-f]{4})>", cmap)
            }
    texts: list[str] = []
    pages = [b for b in objects.values() if re.search(rb"/Type\s*/Page(?![a-zA-Z])", b)]
    for page_body in pages:
        contents = re.search(rb"/Contents\s+(\d+) 0 R", page_body)
        assert contents
        current = b""
        ops = rb"/(\S+)\s+[\d.]+\s+Tf|\(((?:\\.|[^\\)])*)\)\s*Tj"
        for op in re.finditer(ops, stream(int(contents.group(1))), re.S):
            if op.group(1):
                current = op.group(1)
                continue
            raw = _pdf_string(op.group(2))
            chars = maps.get(current)
            texts.append(
                "".join(chars.get(b, "?") for b in raw) if chars else raw.decode("latin-1")
            )
    return texts


def pdf_of(client: Client, url: str) -> list[str]:
    """A PDF download's texts (``pdf_text``)."""
    response = ok(client.get(url), 200)
    assert response["Content-Type"] == "application/pdf"
    return pdf_text(response.content)


def _runs_in_order(texts: list[str], runs: Sequence[Sequence[str]]) -> None:
    at = 0
    for run in runs:
        run = list(run)
        starts = [n for n in range(at, len(texts)) if texts[n : n + len(run)] == run]
        assert starts, f"not found after text {at}: {run}\n{texts[at : at + 40]}"
        at = starts[0] + len(run)


def check_event_pdf(
    client: Client, event: Event, runs: Sequence[Sequence[str]], *, absent: Sequence[str] = ()
) -> None:
    """The event PDF (pairings or tables, standings, crosstable) prints each run of texts (a
    row's cells, in order), the runs in the order given, and none of ``absent`` anywhere."""
    check_pdf(client, f"/events/{event.slug}/export/event.pdf", runs, absent=absent)


def check_pdf(
    client: Client, url: str, runs: Sequence[Sequence[str]], *, absent: Sequence[str] = ()
) -> None:
    """A PDF download prints each run of texts (a row's cells, in order), the runs in the
    order given, and none of ``absent`` anywhere (any case)."""
    texts = pdf_of(client, url)
    _runs_in_order(texts, runs)
    for word in absent:
        assert not [x for x in texts if word in x.lower()], word


def check_slips(client: Client, event: Event, number: int, slips: Sequence[Sequence[str]]) -> None:
    """The round's result slips (an arbiter's printout): one slip per board or table, in
    order, each headed ``Round n · Board b`` (``Table b`` at a table of 3 or 4) and naming its
    seats in seat order (a partnership team as its two players), each with its starting rank
    (``(#k)``). ``slips``: each slip's heading, then its names."""
    texts = pdf_of(client, f"/events/{event.slug}/export/slips/{number}.pdf")
    heads = [n for n, x in enumerate(texts) if x.startswith(f"Round {number} · ")]
    assert [texts[n] for n in heads] == [slip[0] for slip in slips]
    for n, (slip, start) in enumerate(zip(slips, heads, strict=True)):
        end = heads[n + 1] if n + 1 < len(heads) else len(texts)
        names = [
            re.sub(r" \(#\d+\)$", "", x) for x in texts[start:end] if re.search(r"\(#\d+\)$", x)
        ]
        assert names == list(slip[1:]), (slip[0], texts[start:end])
        assert texts[start + 1] == event.name


def check_games_zip(
    client: Client,
    event: Event,
    boards: dict[tuple[int, int], Sequence[str]],
    recorded: dict[tuple[int, int], Sequence[Sequence[int]]],
) -> None:
    """games.zip: one record (JSON and text) per board of the public rounds, named by round and
    board, its players in seat order (``boards``); a game recorded at the board holds its moves,
    and replayed they end on each seat's levels (``recorded``, lowest first); a board whose
    result was typed, confirmed or settled holds no move (an empty record)."""
    response = ok(client.get(f"/events/{event.slug}/export/games.zip"), 200)
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    stems = [f"{event.slug}/round-{r:02d}/board-{b:02d}" for r, b in boards]
    assert sorted(archive.namelist()) == sorted(
        [f"{event.slug}/index.json"] + [stem + ext for stem in stems for ext in (".json", ".txt")]
    )
    index = json.loads(archive.read(f"{event.slug}/index.json"))["games"]
    assert [(g["round"], g["board"], g["seats"]) for g in index] == [
        (r, b, list(names)) for (r, b), names in boards.items()
    ]
    for ((r, b), names), stem in zip(boards.items(), stems, strict=True):
        record = json.loads(archive.read(stem + ".json"))
        assert (record["round"], record["board"], record["event"]) == (r, b, event.name)
        assert record["players"] == list(names), (r, b)
        text = archive.read(stem + ".txt").decode()
        assert f"[round {r}]" in text and f"[board {b}]" in text
        if (r, b) not in recorded:
            assert record["actions"] == [], (r, b)
            continue
        engine = positions.replay(
            record["ruleset"], record.get("options") or {}, record["players"], record["actions"]
        )
        assert engine.over and positions.table_levels(engine) == [
            list(x) for x in recorded[(r, b)]
        ], (r, b, positions.table_levels(engine))
        assert record["actions"] and "1. " in text


class _Cells(HTMLParser):
    """The body rows of the first ``<table>`` whose class list holds ``css``, cell by cell (a
    row's ``<th>`` too; the ``<thead>`` left out)."""

    def __init__(self, css: str) -> None:
        super().__init__()
        self.css, self.depth, self.done, self.head = css, 0, False, False
        self.rows: list[list[str]] = []
        self.cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag == "table" and not self.done and (self.depth or self.css in classes):
            self.depth += 1
        elif self.depth and tag == "thead":
            self.head = True
        elif self.depth and tag == "tr" and not self.head:
            self.rows.append([])
        elif self.depth and tag in ("td", "th") and self.rows and not self.head:
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "table" and self.depth:
            self.depth -= 1
            self.done = self.depth == 0
        elif tag == "thead":
            self.head = False
        elif tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def table_rows(html: str, css: str) -> list[list[str]]:
    """The body rows of a page's table (its class ``css``) as the cells' texts."""
    parser = _Cells(css)
    parser.feed(html)
    return [row for row in parser.rows if row]
