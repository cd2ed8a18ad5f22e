"""The Card Challenge, one test per reading of CHALLENGES.md ("Card Challenge") and the rule
text's example of scoring."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from games.challenges.card import CARD_KINDS, POST, CardChallenge

from .helpers import names, play, refused, rows

HANDS = {
    0: ["RG", "RB", "RO", "RY", "RP", "GB"],
    1: ["GO", "GY", "GP", "BO", "BY", "BP"],
    2: ["OY", "OP", "YP", "RG", "RB", "RO"],
}


def deal(p: int, cards: list[str]) -> dict[str, Any]:
    return {"type": "deal", "player": p, "cards": cards}


def faceup(p: int, *cards: str) -> dict[str, Any]:
    return {"type": "faceup", "player": p, "cards": list(cards)}


def draw(p: int, *cards: str) -> dict[str, Any]:
    return {"type": "draw", "player": p, "cards": list(cards)}


def three_players(up: tuple[str, str, str] = ("GB", "RP", "RP")) -> CardChallenge:
    game = CardChallenge(names(3))
    for p in range(3):
        game.apply(deal(p, HANDS[p]))
    for p in range(3):
        game.apply(faceup(p, up[p]))
    return game


def test_reading_sixty_cards_four_of_each_kind() -> None:
    """Reading: 60 cards: 4 of each of the 15 two-colour kinds (no doubles)."""
    assert len(CARD_KINDS) == 15 and all(k[0] != k[1] for k in CARD_KINDS)
    assert CardChallenge(names(2)).deck.total() == 60


def test_rule_text_example_of_scoring() -> None:
    """The rule text's example: red from 2 to 4 (two red points), then purple only from 5 to 6:
    not to 7 while a peg is in the second area."""
    game = three_players()
    game.rows[0] = rows("2 2 1 1 1 5")
    game.apply(play(0, "RP", "R"))  # (HANDS[0] holds RP)
    assert game.rows[0] == rows("4 2 1 1 1 6")


def test_reading_own_faceup_card_counts_played_card_does_not() -> None:
    """Reading: one point per face-up card showing the symbol, the player's own face-up cards
    included, counted before the played card goes down."""
    game = three_players(("RG", "RB", "GO"))
    game.apply(play(0, "RG", "G"))
    assert game.rows[0] == rows("2 2 0 0 0 0")
    assert game.faceup == [["RG"], ["RB"], ["GO"]]
    assert game.discard == Counter({"RG": 1})


def test_reading_first_symbol_order_matters_under_the_restriction() -> None:
    """Reading: name which symbol scores first; then the same for the other symbol."""
    for first, expect in (("G", "2 3 1 1 1 1"), ("R", "2 5 1 1 1 1")):
        game = three_players(("BO", "RG", "RG"))
        game.rows[0] = rows("0 3 1 1 1 1")
        game.apply(play(0, "RG", first))
        assert game.rows[0] == rows(expect), first


def test_reading_two_players_centre_and_near_cards() -> None:
    """Reading: with two players each turns up two; the centre card is discarded, the near card
    moves to the centre, the played card goes near."""
    game = CardChallenge(names(2))
    game.apply(deal(0, HANDS[0]))
    game.apply(deal(1, HANDS[1]))
    refused(game, faceup(0, "GB"), "DRAW_MISMATCH")
    game.apply(faceup(0, "GB", "OY"))
    game.apply(faceup(1, "OP", "YP"))
    game.apply(play(0, "RY", "Y"))
    assert game.rows[0] == rows("0 0 0 0 2 0")
    assert game.faceup[0] == ["OY", "RY"] and game.discard == Counter({"GB": 1})


def test_reading_the_play_that_brings_the_last_peg_to_seven_wins() -> None:
    """Reading: the game ends when a player has all six pegs at 7 or more; the action that brings
    the last peg there is scored in full first, and that player wins."""
    game = three_players(("RG", "RB", "RO"))
    game.rows[0] = rows("9 7 7 7 7 7")
    for s in game.bonus_used:
        s.clear()
    game.apply(play(0, "RY", "R"))
    assert game.over and game.winner == 0  # all six at 7 or more: the play is scored, 0 wins


def test_reading_bonus_turns_owed_with_empty_hand_are_lost() -> None:
    """Reading: bonus turns still owed when the hand is empty are lost."""
    game = CardChallenge(names(3), "table")
    for p in range(3):
        game.apply(faceup(p, "RG"))
    game.rows[0] = rows("9 9 4 4 4 4")
    game.hand_size[0] = 1
    game.apply(play(0, "RG", "R"))
    assert game.phase == POST and game.owed == 0 and game.to_move == 1


def test_bonus_play_is_another_play_with_no_draw_between() -> None:
    """Record: a bonus turn is another play by the same seat with no draw between."""
    game = three_players(("RG", "RB", "RO"))
    game.rows[0] = rows("8 4 4 4 4 4")
    game.apply(play(0, "RB", "R"))
    assert game.rows[0][0] == 10 and game.owed == 1 and game.to_move == 0
    refused(
        game,
        draw(0, "RG"),
        "WRONG_PHASE",
        "Ada (seat 0) owes 1 bonus turn: no draw before they are taken",
    )
    refused(game, {"type": "swap", "player": 0}, "SWAP_NOT_ALLOWED")
    game.apply(play(0, "GB", "G"))
    assert game.owed == 0 and game.phase == POST
    refused(game, draw(0, "RG"), "DRAW_MISMATCH")  # two cards were played: draw two
    game.apply(draw(0, "GY", "GP"))
    assert game.hand_size[0] == 6 and game.to_move == 1


def test_reading_swap_only_without_lowest_colours() -> None:
    """Reading: a player whose hand shows none of their lowest rows' colours (all tied-lowest
    count) may show and discard the whole hand, then draws six."""
    game = three_players(("BO", "BO", "BO"))
    game.apply(play(0, "RG", "R"))
    # rows all 0: every colour is lowest, so any hand shows one
    message = refused(game, {"type": "swap", "player": 0}, "SWAP_NOT_ALLOWED")
    assert (
        message == "Ada (seat 0) may not swap: GB shows a lowest row "
        "(red, green, blue, orange, yellow, purple)"
    )
    game.rows[0] = rows("1 1 1 1 1 0")
    game.hands[0] = Counter(["RB", "RO", "RY", "GB", "GO"])
    game.apply({"type": "swap", "player": 0})
    assert game.hand_size[0] == 0 and game.discard["GO"] == 1
    refused(
        game,
        {"type": "swap", "player": 0},
        "SWAP_NOT_ALLOWED",
        "Ada (seat 0) has already swapped this turn",
    )
    refused(game, draw(0, "RG"), "DRAW_MISMATCH")
    game.apply(draw(0, "RG", "RG", "YP", "OP", "OY", "BY"))
    assert game.to_move == 1


def test_reading_empty_deck_replaced_at_once_by_discard_pile() -> None:
    """Reading: an empty deck is replaced at once by the shuffled discard pile."""
    game = three_players()
    game.deck = Counter({"GB": 1})
    game.discard = Counter({"RG": 2})
    game.apply(play(0, "RG", "R"))  # its face-up GB goes to the discard pile
    game.apply(draw(0, "GB"))  # the deck's last card: the pile becomes the deck at once
    assert game.deck == Counter({"RG": 2, "GB": 1}) and game.discard == Counter()
    game.apply(play(1, "GO", "G"))  # 1's face-up RP is discarded
    game.hand_size[1] = 4
    game.hands[1] = Counter(["GY", "GP", "BO", "BY"])
    game.deck = Counter({"GB": 1})
    refused(game, draw(1, "GB", "GB"), "DRAW_MISMATCH")
    game.apply(draw(1, "GB", "RP"))  # the second card comes from the reshuffled pile
    assert game.deck.total() == 0 and game.discard.total() == 0 and game.hands[1]["RP"] == 1


def test_card_not_in_hand_and_first_symbol() -> None:
    game = three_players()
    refused(
        game,
        play(0, "OY", "O"),
        "CARD_NOT_IN_HAND",
        "Ada (seat 0) holds no OY (hand: GB RB RG RO RP RY)",
    )
    refused(game, play(0, "RB", "G"), "NO_MATCH", '"first" must be a symbol of the card RB, not G')
    refused(game, play(0, "RR", "R"), "BAD_RECORD")
    refused(game, play(1, "GO", "G"), "NOT_YOUR_TURN")
    game.apply(play(0, "BR", "B"))  # "BR" is "RB"
    assert game.faceup[0] == ["RB"]


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (play(0, "RG", "R"), "WRONG_PHASE"),
        (faceup(0, "RG"), "WRONG_PHASE"),
        (deal(1, HANDS[1]), "NOT_YOUR_TURN"),
        (deal(0, HANDS[0][:5]), "DRAW_MISMATCH"),
    ],
)
def test_setup_order_is_deals_then_faceups(action: dict[str, Any], code: str) -> None:
    """Reading: deal 6 to each player; then in seat order each turns a card face up."""
    refused(CardChallenge(names(3)), action, code)


def test_table_mode_hides_hands() -> None:
    """Record: table mode has no deal and no draw; a swap shows the hand; the turn ends with
    the play (or the swap)."""
    game = CardChallenge(names(2), "table")
    refused(
        game,
        deal(0, HANDS[0]),
        "BAD_RECORD",
        "a table-mode record has no deal actions (hands are hidden)",
    )
    game.apply(faceup(0, "RG", "RB"))
    game.apply(faceup(1, "RG", "RO"))
    game.apply(play(0, "YP", "Y"))
    assert game.to_move == 1
    refused(game, {"type": "swap", "player": 0}, "BAD_RECORD")
    refused(game, {"type": "swap", "player": 0, "hand": ["GO"] * 5}, "CARD_NOT_IN_HAND")
    refused(game, {"type": "swap", "player": 0, "hand": ["GO"]}, "SWAP_NOT_ALLOWED")
    game.rows[0] = rows("0 1 1 1 1 1")
    game.apply({"type": "swap", "player": 0, "hand": ["GO", "GO", "BO", "BY", "YP"]})
    assert game.to_move == 1 and game.hand_size[0] == 6
    game.faceup = [["RG", "RG"], ["RG", "RG"]]
    refused(
        game, play(1, "RG", "R"), "CARD_NOT_IN_HAND", "all four RG cards are face up on the table"
    )
