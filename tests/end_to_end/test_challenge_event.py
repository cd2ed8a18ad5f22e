"""An event of the Ingenious Challenges in a festival, two rounds (Tile, then Card), run as the
people run it: the director makes the event and the festival on their forms, names the arbiter,
enters six players, pairs and publishes each round; the arbiter records one table of each round
action by action on the table's page until the game ends (full mode: the site turns up the tiles
and deals the cards from the table's seed); the director enters the other table of each round by
paper: its players give their word, or dispute it and an arbiter settles it, and the director
corrects it by hand. Then every page and download that reads the event is checked against
numbers worked out here by hand from CHALLENGES.md, docs/ratings.md and docs/festival.md.

Ways of entering a result at a Challenge table (a table like any other, issue 26):

- recorded at the table: round 1 board 1 (Tile), round 2 board 2 (Card); a recorded table takes
  no word (its result comes from the game);
- confirmed: round 1 board 2, all three players give the same rows and the result enters; a
  row past column 10 is refused on the player's page and on the director's form;
- disputed and settled, then corrected by hand: round 2 board 1, Ada's word differs from
  Chiara's and Eva's; the director and the arbiter (only they) get the dispute e-mail; the
  arbiter settles it with a reason, reading Eva's second-lowest row wrongly as 6; the director
  corrects it by hand on the result form with a reason (Eva's is 7), and both are logged.

The two recorded games are fixed by the table's seed (set before the first action: no page sets
a seed) and by the arbiter's choices (``next_choice``). Their final rows are literals, checked
once against the engine; everything after them (victory points, tie-breaks, ranks, Pentamind
points, ratings) is derived by hand below.

The results, in seat order (rows: lowest, second lowest; placing by the result order):

Round 1, Tile (target column 7 with three players):
  board 1 recorded: Ada [7,7,7,7,7,7] (7, 7) 1st and wins the game; Ben [5,6,6,5,7,5] (5, 5)
  3rd; Chiara [6,7,7,7,7,7] (6, 7) 2nd.
  board 2 by hand: Eva (6, 6) 1st, Finn (3, 4) 3rd, Dev (5, 5) 2nd.
Round 2, Card:
  board 1 by hand: Chiara (6, 7) and Eva (6, 7) share 1st (so nobody wins that game), Ada
  (5, 6) 3rd (seated Chiara, Ada, Eva).
  board 2 recorded: Ben [8,10,10,10,8,9] (8, 8) 1st and wins; Finn [6,10,10,10,8,7] (6, 7)
  2nd; Dev [4,6,6,6,6,6] (4, 6) 3rd.

The tally (victory points = sum of lowest rows; then games won; then the sum of second-lowest
rows; then the results between the tied players):
  Ben    5 + 8 = 13, won 1 (R2), second 5 + 8 = 13
  Eva    6 + 6 = 12, won 1 (R1), second 6 + 7 = 13
  Ada    7 + 5 = 12, won 1 (R1), second 7 + 6 = 13
  Chiara 6 + 6 = 12, won 0,      second 7 + 7 = 14
  Dev    5 + 4 = 9,  won 0,      second 5 + 6 = 11
  Finn   3 + 6 = 9,  won 0,      second 4 + 7 = 11
Eva and Ada are equal on the first three keys; between them, round 2 board 1: Eva placed above
Ada (Eva 1, Ada 0). Chiara has more victory points than Dev but fewer games won than Eva and
Ada. Dev and Finn are equal on the first three keys; between them: round 1 Dev above Finn,
round 2 Finn above Dev (1 each), so they share 5th.

Time: CHALLENGES.md and the rule text set no time limit, and a Challenge table starts no clock
(its ``remaining_ms`` stays empty, though the event form asks for clock minutes).
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from openskill.models import PlackettLuce

from games.challenges.record import check_record, load_record
from games.models import Game
from tests.end_to_end import steps as s
from tournament.confirmations.models import ResultConfirmation
from tournament.models.events import Board, Event, Festival, Player, Round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

EVENT = "Challenges Festival Open"
FESTIVAL = "Ingenious Week 2027"
ADA, BEN, CHIARA, DEV, EVA, FINN = (
    "Ada Byron",
    "Ben Okafor",
    "Chiara Rossi",
    "Dev Patel",
    "Eva Novak",
    "Finn Berg",
)
PLAYERS = [  # name, club, registry rating
    (ADA, "Leeds", 2000),
    (BEN, "York", 1900),
    (CHIARA, "Bath", 1800),
    (DEV, "Hull", 1700),
    (EVA, "Ely", 1600),
    (FINN, "Wells", 1500),
]
CLUB = {name: club for name, club, _rating in PLAYERS}
#: The starting ranks: the entries' order on the entries page.
SEEDED = [ADA, EVA, BEN, FINN, CHIARA, DEV]
#: The tables' seeds, per round, fixed before the first action.
SEEDS = {1: 2027, 2: 2028}
EVENT_FORM: dict[str, Any] = {
    "ruleset": "challenges",
    "table_size": 3,
    "challenge_sequence": "tile, card",
    "challenge_mode": "full",
    "pairing_system": "swiss",
    "rounds": 2,
    "requested_bye_points": ["0.5"],
}


# --------------------------------------------------------------------------- steps


def step_create_event_in_festival(td: s.Person) -> tuple[Event, Festival]:
    """The event on its form, the festival on its form (a director of an event may create one),
    then the event joins it on the event's form (the festival's own director: no approval)."""
    event = s.create_event(td, EVENT, **EVENT_FORM)
    festival = s.create_festival(td, FESTIVAL, venue="York", starts="2027-08-20", ends="2027-08-28")
    event = s.edit_event(td, event, festival=festival, **EVENT_FORM)
    assert event.festival_id == festival.pk
    assert (event.ruleset, event.table_size) == (Event.Ruleset.CHALLENGES, 3)
    assert event.ruleset_options == {"mode": "full", "challenges": ["tile", "card"]}
    return event, festival


def step_pair_and_publish(td: s.Person, event: Event, number: int) -> Round:
    """Pair the next round and publish the draft, reviewed; the tables' seeds are then fixed
    (see the docstring)."""
    round_ = s.pair_and_publish(td, event, number)
    Game.objects.filter(board__round=round_).update(seed=SEEDS[number])
    return round_


def next_choice(state: dict[str, Any]) -> dict[str, str | int]:
    """The table's next choice, as the arbiter posts it on the table page's form, from what the
    table shows (the API's state, as a tablet reads it). Tile: a free score in the first of the
    lowest colours the centre shows, else draw, and score after any good draw. Card: play the
    first card of the hand (sorted), its first symbol first; then draw."""
    legal = state["legal"]
    kinds = [action["type"] for action in legal]
    seat = legal[0]["player"]
    if state["challenge"] == "tile":
        if kinds == ["refill"]:
            return {"kind": "refill"}
        if "free" in kinds:
            rows, centre = state["rows"][seat], state["tile"]["centre"]
            lows = [c for c, v in zip("RGBOYP", rows, strict=True) if v == min(rows)]
            free = [c for c in lows if centre[c]]
            if free:
                return {"kind": "free", "player": seat, "colour": free[0]}
            return {"kind": "draw", "player": seat}
        return {"kind": "score", "player": seat}
    if "play" in kinds:
        card = state["card"]["hands"][seat][0]
        return {"kind": "play", "player": seat, "card": card, "first": card[0]}
    if "draw" in kinds:
        return {"kind": "draw", "player": seat}
    return {"kind": kinds[0], "player": seat}


def step_record_game(arbiter: Client, board: Board) -> dict[str, Any]:
    """The arbiter records the board's game action by action on the table page's form (the act
    endpoint), each checked by the engine, until the game is over; the result goes to the board
    when the last action is stored. Returns the final state."""
    table = board.game
    state_url = reverse("api-challenge-state", args=[table.pk])
    act_url = reverse("challenge-act", args=[table.pk])
    page = s.page(arbiter, reverse("challenge-table", args=[table.pk]))
    assert 'action="' + act_url + '"' in page
    for _ in range(1000):
        state: dict[str, Any] = s.json_of(arbiter, state_url)
        if state["over"]:
            return state
        form = {"index": state["next_index"], **next_choice(state)}
        with s.worker():
            s.ok(arbiter.post(act_url, form))
    raise AssertionError("the game did not end")


def step_row_past_ten_refused(director: Client, event: Event, board: Board) -> None:
    """CHALLENGES.md: a row runs from column 0 to 10, so the director's form refuses a lowest
    row of 11 (the board game's track of 18 does not apply); nothing is entered."""
    form = {**s.table_fields([(11, 11)] * 3), "reason": "typo", "replaces": board.result_version}
    response = director.post(s.result_url(event, board), form)
    assert response.status_code == 200
    assert "Levels run from 0 to 10." in response.content.decode()
    board.refresh_from_db()
    assert board.result == ""


def step_row_past_ten_refused_on_the_word(player: Client, event: Event, board: Board) -> None:
    """A player's word of a row 11 is refused by name; nothing is stored."""
    response = player.post(s.confirm_url(event, board), s.table_fields([(11, 11), (5, 5), (3, 4)]))
    assert response.status_code == 200
    assert "Ensure this value is less than or equal to 10." in response.content.decode()
    assert not ResultConfirmation.objects.filter(board=board).exists()


def step_recorded_table_takes_no_word(player: Client, event: Event, board: Board) -> None:
    """A table recorded at the table: its confirm page shows the game's result, no form."""
    page = s.page(player, s.confirm_url(event, board))
    assert 'name="lowest_0"' not in page
    assert f"The result is in: {ADA} placed 1, {BEN} placed 3, {CHIARA} placed 2." in page


def pairing_line(number: int, board: int, names: list[str], me: str) -> str:
    """The pairing e-mail's sentence, written out by hand: the table, the seat and the others
    with their clubs, in seat order."""
    others = ", ".join(f"{n} ({CLUB[n]})" for n in names if n != me)
    seat = names.index(me) + 1
    return f"Round {number} of {EVENT}: table {board}, seat {seat} of 3, with {others}."


def check_pairing_mails(event: Event, number: int, tables: list[list[str]]) -> None:
    """One e-mail per player, naming the table and the others; nobody else is written to."""
    sent = {m.to[0]: m for m in s.outbox()}
    names = [n for table in tables for n in table]
    assert sorted(sent) == sorted(f"{n.split()[0].lower()}@example.org" for n in names)
    for board, table in enumerate(tables, start=1):
        for name in table:
            message = sent[f"{name.split()[0].lower()}@example.org"]
            assert message.subject == f"Round {number} of {EVENT}: board {board}"
            assert pairing_line(number, board, table, name) in message.body
            assert f"/events/{event.slug}/rounds/{number}/#board-{board}" in message.body


def check_result_mails(
    number: int, board: int, placings: list[tuple[str, int]], who: str, tail: str = ""
) -> None:
    """The result e-mail to each player of the board (and nobody else): the placings at the
    table and who entered them (``tail``: how a correction's sentence ends instead)."""
    text = ", ".join(f"{name} {placing}" for name, placing in placings)
    line = f"Round {number}, board {board}: placings at the table: {text}"
    assert sorted(m.to[0] for m in s.outbox()) == sorted(
        f"{name.split()[0].lower()}@example.org" for name, _p in placings
    )
    for message in s.outbox():
        assert message.subject == f"{EVENT}: {line}"
        assert (line + tail if tail else f"{line} ({who}).") in message.body, message.body


def check_seats(board: Board, expected: list[tuple[str, int, int, int]]) -> None:
    """Each seat's player, lowest row, second lowest and placing, in seat order."""
    board.refresh_from_db()
    got = [
        (s.player.name, s.lowest, s.next_lowest, s.placing) for s in board.seats.order_by("number")
    ]
    assert got == expected
    assert board.result == "table"


# --------------------------------------------------------------------------- the event


def test_a_festival_event_of_challenges_over_two_rounds() -> None:
    """Two rounds of Challenges, every way a Challenge table takes a result, and the tally,
    its downloads, the ratings, Pentamind, the overall table and the e-mails, by hand."""
    # The director (may create events; a festival only as a director of an event), the
    # arbiter, and six registry players, each with an account and an e-mail address.
    td, arb = s.director("td", festivals=False), s.staff("arb")
    director, arbiter = td.client, arb.client
    names = [name for name, _club, _rating in PLAYERS]
    clubs = [club for _name, club, _rating in PLAYERS]
    players = {p.name: p for p in s.players_with_accounts(names, step=100, clubs=clubs)}
    assert [p.player.rating for p in players.values() if p.player] == [r for *_, r in PLAYERS]
    event, festival = step_create_event_in_festival(td)
    s.name_arbiter(td, event, arb, "runs the challenge tables")
    # Entered in this order (the starting ranks): round 1 deals the seeded list round the
    # tables (docs/pairing.md), ranks 1, 3 and 5 to table 1 and 2, 4 and 6 to table 2; in
    # round 2 Chiara (5) comes before Dev (6) on the same score, so the tables are as below.
    s.enter_players(td, event, [players[name] for name in SEEDED])
    s.clear_mail()
    staff_mail = {"td@example.org", "arb@example.org"}
    everyone_mailed: list[str] = []

    # ---- Round 1: the Tile Challenge.
    round1 = step_pair_and_publish(td, event, 1)
    assert round1.challenge == "tile"
    r1b1, r1b2 = round1.boards.order_by("number")
    tables1 = [[ADA, BEN, CHIARA], [EVA, FINN, DEV]]  # the table pairing's seating (observed)
    assert [s.seat_names(r1b1), s.seat_names(r1b2)] == tables1
    check_pairing_mails(event, 1, tables1)
    everyone_mailed += [m.to[0] for m in s.outbox()]
    for board in (r1b1, r1b2):
        table = board.game
        assert (table.kind, table.challenge, table.mode) == ("challenge", "tile", "full")
        assert table.seat_names == s.seat_names(board)
        # No clock at a Challenge table (CHALLENGES.md sets no time; see the report).
        assert (table.remaining_ms, table.clock_running) == ([], False)

    # Board 1: recorded at the table to the end.
    s.clear_mail()
    state = step_record_game(arbiter, r1b1)
    assert state["rows"] == [
        [7, 7, 7, 7, 7, 7],
        [5, 6, 6, 5, 7, 5],
        [6, 7, 7, 7, 7, 7],
    ]
    assert (state["winner"], state["record_length"]) == (0, 190)
    assert state["seed"] == SEEDS[1]
    check_seats(r1b1, [(ADA, 7, 7, 1), (BEN, 5, 5, 3), (CHIARA, 6, 7, 2)])
    assert r1b1.result_check == Board.Check.PASSED
    page = s.page(arbiter, reverse("challenge-table", args=[r1b1.game.pk]))
    assert f"The game is over. {ADA} wins." in page
    check_result_mails(1, 1, [(ADA, 1), (BEN, 3), (CHIARA, 2)], "recorded at the board")
    everyone_mailed += [m.to[0] for m in s.outbox()]

    step_recorded_table_takes_no_word(players[BEN].client, event, r1b1)

    # Board 2: played on paper; all three players give the same rows, and it enters.
    step_row_past_ten_refused(director, event, r1b2)
    step_row_past_ten_refused_on_the_word(players[DEV].client, event, r1b2)
    s.clear_mail()
    word = s.table_fields([(6, 6), (3, 4), (5, 5)])
    for n, name in enumerate((DEV, EVA, FINN)):
        done = s.confirm(players[name], r1b2, word)
        last = n == 2
        assert done.result == ("table" if last else ""), name
        assert done.confirmation == (
            Board.Confirmation.CONFIRMED if last else Board.Confirmation.AWAITING
        )
    check_seats(r1b2, [(EVA, 6, 6, 1), (FINN, 3, 4, 3), (DEV, 5, 5, 2)])
    check_result_mails(
        1, 2, [(EVA, 1), (FINN, 3), (DEV, 2)], "confirmed by every player at the table"
    )
    everyone_mailed += [m.to[0] for m in s.outbox()]
    # The players' result closes the table to recording.
    table = r1b2.game
    refused = arbiter.post(
        reverse("challenge-act", args=[table.pk]), {"index": 0, "kind": "refill"}, follow=True
    )
    assert "has a result entered" in refused.content.decode()
    table.refresh_from_db()
    assert table.log_length == 0
    round1.refresh_from_db()
    assert round1.status == Round.Status.COMPLETE

    # ---- Round 2: the Card Challenge.
    s.clear_mail()
    round2 = step_pair_and_publish(td, event, 2)
    assert round2.challenge == "card"
    r2b1, r2b2 = round2.boards.order_by("number")
    tables2 = [[CHIARA, ADA, EVA], [BEN, FINN, DEV]]  # the table pairing's seating (observed)
    assert [s.seat_names(r2b1), s.seat_names(r2b2)] == tables2
    check_pairing_mails(event, 2, tables2)
    everyone_mailed += [m.to[0] for m in s.outbox()]

    # Board 2 first: recorded at the table (the ratings still take board 1 first).
    s.clear_mail()
    state = step_record_game(arbiter, r2b2)
    assert state["rows"] == [
        [8, 10, 10, 10, 8, 9],
        [6, 10, 10, 10, 8, 7],
        [4, 6, 6, 6, 6, 6],
    ]
    assert (state["winner"], state["record_length"]) == (0, 301)
    check_seats(r2b2, [(BEN, 8, 8, 1), (FINN, 6, 7, 2), (DEV, 4, 6, 3)])
    assert r2b2.result_check == Board.Check.PASSED
    check_result_mails(2, 2, [(BEN, 1), (FINN, 2), (DEV, 3)], "recorded at the board")
    everyone_mailed += [m.to[0] for m in s.outbox()]

    # Board 1: Chiara and Eva agree, Ada's word differs: a dispute, for the staff alone.
    s.clear_mail()
    right = s.table_fields([(6, 7), (5, 6), (6, 7)])
    s.confirm(players[CHIARA], r2b1, right)
    s.confirm(players[EVA], r2b1, right)
    done = s.confirm(players[ADA], r2b1, s.table_fields([(6, 7), (5, 6), (6, 6)]))
    assert (done.result, done.confirmation) == ("", Board.Confirmation.DISPUTED)
    assert sorted(m.to[0] for m in s.outbox()) == sorted(staff_mail)
    for message in s.outbox():
        assert message.subject == f"{EVENT}: Round 2, board 1 is disputed"
        assert f"- {ADA} says " in message.body and f"- {EVA} says " in message.body
        assert f"/events/{event.slug}/boards/{r2b1.pk}/confirm/#settle" in message.body
    staff_told = [m.to[0] for m in s.outbox()]
    # The arbiter settles it, misreading Eva's second-lowest row as 6: Chiara alone is first.
    s.clear_mail()
    done = s.settle(
        arb,
        r2b1,
        s.table_fields([(6, 7), (5, 6), (6, 6)]),
        "read from the players' score sheets",
    )
    assert done.result == "table"
    check_seats(r2b1, [(CHIARA, 6, 7, 1), (ADA, 5, 6, 3), (EVA, 6, 6, 2)])
    check_result_mails(2, 1, [(CHIARA, 1), (ADA, 3), (EVA, 2)], "entered by the arbiter")
    everyone_mailed += [m.to[0] for m in s.outbox()]
    # The director corrects it by hand from the score sheet: Chiara and Eva share first.
    s.clear_mail()
    s.director_table_result(td, r2b1, [(6, 7), (5, 6), (6, 7)], reason="score sheet handed in")
    check_seats(r2b1, [(CHIARA, 6, 7, 1), (ADA, 5, 6, 3), (EVA, 6, 7, 1)])
    check_result_mails(
        2,
        1,
        [(CHIARA, 1), (ADA, 3), (EVA, 1)],
        "",
        tail=", corrected, entered by the director: score sheet handed in.",
    )
    everyone_mailed += [m.to[0] for m in s.outbox()]
    log = director.get(f"/events/{event.slug}/log/").content.decode()
    assert "read from the players&#x27; score sheets" in log
    assert "score sheet handed in" in log
    round2.refresh_from_db()
    assert round2.status == Round.Status.COMPLETE

    # The staff were written to once, about the dispute; the players about their own tables.
    assert sorted(staff_told) == sorted(staff_mail)
    assert not staff_mail & set(everyone_mailed)
    assert len(everyone_mailed) == 6 + 3 + 3 + 6 + 3 + 3 + 3

    check_standings(event)
    check_records(event)
    check_printouts(event)
    check_ratings({name: p.player for name, p in players.items() if p.player})
    check_pentamind_and_overall(
        festival, event, {name: p.player for name, p in players.items() if p.player}
    )


# --------------------------------------------------------------------------- by hand

#: The tally worked out in the module's docstring: rank, name, VP, won, second, between, R1, R2.
TALLY = [
    (1, BEN, 13, 1, 13, 0.0, 5, 8),
    (2, EVA, 12, 1, 13, 1.0, 6, 6),
    (3, ADA, 12, 1, 13, 0.0, 7, 5),
    (4, CHIARA, 12, 0, 14, 0.0, 6, 6),
    (5, FINN, 9, 0, 11, 1.0, 3, 6),  # sharing 5th: listed by starting rank (Finn 4, Dev 6)
    (5, DEV, 9, 0, 11, 1.0, 5, 4),
]


def check_standings(event: Event) -> None:
    """The standings page and its CSV and JSON: the tally of CHALLENGES.md, by hand."""
    client = Client()
    for name in ("event-standings", "event-crosstable"):  # the event's tables are the tally
        response = s.ok(client.get(reverse(name, args=[event.slug])))
        assert response["Location"] == reverse("challenge-standings", args=[event.slug])
    html = s.page(client, reverse("challenge-standings", args=[event.slug]))
    html = re.sub(r">\s+<", "><", html)
    assert 'R1 <span class="muted">Tile Challenge</span>' in html
    assert 'R2 <span class="muted">Card Challenge</span>' in html
    at = []
    for rank, name, vp, won, second, between, r1, r2 in TALLY:
        row = (
            f'<tr><td>{rank}</td><th scope="row">{name}</th><td>{vp}</td><td>{won}</td>'
            f"<td>{second}</td><td>{between}</td><td>{r1}</td><td>{r2}</td></tr>"
        )
        assert row in html, row
        at.append(html.index(row))
    assert at == sorted(at)

    rows = s.csv_rows(client, reverse("challenge-standings-csv", args=[event.slug]))
    assert list(rows[0]) == [
        "Rank",
        "Player",
        "Victory points",
        "Games won",
        "Second-lowest rows",
        "Between the tied",
        "Round 1",
        "Round 2",
        "Withdrawn",
    ]
    assert [list(r.values()) for r in rows] == [[*map(str, line), ""] for line in TALLY]

    data = s.json_of(client, reverse("challenge-standings-json", args=[event.slug]))
    assert data["rounds"] == [
        {"number": 1, "challenge": "tile"},
        {"number": 2, "challenge": "card"},
    ]
    assert data["tie_breaks"] == ["games_won", "second_lowest", "between"]
    keys = ["rank", "name", "victory_points", "games_won", "second_lowest", "between"]
    got = s.fields(data["standings"], *keys, "rounds.1", "rounds.2")
    assert got == TALLY


def check_records(event: Event) -> None:
    """The records download: every table of the event, round by round; the two recorded games
    in full, each a record the checker accepts; the two tables the director decided by hand
    hold no action."""
    data = s.json_of(Client(), reverse("challenge-records", args=[event.slug]))
    games = data["games"]
    assert [(g["round"], g["board"]) for g in games] == [(1, 1), (1, 2), (2, 1), (2, 2)]
    recorded = {(1, 1): ("tile", [ADA, BEN, CHIARA], 190), (2, 2): ("card", [BEN, FINN, DEV], 301)}
    for game in games:
        record = game["record"]
        where = (game["round"], game["board"])
        if where in recorded:
            challenge, names, length = recorded[where]
            assert game["status"] == "finished"
            assert (record["challenge"], record["mode"], record["players"]) == (
                challenge,
                "full",
                names,
            )
            assert len(record["actions"]) == length
            verdict = check_record(load_record(json.dumps(record)))
            assert (verdict["valid"], verdict["over"]) == (True, True)
        else:
            assert record["actions"] == []


def check_ratings(players: dict[str, Player]) -> None:
    """docs/ratings.md: each Challenge table is one game of three sides placed by the seats'
    placings, rated in order (round 1 board 1, round 1 board 2, round 2 board 1, round 2 board
    2: by round, then board number, whatever order the results came in), with openskill's
    Plackett-Luce at its documented parameters, shown as 1500 + 40 x (mu - 3 sigma)."""
    model = PlackettLuce(
        mu=25.0,
        sigma=25 / 3,
        beta=25 / 6,
        tau=25 / 300,
        kappa=0.0001,
        margin=0.0,
        limit_sigma=False,
        balance=False,
    )
    rating = {name: model.rating() for name, _club, _r in PLAYERS}
    games = [
        [(ADA, 1), (BEN, 3), (CHIARA, 2)],
        [(EVA, 1), (FINN, 3), (DEV, 2)],
        [(CHIARA, 1), (ADA, 3), (EVA, 1)],  # equal placings: a draw between Chiara and Eva
        [(BEN, 1), (FINN, 2), (DEV, 3)],
    ]
    for game in games:
        teams = model.rate([[rating[n]] for n, _p in game], ranks=[p for _n, p in game])
        for (name, _p), team in zip(game, teams, strict=True):
            rating[name] = team[0]
    body = s.json_of(Client(), reverse("api-ratings"))
    by_id = {row["player_id"]: row for row in body}
    for name, player in players.items():
        row = by_id[player.pk]
        assert row["games"] == 2
        assert row["mu"] == pytest.approx(rating[name].mu, abs=1e-9)
        assert row["sigma"] == pytest.approx(rating[name].sigma, abs=1e-9)
        assert row["rating"] == s.site_rating(rating[name])
    order = sorted(rating, key=lambda n: rating[n].mu - 3 * rating[n].sigma, reverse=True)
    assert [row["name"] for row in body] == order


def check_pentamind_and_overall(
    festival: Festival, event: Event, players: dict[str, Player]
) -> None:
    """docs/festival.md: the field is the six who played; places by the tally (Dev and Finn
    share 5-6, P = 5.5); score = the tally's victory points; points by the MSO formula."""
    expected = {  # place, from, to, score, points
        BEN: ("1", 1, 1, 13.0, s.pentamind(6, 1)),
        EVA: ("2", 2, 2, 12.0, s.pentamind(6, 2)),
        ADA: ("3", 3, 3, 12.0, s.pentamind(6, 3)),
        CHIARA: ("4", 4, 4, 12.0, s.pentamind(6, 4)),
        DEV: ("5-6", 5, 6, 9.0, s.pentamind(6, 5.5)),
        FINN: ("5-6", 5, 6, 9.0, s.pentamind(6, 5.5)),
    }
    # 100 x 11/12 x (6 - P)/5: 91.666.., 73.333.., 55, 36.666.., 9.1666..
    assert [expected[n][4] for n in (BEN, EVA, ADA, CHIARA, DEV)] == [
        91.67,
        73.33,
        55.0,
        36.67,
        9.17,
    ]
    client = Client()
    data = s.json_of(client, reverse("festival-pentamind-json", args=[festival.slug]))
    rows = data["placings"]
    assert len(rows) == 6  # one row per player
    got = {
        r["player"]: (r["place"], r["place_from"], r["place_to"], r["score"], r["pentamind_points"])
        for r in rows
    }
    assert got == expected
    for r in rows:
        assert (r["event_slug"], r["field_size"], r["player_id"], r["partner_id"]) == (
            event.slug,
            6,
            players[r["player"]].pk,
            None,
        )
        assert r["final"] is True  # both rounds played: the event is finished
    csv_rows = {
        r["Player"]: r
        for r in s.csv_rows(client, reverse("festival-pentamind-csv", args=[festival.slug]))
    }
    assert set(csv_rows) == set(expected)
    for name, (place, _f, _t, score, points) in expected.items():
        row = csv_rows[name]
        assert (row["Place"], row["Field size"], row["Score"]) == (place, "6", str(int(score)))
        assert row["Pentamind points"] == f"{points:.2f}"
        assert row["Event slug"] == event.slug

    overall = s.json_of(client, reverse("festival-overall-json", args=[festival.slug]))
    lines = [(x["rank"], x["player"], x["total"], x["events_played"]) for x in overall["table"]]
    assert lines == [  # one event each: the total is its points; equal totals share, by name
        (1, BEN, 91.67, 1),
        (2, EVA, 73.33, 1),
        (3, ADA, 55.0, 1),
        (4, CHIARA, 36.67, 1),
        (5, DEV, 9.17, 1),
        (5, FINN, 9.17, 1),
    ]
    html = s.page(client, reverse("festival-overall", args=[festival.slug]))
    order = [html.index(name) for name in (BEN, EVA, ADA, CHIARA, DEV, FINN)]
    assert order == sorted(order)


def check_printouts(event: Event) -> None:
    """The tally's PDF prints the tally rows worked out by hand and each round's tables seat
    by seat with the rows and placings; the event PDF is the same tally; each round's slips are
    one per table naming its three seats in order; games.zip holds every table's record."""
    client = Client()
    tally = [
        [str(rank), name, str(vp), str(won), str(second), f"{between:g}", str(r1), str(r2)]
        for rank, name, vp, won, second, between, r1, r2 in TALLY
    ]
    seats = [  # round, board, seat, player, lowest row, second lowest, placing (by hand above)
        ["Round 1: Tile Challenge"],
        ["1", "1", ADA, "7", "7", "1"],
        ["1", "2", BEN, "5", "5", "3"],
        ["1", "3", CHIARA, "6", "7", "2"],
        ["2", "1", EVA, "6", "6", "1"],
        ["2", "2", FINN, "3", "4", "3"],
        ["2", "3", DEV, "5", "5", "2"],
        ["Round 2: Card Challenge"],
        ["1", "1", CHIARA, "6", "7", "1"],
        ["1", "2", ADA, "5", "6", "3"],
        ["1", "3", EVA, "6", "7", "1"],
        ["2", "1", BEN, "8", "8", "1"],
        ["2", "2", FINN, "6", "7", "2"],
        ["2", "3", DEV, "4", "6", "3"],
    ]
    url = reverse("challenge-standings-pdf", args=[event.slug])
    s.check_pdf(client, url, [["Standings"], *tally, *seats], absent=["bye"])
    # The event's own PDF is the tally too (table points would put Eva first on 1.75).
    s.check_event_pdf(client, event, [["Standings"], *tally, *seats], absent=["bye"])
    for number, tables in (
        (1, [[ADA, BEN, CHIARA], [EVA, FINN, DEV]]),
        (2, [[CHIARA, ADA, EVA], [BEN, FINN, DEV]]),
    ):
        slips = [[f"Round {number} · Table {b}", *names] for b, names in enumerate(tables, 1)]
        s.check_slips(client, event, number, slips)
    check_games_zip(client, event)


def check_games_zip(client: Client, event: Event) -> None:
    """games.zip: each table's record as JSON (a Challenge record has no text form), named by
    round and board, its players in seat order; the two recorded games hold their actions
    (190 and 301, checked valid and over), the two decided on paper none."""
    response = client.get(f"/events/{event.slug}/export/games.zip")
    assert response.status_code == 200
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    tables = {
        (1, 1): ([ADA, BEN, CHIARA], 190),
        (1, 2): ([EVA, FINN, DEV], 0),
        (2, 1): ([CHIARA, ADA, EVA], 0),
        (2, 2): ([BEN, FINN, DEV], 301),
    }
    stems = {key: f"{event.slug}/round-{key[0]:02d}/board-{key[1]:02d}" for key in tables}
    assert sorted(archive.namelist()) == sorted(
        [f"{event.slug}/index.json", *(stem + ".json" for stem in stems.values())]
    )
    index = json.loads(archive.read(f"{event.slug}/index.json"))["games"]
    assert [(g["round"], g["board"], g["seats"], g["text"]) for g in index] == [
        (r, b, names, None) for (r, b), (names, _length) in tables.items()
    ]
    for key, (names, length) in tables.items():
        record = json.loads(archive.read(stems[key] + ".json"))
        assert (record["players"], len(record["actions"])) == (names, length), key
        if length:
            verdict = check_record(load_record(json.dumps(record)))
            assert (verdict["valid"], verdict["over"]) == (True, True), key
