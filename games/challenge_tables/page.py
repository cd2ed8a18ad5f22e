"""The Challenge table page drawn from one reading of the table (``selectors.read_table``): each
seat's score rows as the board page's tracks, the controls of the seat to act (what
``games.challenges.choices`` allows, each option with what it scores), what lies on the table,
and the log in words. The views put these in their templates."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.challenge_tables import selectors, words
from games.challenge_tables.models import ChallengeAction
from games.challenges.board import ChallengeGame
from games.challenges.card import DEAL, FACEUP, POST, REFILL, CardChallenge
from games.challenges.choices import CardChoices, DiceChoices, TileChoices
from games.challenges.dice import MAX_ROLLS, DiceChallenge
from games.challenges.tile import TileChallenge
from games.engine.tiles import COLOURS
from games.recording.board_svg import COLOUR_NAMES


def colours() -> list[tuple[str, Any]]:
    return list(COLOUR_NAMES.items())


def seat_rows(
    names: list[str], state: dict[str, Any], *, to_move: int | None
) -> list[dict[str, Any]]:
    """Each seat's line of the viewer: its six rows (its lowest marked), its lowest row, and
    whether it is to move."""
    lowest = [min(r) for r in state["rows"]]
    return [
        {
            "seat": s,
            "name": name,
            "cells": [
                (letter, COLOUR_NAMES[letter], value, value == lowest[s])
                for letter, value in zip(COLOURS, state["rows"][s], strict=True)
            ],
            "lowest": lowest[s],
            "to_move": to_move == s,
        }
        for s, name in enumerate(names)
    ]


def tracks(names: list[str], game: ChallengeGame) -> list[dict[str, Any]]:
    """Each seat's six rows as the board page draws its score tracks (games/_tracks.html): a
    bar per colour with its symbol, up to the top column (10, or the Tile Challenge's target)."""
    top = game.top
    out = []
    for seat, name in enumerate(names):
        row = game.rows[seat]
        lowest = min(row)
        out.append(
            {
                "seat": seat,
                "number": seat + 1,
                "name": name,
                "track": top,
                "tracks": [
                    {
                        "colour": c,
                        "colour_name": COLOUR_NAMES[c],
                        "value": value,
                        "percent": f"{min(value, top) * 100 / top:.4g}",
                        "low": value == lowest,
                    }
                    for c, value in zip(COLOURS, row, strict=True)
                ],
                "lowest": lowest,
                "to_move": game.to_move == seat,
                "winner": game.over and game.winner == seat,
            }
        )
    return out


def card_controls(
    game: CardChallenge, offer: CardChoices, names: list[str], swap: bool
) -> dict[str, Any]:
    """The Card Challenge's controls for one seat: the set-up, the cards it may play (each
    symbol first, with what it scores), the swap and the draw."""
    full = game.full
    if swap and offer.may_swap and not full and offer.swap_seat is not None:
        # table mode, after a turn: the seat that has just played swaps instead of the next
        # seat playing; only its controls are shown
        return {
            "seat": offer.swap_seat,
            "swap": {
                "size": offer.swap_size,
                "kinds": [{"kind": k, "max": n} for k, n in offer.swap_kinds],
            },
            "back": names[offer.seat],
        }
    out: dict[str, Any] = {"seat": offer.seat}
    if offer.phase == DEAL:
        out["deal"] = True
    elif offer.phase == FACEUP:
        out["faceup"] = {
            "count": offer.faceup_count,
            "kinds": offer.faceup_kinds,
            "full": full,
            "legends": [_("Centre card"), _("Near card")],
        }
    elif offer.phase == REFILL:
        out["draw"] = offer.draw_count
    if offer.plays:
        cards: dict[str, list[dict[str, str]]] = {}
        for play in offer.plays:
            cards.setdefault(play.card, []).append(
                {
                    "first": play.first,
                    "label": _("%(colour)s first") % {"colour": words.colour(play.first)},
                    "points": words.preview_words(play.scored, play.bonus),
                }
            )
        out["plays"] = list(cards.items())
    if offer.phase == POST and full:
        out["draw"] = offer.draw_count
        out["full_swap"] = offer.may_swap
    elif offer.phase == POST and offer.may_swap and offer.swap_seat is not None:
        out["swap_instead"] = names[offer.swap_seat]
    return out


def dice_controls(game: DiceChallenge, offer: DiceChoices) -> dict[str, Any]:
    """The Dice Challenge's controls: the roll (in table mode a colour per die) and the steps
    that score the roll, each step one select of what the roll allows."""
    out: dict[str, Any] = {"seat": offer.seat}
    if offer.may_roll:
        out["roll"] = {
            "full": game.full,
            "dice": range(offer.dice),
            "number": offer.next_roll,
            "setup": offer.setup,
        }
    if offer.may_resolve:
        options = []
        for step in offer.steps:
            args = {"colour": words.colour(step.faces[0]), "points": step.points}
            if step.wild:
                value = f"w:{''.join(step.faces)}:{step.colour}"
                label = _("%(count)s %(colour)s dice wild for %(target)s: +%(points)s") % {
                    **args,
                    "count": len(step.faces),
                    "target": words.colour(step.colour),
                }
            else:
                value = f"m:{step.colour}"
                label = _("%(colour)s die matched: +%(points)s") % args
            options.append((value, label))
        out["resolve"] = {
            "roll": offer.roll,
            "options": options,
            "steps": [(i, f"m:{face}") for i, face in enumerate(offer.roll)],
            "preview": words.preview_words(offer.all_matched, offer.bonus_if_matched),
        }
    return out


def tile_controls(game: TileChallenge, offer: TileChoices) -> dict[str, Any]:
    """The Tile Challenge's controls: the refill (in table mode the colours that came out),
    the draw (each colour left, saying whether it would end the turn), the score and the free
    scores, each with what it scores."""
    out: dict[str, Any] = {"seat": offer.seat}
    if offer.refill:
        out["refill"] = {
            "count": offer.refill,
            "tiles": range(offer.refill),
            "pool": [c for c, _left in offer.pool],
            "full": game.full,
        }
    if offer.draws:
        out["draws"] = [
            {
                "colour": d.colour,
                "left": d.left,
                "effect": _("ends the turn") if d.ends else _("matches the centre"),
            }
            for d in offer.draws
        ]
        out["draw_full"] = game.full
    if offer.may_score:
        out["score"] = words.preview_words(offer.score, offer.score_bonus)
    out["frees"] = [
        {"colour": f.colour, "points": words.preview_words(f.scored, f.bonus)} for f in offer.frees
    ]
    return out


def controls(
    names: list[str], reading: selectors.TableReading, swap: bool
) -> dict[str, Any] | None:
    game, offer = reading.game, reading.choices
    if offer is None:
        return None
    if isinstance(game, CardChallenge) and isinstance(offer, CardChoices):
        out = card_controls(game, offer, names, swap)
    elif isinstance(game, DiceChallenge) and isinstance(offer, DiceChoices):
        out = dice_controls(game, offer)
    elif isinstance(game, TileChallenge) and isinstance(offer, TileChoices):
        out = tile_controls(game, offer)
    else:
        return None
    out["name"] = names[out["seat"]]
    out["number"] = out["seat"] + 1
    return out


def on_table(game: ChallengeGame, names: list[str], hand_visible: bool) -> dict[str, Any]:
    """What lies on the table: Card, the face-up cards, the deck and the discard pile (and the
    hand of the seat to act, for those who see the hands); Dice, each seat's dice; Tile, the
    centre, the tiles drawn this turn, the pool."""
    if isinstance(game, CardChallenge):
        seat = game.turn if game.phase in (POST, REFILL) else game.acting()
        return {
            "faceup": [
                {"name": name, "number": s + 1, "cards": game.faceup[s], "held": game.hand_size[s]}
                for s, name in enumerate(names)
            ],
            "two": game.n == 2,
            "deck": game.deck_count,
            "discard": game.discard_count,
            "hand": sorted(game.hands[seat].elements()) if hand_visible and game.full else None,
            "hand_name": names[seat],
        }
    if isinstance(game, DiceChallenge):
        return {
            "dice": [
                {
                    "name": name,
                    "number": s + 1,
                    "faces": [COLOURS[f] for f in faces] if faces is not None else None,
                }
                for s, (name, faces) in enumerate(zip(names, game.faces, strict=True))
            ],
            "rolls": game.rolls,
            "max_rolls": MAX_ROLLS,
            "bonus_turn": game.owed_turn,
            "setup": game.phase == "setup",
        }
    if isinstance(game, TileChallenge):
        return {
            "centre": [COLOURS[c] for c, k in enumerate(game.centre) for _n in range(k)],
            "front": [COLOURS[c] for c in game.front],
            "pool": sum(game.pool),
            "gone": sum(game.gone),
            "front_name": names[game.turn],
        }
    return {}


def log_lines(
    names: list[str],
    reading: selectors.TableReading,
    hide_hands: bool,
    *,
    newest_only: bool = False,
) -> list[dict[str, Any]]:
    """The log in words, newest first: each action with what it did; a taken-back action as it
    was recorded, marked; a take-back with the action it undid and its reason. ``newest_only``:
    its newest line alone (an action's answer adds it to the log on the page)."""
    by_index = {row.index: row for row in reading.log}
    rows = reading.log[:1] if newest_only else reading.log
    users = selectors.recorders(rows)

    def said(index: int) -> str:
        row = by_index.get(index)
        if row is None:
            return "?"
        if index in reading.outcomes:
            return words.outcome_sentence(reading.outcomes[index], names, hide_hands=hide_hands)
        payload = selectors.shown_payload(row.payload, hide_hands)
        return words.payload_sentence(payload, names, hide_hands=hide_hands)

    out = []
    for row in rows:
        if row.kind == ChallengeAction.Kind.TAKEBACK:
            undone = "; ".join(said(i) for i in row.payload.get("indices", []))
            text = words.takeback_sentence(undone)
        else:
            text = said(row.index)
        out.append(
            {
                "index": row.index,
                "number": row.index + 1,
                "text": text,
                "takeback": row.kind == ChallengeAction.Kind.TAKEBACK,
                "reason": row.reason,
                "user": users.get(row.user_id, "") if row.user_id else "",
                "taken_back": row.taken_back_by_id is not None,
            }
        )
    return out
