"""What the seat to act may do (``games.challenges.choices``): every option offered is accepted
by the engine and scores what it says, and what is not offered is refused (Card, table mode: a
card whose four copies are face up or in the discard pile); the table-mode deck and discard
pile are counted as in full mode."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest

from games.challenges.board import ChallengeGame, Scored
from games.challenges.card import CARD_KINDS, DECK, POST, CardChallenge
from games.challenges.choices import (
    CardChoices,
    DiceChoices,
    TileChoices,
    card_choices,
    choices,
    dice_choices,
    tile_choices,
)
from games.challenges.dice import DiceChallenge
from games.challenges.randomgame import random_game
from games.challenges.tile import TileChallenge
from games.engine.errors import IllegalAction
from games.engine.tiles import COLOURS

from .helpers import names, play, refill, refused, roll, rows, tdraw

SEEDS = range(4)


def gained(before: ChallengeGame, after: ChallengeGame, seat: int) -> list[int]:
    return [b - a for a, b in zip(before.rows[seat], after.rows[seat], strict=True)]


def kept(scored: tuple[Scored, ...]) -> list[int]:
    out = [0] * 6
    for s in scored:
        out[COLOURS.index(s.colour)] += s.kept
    return out


def accepts(game: ChallengeGame, action: dict[str, Any]) -> ChallengeGame:
    """A copy of ``game`` with ``action`` applied (which must be legal)."""
    trial = copy.deepcopy(game)
    trial.apply(action)
    return trial


def refuses(game: ChallengeGame, action: dict[str, Any]) -> bool:
    try:
        copy.deepcopy(game).apply(action)
    except IllegalAction:
        return True
    return False


# ---------------------------------------------------------------- Card


@pytest.mark.parametrize("mode", ["full", "table"])
@pytest.mark.parametrize("seed", SEEDS)
def test_every_card_offered_is_legal_and_scores_as_shown(mode: str, seed: int) -> None:
    record = random_game("card", 2 + seed % 3, seed=seed, mode=mode)
    game = record.new_game()
    assert isinstance(game, CardChallenge)
    for action in record.actions:
        offer = choices(game)
        assert isinstance(offer, CardChoices)
        if action["type"] == "play":
            seat = action["player"]
            assert offer.seat == seat
            offered = {(p.card, p.first) for p in offer.plays}
            assert (action["card"], action["first"]) in offered
            for p in offer.plays:
                after = accepts(game, play(seat, p.card, p.first))
                assert gained(game, after, seat) == kept(p.scored), p
                assert [s.colour for s in p.scored] == [p.first, p.card.replace(p.first, "")]
            # what is not offered is refused: the page offers exactly what the engine takes
            for kind in set(CARD_KINDS) - {p.card for p in offer.plays}:
                assert refuses(game, play(seat, kind, kind[0])), kind
        if action["type"] == "swap":
            assert offer.may_swap and offer.swap_seat == action["player"]
            if mode == "table":
                limits = dict(offer.swap_kinds)
                for kind, n in Counter(action["hand"]).items():
                    assert n <= limits[kind], (kind, limits)
        if action["type"] == "draw" and mode == "full":
            assert offer.draw_count == len(action["cards"])
        game.apply(action)
    assert choices(game) is None


def test_full_mode_plays_are_the_hand_each_symbol_first() -> None:
    game = CardChallenge(names(3))
    hands = [
        ["RG", "RB", "RO", "RY", "RP", "GB"],
        ["GO", "GY", "GP", "BO", "BY", "BP"],
        ["OY", "OP", "YP", "RG", "RB", "RO"],
    ]
    for p in range(3):
        game.apply({"type": "deal", "player": p, "cards": hands[p]})
    for p, card in enumerate(("GB", "RP", "RP")):
        game.apply({"type": "faceup", "player": p, "cards": [card]})
    offer = card_choices(game)
    assert offer.seat == 0 and offer.phase == "play"
    assert [(p.card, p.first) for p in offer.plays][:4] == [
        ("RG", "R"),
        ("RG", "G"),
        ("RB", "R"),
        ("RB", "B"),
    ]
    assert len(offer.plays) == 12
    # the rule text's example: red 2 to 4, then purple only 5 to 6 (not to 7: a peg in 1-3)
    game.rows[0] = rows("2 2 1 1 1 5")
    rp = next(p for p in card_choices(game).plays if (p.card, p.first) == ("RP", "R"))
    assert rp.scored == (Scored("R", 2, 2), Scored("P", 2, 1)) and rp.scored[1].lost == 1


def test_table_mode_narrows_to_cards_that_may_be_in_a_hand() -> None:
    """Table mode: a card whose four copies are face up or in the discard pile is in no hand;
    it is neither offered nor accepted."""
    game = CardChallenge(names(2), "table")
    game.apply({"type": "faceup", "player": 0, "cards": ["RG", "RB"]})
    game.apply({"type": "faceup", "player": 1, "cards": ["RG", "RG"]})
    assert game.possible("RG") == 1
    game.apply(play(0, "RG", "R"))  # the last RG; 0's centre RG goes to the discard pile
    assert game.discard == Counter({"RG": 1}) and game.possible("RG") == 0
    offer = card_choices(game)
    assert offer.seat == 1 and "RG" not in {p.card for p in offer.plays}
    assert len({p.card for p in offer.plays}) == 14
    refused(
        game,
        play(1, "RG", "R"),
        "CARD_NOT_IN_HAND",
        "no RG can be in a hand: of the four, 3 face up and 1 in the discard pile",
    )
    assert not offer.may_swap  # red scored, the other five lowest: every hand shows one
    game.rows[0] = rows("1 1 1 1 1 0")  # purple lowest: a hand without purple may be shown
    offer = card_choices(game)
    assert offer.may_swap and offer.swap_seat == 0 and offer.swap_size == 5
    assert all("P" not in kind for kind, _n in offer.swap_kinds)
    assert "RG" not in dict(offer.swap_kinds)
    refused(
        game,
        {"type": "swap", "player": 0, "hand": ["RG", "GB", "GB", "BO", "BO"]},
        "CARD_NOT_IN_HAND",
        "the hand shown has 1 RG but 3 of the four are face up and 1 in the discard pile",
    )


def test_table_mode_counts_the_deck_and_the_discard_pile_as_full_mode_does() -> None:
    """The deck goes down as the hands are refilled and the discard pile is shuffled in when the
    deck runs out, in table mode (no draws recorded) exactly as in full mode."""
    reshuffles = 0
    for seed in range(6):
        players = 2 + seed % 3
        full = random_game("card", players, seed=seed, mode="full", swap_chance=0.6)
        table = random_game("card", players, seed=seed, mode="table", swap_chance=0.6)
        table_actions = iter(table.actions)
        a = full.new_game()
        b = CardChallenge(full.players, "table")
        assert isinstance(a, CardChallenge)
        assert b.deck_count == DECK - 6 * players and b.discard_count == 0
        for action in full.actions:
            deck = b.deck_count
            a.apply(action)
            if action["type"] in ("deal", "draw"):
                continue
            b.apply(next(table_actions))
            held = sum(b.hand_size) + sum(len(c) for c in b.faceup)
            assert b.deck_count + b.discard_count + held == DECK
            if action["type"] == "play":
                # full mode drew before this play; table mode draws when it comes
                assert (b.deck_count, b.discard_count) == (a.deck_count, a.discard_count)
            reshuffles += b.deck_count > deck  # the discard pile became the deck
        assert a.over and b.over
    assert reshuffles  # the games ran the deck out


def test_bonus_turn_lost_with_an_empty_hand_is_no_play_offered() -> None:
    game = CardChallenge(names(3), "table")
    for p in range(3):
        game.apply({"type": "faceup", "player": p, "cards": ["RG"]})
    game.rows[0] = rows("9 9 4 4 4 4")
    game.hand_size[0] = 1
    game.apply(play(0, "RG", "R"))
    assert game.phase == POST
    offer = card_choices(game)
    assert offer.seat == 1 and offer.plays and offer.swap_seat is None  # hand empty: no swap


# ---------------------------------------------------------------- Dice


@pytest.mark.parametrize("seed", SEEDS)
def test_every_dice_step_offered_is_legal_and_matched_dice_score_as_shown(seed: int) -> None:
    record = random_game("dice", 2 + seed % 3, seed=seed)
    game = record.new_game()
    for action in record.actions:
        offer = choices(game)
        assert isinstance(offer, DiceChoices)
        seat = action["player"]
        assert offer.seat == seat
        assert offer.may_roll == (("roll", seat) in game.allowed())
        if action["type"] == "resolve":
            assert offer.may_resolve and offer.dice == len(offer.roll)
            steps = [{"match": c} for c in offer.roll]
            after = accepts(game, {"type": "resolve", "player": seat, "steps": steps})
            assert gained(game, after, seat) == kept(offer.all_matched)
            # every step offered is legal as the first step, the others matched
            for step in offer.steps:
                rest = list(offer.roll)
                for f in step.faces:
                    rest.remove(f)
                first: dict[str, Any] = (
                    {"wild": list(step.faces), "colour": step.colour}
                    if step.wild
                    else {"match": step.colour}
                )
                accepts(
                    game,
                    {"type": "resolve", "player": seat, "steps": [first, *map(match, rest)]},
                )
        game.apply(action)


def match(colour: str) -> dict[str, str]:
    return {"match": colour}


def test_dice_steps_match_each_colour_and_use_equal_faces_wild() -> None:
    game = DiceChallenge(names(2))
    game.apply(roll(0, "R", "G", "B", "O"))
    game.apply(roll(1, "R", "R", "Y", "P"))
    game.apply(roll(0, "R", "R", "R", "G"))
    offer = dice_choices(game)
    assert offer.roll == ("R", "R", "R", "G") and offer.next_roll == 2 and offer.may_roll
    matches = [(s.colour, s.points) for s in offer.steps if not s.wild]
    assert matches == [("R", 2), ("G", 0)]
    wild = [s for s in offer.steps if s.wild]
    assert {len(s.faces) for s in wild} == {2, 3} and len(wild) == 12
    assert {s.points for s in wild if len(s.faces) == 3} == {2}
    # every die matched: red 2 each, the area restriction keeps red at 3 (a peg still at 0)
    assert offer.all_matched == (
        Scored("R", 2, 2),
        Scored("R", 2, 1),
        Scored("R", 2, 0),
        Scored("G", 0, 0),
    )


# ---------------------------------------------------------------- Tile


@pytest.mark.parametrize("seed", SEEDS)
def test_every_tile_option_offered_is_legal_and_says_what_it_does(seed: int) -> None:
    record = random_game("tile", 2 + seed % 3, seed=seed)
    game = record.new_game()
    assert isinstance(game, TileChallenge)
    for action in record.actions:
        offer = choices(game)
        assert isinstance(offer, TileChoices)
        kind = action["type"]
        if kind == "refill":
            assert offer.refill == len(action["tiles"])
        else:
            seat = action["player"]
            assert offer.seat == seat and offer.refill == 0
            for d in offer.draws:
                after = accepts(game, tdraw(seat, d.colour))
                assert d.ends == (after.front == []), d
            if offer.may_score:
                after = accepts(game, {"type": "score", "player": seat})
                assert gained(game, after, seat) == kept(offer.score)
            for f in offer.frees:
                after = accepts(game, {"type": "free", "player": seat, "colour": f.colour})
                assert gained(game, after, seat) == kept(f.scored)
            if kind == "free":
                assert action["colour"] in {f.colour for f in offer.frees}
            if kind == "draw":
                assert action["tile"] in {d.colour for d in offer.draws}
        game.apply(action)


def test_tile_draws_say_whether_they_end_the_turn() -> None:
    game = TileChallenge(names(2))
    assert tile_choices(game).refill == 3
    game.apply(refill("Y", "G", "B"))
    offer = tile_choices(game)
    assert offer.refill == 0 and not offer.may_score
    # every row at 0 is lowest: a free score takes any colour in the centre
    assert [(f.colour, f.scored) for f in offer.frees] == [
        ("G", (Scored("G", 1, 1),)),
        ("B", (Scored("B", 1, 1),)),
        ("Y", (Scored("Y", 1, 1),)),
    ]
    ends = {d.colour: d.ends for d in offer.draws}
    assert ends == {"R": True, "G": False, "B": False, "O": True, "Y": False, "P": True}
    game.apply(tdraw(0, "Y"))
    offer = tile_choices(game)
    assert {d.colour: d.ends for d in offer.draws}["Y"] is True  # drawn already this turn
    assert offer.may_score and offer.score == (Scored("Y", 2, 2),)
