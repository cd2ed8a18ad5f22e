"""A Challenge table in the reader's words: what an action did ("Ada plays RB, red first: red +3,
blue +1."), what is due now ("Ada (seat 1) plays a card."), the log. Every sentence is built
here with gettext from the engine's structured data (``games.challenges.outcomes`` and the
game's state), never from the engine's English messages, which stay for the command line and
the API. Seats are numbered from 1 wherever a number is said.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from games.challenges.board import ChallengeGame, Scored
from games.challenges.card import DEAL, FACEUP, PLAY, POST, CardChallenge
from games.challenges.choices import CardChoices, Choices, TileChoices
from games.challenges.dice import MAX_ROLLS, SETUP, DiceChallenge
from games.challenges.outcomes import Outcome
from games.challenges.tile import CHOOSE, DRAWN, TileChallenge
from games.challenges.tile import REFILL as TILE_REFILL
from games.recording.board_svg import COLOUR_NAMES


def colour(letter: str) -> str:
    """ "red": a colour's word in the reader's language (a long log says hundreds)."""
    return _colour(get_language(), letter)


@functools.lru_cache(maxsize=128)
def _colour(language: str | None, letter: str) -> str:
    # ``language`` is the active one: it keys the cache, gettext reads it.
    return str(COLOUR_NAMES.get(letter, letter))


def colours(letters: Sequence[str]) -> str:
    """ "red, red, yellow" (a roll, the tiles of a refill)."""
    return ", ".join(colour(x) for x in letters)


def cards(kinds: Sequence[str]) -> str:
    return " ".join(kinds)


def name_of(names: Sequence[str], seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(names):
        return "?"
    return names[seat]


def seat_words(names: Sequence[str], seat: int | None) -> str:
    """ "Ada (seat 1)": the seat numbered from 1, as the table reads it."""
    if seat is None:
        return "?"
    return _("%(name)s (seat %(number)s)") % {"name": name_of(names, seat), "number": seat + 1}


def step_words(step: Scored) -> str:
    """ "red +3", "2 red dice wild: blue +1", "purple +1 (1 point lost)"."""
    text = _("%(colour)s +%(points)s") % {"colour": colour(step.colour), "points": step.kept}
    if step.wild:
        text = _("%(count)s %(colour)s dice wild: %(points)s") % {
            "count": len(step.wild),
            "colour": colour(step.wild[0]),
            "points": text,
        }
    if step.lost:
        lost = ngettext("%(count)s point lost", "%(count)s points lost", step.lost) % {
            "count": step.lost
        }
        text = f"{text} ({lost})"
    return text


def points_words(scored: Sequence[Scored]) -> str:
    """ "red +3, blue +1" (each step in the order scored)."""
    return ", ".join(step_words(s) for s in scored) or _("no points")


def preview_words(scored: Sequence[Scored], bonus: int) -> str:
    """What an option would score, for its button: "red +3, blue +1, bonus turn"."""
    text = points_words(scored)
    if bonus:
        text += ", " + ngettext("a bonus turn", "%(count)s bonus turns", bonus) % {"count": bonus}
    return text


# ---------------------------------------------------------------- what an action did


def outcome_sentence(outcome: Outcome, names: Sequence[str], *, hide_hands: bool = False) -> str:
    """What one action did, in words: the action, what it scored, the bonus turns, the game's
    end. ``hide_hands``: the cards dealt and drawn are not named (a Card Challenge in play)."""
    name = name_of(names, outcome.seat)
    text = _action_sentence(outcome, name, hide_hands=hide_hands)
    if outcome.over:  # a bonus turn earned by the winning action is never taken
        return text + " " + over_sentence(outcome.winner, names)
    if outcome.bonus:
        text += " " + ngettext(
            "%(name)s earns a bonus turn.", "%(name)s earns %(count)s bonus turns.", outcome.bonus
        ) % {"name": name, "count": outcome.bonus}
    if outcome.bonus_lost:
        text += " " + ngettext(
            "The hand is empty: the bonus turn is lost.",
            "The hand is empty: %(count)s bonus turns are lost.",
            outcome.bonus_lost,
        ) % {"count": outcome.bonus_lost}
    return text


def over_sentence(winner: int | None, names: Sequence[str]) -> str:
    if winner is None:
        return _("The game is over: a draw.")
    return _("The game is over.") + " " + _("%(name)s wins.") % {"name": name_of(names, winner)}


def _action_sentence(outcome: Outcome, name: str, *, hide_hands: bool) -> str:
    kind = outcome.kind
    points = points_words(outcome.scored)
    if kind == "play":
        return _("%(name)s plays %(card)s, %(first)s first: %(points)s.") % {
            "name": name,
            "card": outcome.card,
            "first": colour(outcome.first),
            "points": points,
        }
    if kind == "deal":
        if hide_hands:
            return _("%(name)s is dealt six cards.") % {"name": name}
        return _("%(name)s is dealt six cards: %(cards)s.") % {
            "name": name,
            "cards": cards(outcome.cards),
        }
    if kind == "faceup":
        if len(outcome.cards) == 2:
            return _("%(name)s turns up %(centre)s (centre) and %(near)s (near).") % {
                "name": name,
                "centre": outcome.cards[0],
                "near": outcome.cards[1],
            }
        return _("%(name)s turns up %(cards)s.") % {"name": name, "cards": cards(outcome.cards)}
    if kind == "swap":
        return _("%(name)s swaps the hand, showing %(cards)s: it goes to the discard pile.") % {
            "name": name,
            "cards": cards(outcome.cards) or _("no cards"),
        }
    if kind == "draw" and not outcome.tile:  # the Card Challenge's draw
        count = len(outcome.cards)
        if hide_hands:
            return ngettext(
                "%(name)s draws %(count)s card.", "%(name)s draws %(count)s cards.", count
            ) % {"name": name, "count": count}
        return ngettext(
            "%(name)s draws %(count)s card: %(cards)s.",
            "%(name)s draws %(count)s cards: %(cards)s.",
            count,
        ) % {"name": name, "count": count, "cards": cards(outcome.cards)}
    if kind == "roll":
        faces = colours(outcome.faces)
        if outcome.roll == 0:
            return _("%(name)s rolls for the set-up: %(faces)s.") % {"name": name, "faces": faces}
        if outcome.roll == 1:
            return _("%(name)s rolls %(faces)s.") % {"name": name, "faces": faces}
        return _("%(name)s re-rolls (roll %(number)s of %(max)s): %(faces)s.") % {
            "name": name,
            "number": outcome.roll,
            "max": MAX_ROLLS,
            "faces": faces,
        }
    if kind == "resolve":
        return _("%(name)s scores the dice: %(points)s.") % {"name": name, "points": points}
    if kind == "refill":
        return _("The centre is filled up: %(tiles)s.") % {
            "tiles": colours(outcome.cards) or _("no tiles (the pool is empty)")
        }
    if kind == "draw":
        args = {
            "name": name,
            "colour": colour(outcome.tile),
            "tiles": colours(outcome.returned),
            "count": len(outcome.returned),
        }
        if not outcome.ends:
            return _("%(name)s draws %(colour)s: it matches the centre.") % args
        if outcome.again:
            return (
                _("%(name)s draws %(colour)s again: the turn ends; %(tiles)s go to the centre.")
                % args
            )
        return (
            ngettext(
                "%(name)s draws %(colour)s, not in the centre: "
                "the turn ends; it goes to the centre.",
                "%(name)s draws %(colour)s, not in the centre: "
                "the turn ends; %(tiles)s go to the centre.",
                len(outcome.returned),
            )
            % args
        )
    if kind == "score":
        return _("%(name)s scores: %(points)s.") % {"name": name, "points": points}
    if kind == "free":
        return _("%(name)s takes a free score: %(points)s.") % {"name": name, "points": points}
    return _("%(name)s: %(action)s.") % {"name": name, "action": kind}


def payload_sentence(
    payload: dict[str, Any], names: Sequence[str], *, hide_hands: bool = False
) -> str:
    """An action as it was recorded, without what it scored (a taken-back action, which the
    game no longer replays)."""
    player = payload.get("player")
    seat = player if isinstance(player, int) and 0 <= player < len(names) else None
    name = name_of(names, seat)
    kind = str(payload.get("type"))
    letter = str(payload.get("tile") or payload.get("colour") or "")
    if kind == "play":
        return _("%(name)s plays %(card)s, %(first)s first.") % {
            "name": name,
            "card": payload.get("card", "?"),
            "first": colour(str(payload.get("first", "?"))),
        }
    if kind == "resolve":
        return _("%(name)s scores the dice.") % {"name": name}
    if kind == "score":
        return _("%(name)s scores.") % {"name": name}
    if kind == "free":
        return _("%(name)s takes a free score in %(colour)s.") % {
            "name": name,
            "colour": colour(letter),
        }
    if kind == "draw" and letter:
        return _("%(name)s draws %(colour)s.") % {"name": name, "colour": colour(letter)}
    listed = payload.get("cards") or payload.get("hand") or payload.get("tiles")
    shown = tuple(str(c) for c in listed) if isinstance(listed, list) else ()
    count = payload.get("count")
    if kind in ("deal", "draw") and not shown and isinstance(count, int):
        shown, hide_hands = ("?",) * count, True  # the cards are hidden from this reader
    faces = payload.get("faces")
    outcome = Outcome(
        kind=kind,
        seat=seat,
        cards=shown,
        faces=tuple(str(f) for f in faces) if isinstance(faces, list) else (),
        roll=1,
    )
    return _action_sentence(outcome, name, hide_hands=hide_hands)


# ---------------------------------------------------------------- what is due now


def now_sentence(game: ChallengeGame, names: Sequence[str], offer: Choices | None) -> str:
    """What the table waits for, in words (the engine's ``expected`` for a reader)."""
    if game.over:
        return over_sentence(game.winner, names)
    if isinstance(game, CardChallenge) and isinstance(offer, CardChoices):
        return _card_now(game, names, offer)
    if isinstance(game, DiceChallenge):
        return _dice_now(game, names)
    if isinstance(game, TileChallenge) and isinstance(offer, TileChoices):
        return _tile_now(game, names, offer)
    return ""


def _card_now(game: CardChallenge, names: Sequence[str], offer: CardChoices) -> str:
    who = seat_words(names, offer.seat)
    if game.phase == DEAL:
        return _("%(who)s is dealt six cards next.") % {"who": who}
    if game.phase == FACEUP:
        if game.faceup_count == 2:
            return _("%(who)s turns up two cards: the centre card, then the near card.") % {
                "who": who
            }
        return _("%(who)s turns up a card.") % {"who": who}
    if game.phase == PLAY:
        if game.plays:
            return ngettext(
                "%(who)s owes %(count)s bonus turn: another card.",
                "%(who)s owes %(count)s bonus turns: another card.",
                game.owed,
            ) % {"who": who, "count": game.owed}
        return _("%(who)s plays a card.") % {"who": who}
    if game.phase == POST and not game.full:
        if offer.may_swap:
            return _("%(next)s plays a card, unless %(who)s swaps the hand first.") % {
                "next": who,
                "who": seat_words(names, offer.swap_seat),
            }
        return _("%(who)s plays a card.") % {"who": who}
    if game.phase == POST:
        if offer.may_swap:
            return _("%(who)s may swap the hand, then draws back up to six cards.") % {"who": who}
        return _("%(who)s draws back up to six cards.") % {"who": who}
    return _("%(who)s draws six new cards after the swap.") % {"who": who}


def _dice_now(game: DiceChallenge, names: Sequence[str]) -> str:
    who = seat_words(names, game.acting())
    if game.phase == SETUP:
        return _("%(who)s makes the set-up roll.") % {"who": who}
    if game.rolls == 0:
        if game.owed_turn:
            return _("%(who)s rolls for a bonus turn.") % {"who": who}
        return _("%(who)s rolls.") % {"who": who}
    if game.rolls < MAX_ROLLS:
        return _("%(who)s re-rolls or scores the dice (roll %(number)s of %(max)s made).") % {
            "who": who,
            "number": game.rolls,
            "max": MAX_ROLLS,
        }
    return _("%(who)s scores the third roll.") % {"who": who}


def _tile_now(game: TileChallenge, names: Sequence[str], offer: TileChoices) -> str:
    who = seat_words(names, game.turn)
    if game.phase == TILE_REFILL:
        count = offer.refill
        if game.setup:
            return ngettext(
                "The set-up turns up %(count)s tile in the centre.",
                "The set-up turns up %(count)s tiles in the centre.",
                count,
            ) % {"count": count}
        return ngettext(
            "%(who)s's turn starts: %(count)s tile fills up the centre.",
            "%(who)s's turn starts: %(count)s tiles fill up the centre.",
            count,
        ) % {"who": who, "count": count}
    if game.phase == CHOOSE:
        if offer.frees:
            return _("%(who)s draws a tile or takes a free score.") % {"who": who}
        return _("%(who)s draws a tile.") % {"who": who}
    if game.phase == DRAWN and offer.draws:
        return _("%(who)s draws again or scores.") % {"who": who}
    return _("%(who)s scores.") % {"who": who}


def takeback_sentence(undone: str) -> str:
    return _("Took back: %(action)s") % {"action": undone}


def refusal_sentence(code: str) -> str:
    """Why the engine refused an action, in the reader's words. The engine's own message names
    seats from 0, as the record does; the page says what the rule is instead."""
    sentences = {
        "NOT_YOUR_TURN": _("It is not that player's turn."),
        "WRONG_PHASE": _("That action is not due now."),
        "CARD_NOT_IN_HAND": _(
            "That card cannot be in the player's hand: it is not held, or every copy is face "
            "up or in the discard pile."
        ),
        "SWAP_NOT_ALLOWED": _(
            "A swap is not allowed: it shows the whole hand, after the turn and its bonus "
            "turns, and no card of it may show a colour of a lowest row."
        ),
        "DRAW_MISMATCH": _("What was given does not match what is left to draw."),
        "BAD_ROLL": _("A roll shows one colour for each die."),
        "TOO_MANY_ROLLS": _("The third roll stands: no more re-rolls this turn."),
        "ROLL_REQUIRED": _("The dice are rolled before they are scored."),
        "DICE_MISMATCH": _("Every die of the roll is used exactly once."),
        "WILD_NOT_ALLOWED": _("Only two to four equal faces may be used wild."),
        "NO_MATCH": _("Nothing on the table shows that colour."),
        "FREE_NOT_ALLOWED": _(
            "A free score takes a colour of a lowest row, instead of the turn's first draw."
        ),
        "SCORE_NOT_ALLOWED": _("A score comes after a draw that did not end the turn."),
        "GAME_OVER": _("The game is over."),
    }
    return sentences.get(code, _("The action cannot be read."))
