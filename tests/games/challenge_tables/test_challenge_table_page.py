"""The Challenge table page as the arbiter uses it (issue 28, item 2): an action through htmx
answers with the live part of the page and confirms in words what it did; without JavaScript
it is a form and a redirect; the controls are one seat's and only what the rules allow; the
log is in words, seats are numbered from 1, the deck and the discard pile are counted, and every
sentence is in the reader's language."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.challenge_tables.selectors import effective_actions, record_of, replay_table
from games.challenge_tables.services import record_challenge_action, start_table
from games.models import Game
from tests.factories import EventFactory, UserFactory, arbiter_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def arbiter() -> Any:
    return arbiter_of(EventFactory(), "arb")


def client_of(user: Any) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def card_table(arbiter: Any, names: tuple[str, ...] = ("Ada", "Bea", "Cy")) -> Game:
    """A table-mode Card Challenge with its face-up cards turned: RG, RO, RB (three players)."""
    table = start_table(user=arbiter, challenge="card", mode="table", players=list(names))
    for seat, card in enumerate(("RG", "RO", "RB")[: len(names)]):
        cards = [card] if len(names) > 2 else [card, "YP"]
        record_challenge_action(
            table=table,
            user=arbiter,
            expected_index=seat,
            action={"type": "faceup", "player": seat, "cards": cards},
        )
    table.refresh_from_db()
    return table


def page_of(client: Client, table: Game, query: str = "") -> str:
    return client.get(reverse("challenge-table", args=[table.pk]) + query).content.decode()


def act(client: Client, table: Game, index: int, **fields: Any) -> Any:
    return client.post(reverse("challenge-act", args=[table.pk]), {"index": index, **fields}, **HX)


def players_of(html: str) -> set[str]:
    """The seats whose controls the page shows (each form names the seat it records for)."""
    return set(re.findall(r'name="player" value="(\d)"', html))


def test_an_htmx_action_answers_with_the_live_part_and_says_what_it_did(arbiter: Any) -> None:
    table = card_table(arbiter)
    client = client_of(arbiter)
    response = act(client, table, 3, kind="play", player=0, card="RB", first="R")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="challenge-live"')
    assert "<html" not in html  # a fragment: no reload
    assert json.loads(response["HX-Trigger"]) == {"challenge-recorded": {}}
    # red: RG, RO and RB face up; blue: RB. Counted before the played card goes down.
    assert "Ada plays RB, red first: red +3, blue +1." in html
    assert 'data-next-index="4"' in html
    assert record_of(table).actions[-1] == {"type": "play", "player": 0, "card": "RB", "first": "R"}


def test_without_javascript_an_action_is_a_form_and_a_redirect(arbiter: Any) -> None:
    table = card_table(arbiter)
    client = client_of(arbiter)
    url = reverse("challenge-act", args=[table.pk])
    response = client.post(
        url, {"index": 3, "kind": "play", "player": 0, "card": "RB", "first": "B"}
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("challenge-table", args=[table.pk])
    page = client.get(response["Location"]).content.decode()
    assert "Ada plays RB, blue first: blue +1, red +3." in page
    assert 'method="post" action="' + url + '"' in page  # every control works without htmx


def test_the_log_is_in_words_and_seats_are_numbered_from_one(arbiter: Any) -> None:
    table = card_table(arbiter)
    client = client_of(arbiter)
    act(client, table, 3, kind="play", player=0, card="RB", first="R")
    page = page_of(client, table)
    log = page.split('id="log"')[1].split("</ol>")[0]
    assert '{"type"' not in page and "&quot;type&quot;" not in page  # no JSON
    assert "Ada turns up RG." in log and "Cy turns up RB." in log
    assert "Ada plays RB, red first: red +3, blue +1." in log
    assert '<li value="4"' in log and '<li value="1"' in log  # the log counts from 1
    # the next seat, by its number from 1; the engine's "seat 0" is never said
    assert "Bea (seat 2) plays a card." in page
    assert "1 · Ada" in page and "3 · Cy" in page
    assert "seat 0" not in page


def test_the_deck_and_the_discard_pile_are_counted_as_the_game_goes(arbiter: Any) -> None:
    table = card_table(arbiter)
    client = client_of(arbiter)
    # 60 cards: 18 in the hands, 3 face up
    assert "Deck: 39 cards · discard pile: 0 cards" in page_of(client, table)
    act(client, table, 3, kind="play", player=0, card="GB", first="G")
    # Ada's face-up RG is discarded; she draws when Bea plays (or swaps)
    assert "Deck: 39 cards · discard pile: 1 card" in page_of(client, table)
    html = act(client, table, 4, kind="play", player=1, card="YP", first="Y").content.decode()
    assert "Deck: 38 cards · discard pile: 2 cards" in html
    state = client.get(reverse("api-challenge-state", args=[table.pk])).json()
    assert (state["card"]["deck"], state["card"]["discard"]) == (38, 2)  # the API's too


def test_one_seats_controls_narrowed_to_what_the_rules_allow(arbiter: Any) -> None:
    table = card_table(arbiter)
    client = client_of(arbiter)
    page = page_of(client, table)
    assert players_of(page) == {"0"}
    # table mode: every kind of which a copy may be in Ada's hand, each symbol first
    cards = re.findall(r'name="card" value="(\w\w)"', page)
    assert len(cards) == 15 and cards[0] == "RG"
    act(client, table, 3, kind="play", player=0, card="RG", first="R")
    act(client, table, 4, kind="play", player=1, card="RG", first="G")
    act(client, table, 5, kind="play", player=2, card="RG", first="R")
    # four RG: three face up, one in the discard pile; none may be in a hand
    page = page_of(client, table)
    assert players_of(page) == {"0"}
    assert 'name="card" value="RG"' not in page and 'name="card" value="RB"' in page


def test_the_swap_is_the_seat_that_played_and_shows_only_its_controls(arbiter: Any) -> None:
    table = card_table(arbiter, ("Ada", "Bea"))  # face up: Ada RG YP, Bea RO YP
    client = client_of(arbiter)
    act(client, table, 2, kind="play", player=0, card="RG", first="R")
    page = page_of(client, table)
    # Ada's lowest rows are blue, orange, yellow and purple: her hand could only hold RG, and
    # two RG are left for a hand of five; Bea plays, and no swap is offered
    assert players_of(page) == {"1"} and "swaps the hand instead" not in page
    act(client, table, 3, kind="play", player=1, card="GB", first="G")
    act(client, table, 4, kind="play", player=0, card="YP", first="Y")
    page = page_of(client, table)
    # Ada's rows: red 2, green 1, yellow 2, purple 2; blue and orange are lowest
    assert "Bea (seat 2) plays a card, unless Ada (seat 1) swaps the hand first." in page
    assert players_of(page) == {"1"} and "Ada swaps the hand instead" in page
    swap = page_of(client, table, "?swap=1")
    assert players_of(swap) == {"0"} and 'name="card"' not in swap
    kinds = re.findall(r'name="shown_(\w\w)"', swap)
    assert kinds and not any(set(k) & {"B", "O"} for k in kinds)
    html = act(
        client, table, 5, kind="swap", player=0, shown_RG=0, shown_GY=2, shown_RY=2, shown_YP=1
    ).content.decode()
    assert "Ada swaps the hand, showing RY RY GY GY YP: it goes to the discard pile." in html
    assert record_of(table).actions[-1]["hand"] == ["RY", "RY", "GY", "GY", "YP"]
    assert "Bea (seat 2) plays a card." in html


def test_dice_and_tiles_are_drawn_with_their_symbols_and_their_choices(arbiter: Any) -> None:
    client = client_of(arbiter)
    dice = start_table(user=arbiter, challenge="dice", mode="table", players=["Ada", "Bea"])
    page = page_of(client, dice)
    # a roll: a colour symbol per face of each die
    assert page.count('name="face_0"') == 6 and 'name="face_3"' in page
    assert 'aria-label="red star"' in page
    faces = {f"face_{i}": f for i, f in enumerate("RRGB")}
    act(client, dice, 0, kind="roll", player=0, **faces)
    html = act(client, dice, 1, kind="roll", player=1, **faces).content.decode()
    assert "Bea rolls for the set-up: red, red, green, blue." in html
    roll = {"face_0": "R", "face_1": "R", "face_2": "O", "face_3": "B"}
    html = act(client, dice, 2, kind="roll", player=0, **roll).content.decode()
    # the steps of this roll only: red, orange, blue matched (with Bea's dice), red pair wild
    assert set(re.findall(r'value="(m:\w)"', html)) == {"m:R", "m:O", "m:B"}
    assert "red die matched: +2" in html and 'value="w:RR:P"' in html
    steps = {"step_0": "m:B", "step_1": "w:RR:O", "step_2": "m:O"}
    html = act(client, dice, 3, kind="resolve", player=0, **steps).content.decode()
    assert "Ada scores the dice: blue +1, 2 red dice wild: orange +1, orange +0." in html

    tile = start_table(user=arbiter, challenge="tile", mode="table", players=["Ada", "Bea"])
    act(client, tile, 0, kind="refill", tile_0="R", tile_1="G", tile_2="G")
    page = page_of(client, tile)
    draws = dict(re.findall(r'name="tile" value="(\w)".*?<span class="effect">([^<]+)', page))
    assert draws == {
        "R": "matches the centre",
        "G": "matches the centre",
        "B": "ends the turn",
        "O": "ends the turn",
        "Y": "ends the turn",
        "P": "ends the turn",
    }
    html = act(client, tile, 1, kind="draw", player=0, tile="B").content.decode()
    assert "Ada draws blue, not in the centre: the turn ends; it goes to the centre." in html
    assert "Pool: 122 tiles" in html


def test_a_refusal_says_why_in_words_and_changes_nothing(arbiter: Any) -> None:
    dice = start_table(user=arbiter, challenge="dice", mode="table", players=["Ada", "Bea"])
    client = client_of(arbiter)
    html = act(client, dice, 0, kind="resolve", player=0, step_0="m:R").content.decode()
    assert 'role="alert"' in html and "The action cannot be read." not in html
    assert "That action is not due now." in html and "WRONG_PHASE" not in html
    stale = act(client, dice, 3, kind="roll", player=0, face_0="R").content.decode()
    assert "The game has moved on" in stale
    assert dice.challenge_actions.count() == 0


def test_the_live_part_is_polled_and_answers_204_while_nothing_changed(arbiter: Any) -> None:
    table = card_table(arbiter)
    client = client_of(UserFactory(username="spectator"))
    url = reverse("challenge-table-live", args=[table.pk])
    assert client.get(url, HTTP_X_HELD_VERSION="3:play", **HX).status_code == 204
    response = client.get(url, HTTP_X_HELD_VERSION="2:play", **HX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Ada (seat 1) plays a card." in html and 'name="kind"' not in html  # no controls


def test_the_take_back_says_which_action_it_undid(arbiter: Any) -> None:
    table = card_table(arbiter)
    client = client_of(arbiter)
    act(client, table, 3, kind="play", player=0, card="RB", first="R")
    url = reverse("challenge-takeback", args=[table.pk])
    html = client.post(url, {"index": 4, "reason": "misread"}, **HX).content.decode()
    assert "Took back: Ada plays RB, red first." in html
    assert "taken back" in html and "misread" in html
    assert "Ada (seat 1) plays a card." in html


def test_the_viewer_says_the_last_action_in_words(arbiter: Any) -> None:
    table = card_table(arbiter)
    client = client_of(arbiter)
    act(client, table, 3, kind="play", player=0, card="RB", first="R")
    page = client.get(reverse("challenge-viewer", args=[table.pk]) + "?step=4").content.decode()
    assert "Last action: Ada plays RB, red first: red +3, blue +1." in page
    assert "Bea (seat 2) plays a card." in page and "<pre>" not in page


def test_every_sentence_is_in_the_readers_language(arbiter: Any) -> None:
    table = card_table(arbiter)
    client = client_of(arbiter)
    de = {"HTTP_ACCEPT_LANGUAGE": "de"}
    url = reverse("challenge-act", args=[table.pk])
    response = client.post(
        url, {"index": 3, "kind": "play", "player": 0, "card": "RB", "first": "R"}, **HX, **de
    )
    html = response.content.decode()
    assert "Ada spielt RB, rot zuerst: rot +3, blau +1." in html
    assert "Bea (Sitz 2) spielt eine Karte." in html
    assert "Nachziehstapel: 39 Karten · Ablagestapel: 1 Karte" in html
    # The answer adds its line to the log; the page draws the whole log.
    page = client.get(reverse("challenge-table", args=[table.pk]), **de).content.decode()
    assert "Cy deckt RB auf." in page
    for text in (html, page):
        for english in ("plays", "turns up", "seat", "Deck:", "first"):
            assert english not in text.split('id="challenge-controls"')[0], english


def buttons(html: str) -> list[str]:
    """The words of the controls' submit buttons (tags and extra spaces left out)."""
    controls = html.split('id="challenge-controls"')[1].split("</section>")[0]
    found = re.findall(r'<button type="submit"[^>]*>(.*?)</button>', controls, re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", b).split()) for b in found]


def test_in_full_mode_the_site_deals_rolls_and_draws_and_the_hand_is_played(
    arbiter: Any,
) -> None:
    client = client_of(arbiter)
    card = start_table(user=arbiter, challenge="card", mode="full", players=["Ada", "Bea"])
    assert buttons(page_of(client, card)) == ["Deal six cards to Ada"]
    act(client, card, 0, kind="deal", player=0)
    act(client, card, 1, kind="deal", player=1)
    assert buttons(page_of(client, card)) == ["Turn up 2 cards"]
    act(client, card, 2, kind="faceup", player=0)
    html = act(client, card, 3, kind="faceup", player=1).content.decode()
    assert "Bea turns up" in html and "(centre) and" in html
    game = replay_table(card, effective_actions(card))
    hand = sorted(set(game.hands[0].elements()))
    # Ada's controls: the kinds in her hand, each symbol first; nobody else's
    assert sorted(set(re.findall(r'name="card" value="(\w\w)"', html))) == hand
    assert players_of(html) == {"0"}
    html = act(
        client, card, 4, kind="play", player=0, card=hand[0], first=hand[0][1]
    ).content.decode()
    assert f"Ada plays {hand[0]}, " in html
    # after the play: Ada may swap (if her hand shows no lowest row), then draws; still Ada
    assert buttons(html)[-1] == "Draw 1 card" and players_of(html) == {"0"}
    html = act(client, card, 5, kind="draw", player=0).content.decode()
    assert re.search(r"Ada draws 1 card: \w\w\.", html)
    assert "Deck: 43 cards · discard pile: 1 card" in html  # 60 - 12 - 4 - 1 drawn

    dice = start_table(user=arbiter, challenge="dice", mode="full", players=["Ada", "Bea"])
    assert buttons(page_of(client, dice)) == ["Roll for the set-up"]
    html = act(client, dice, 0, kind="roll", player=0).content.decode()
    assert re.search(r"Ada rolls for the set-up: (\w+, ){3}\w+\.", html)

    tile = start_table(user=arbiter, challenge="tile", mode="full", players=["Ada", "Bea"])
    assert buttons(page_of(client, tile)) == ["Fill up the centre (3 tiles)"]
    html = act(client, tile, 0, kind="refill").content.decode()
    assert re.search(r"The centre is filled up: \w+, \w+, \w+\.", html)
    assert "Draw a tile" in buttons(html)
