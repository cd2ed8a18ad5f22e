"""The board page's words for a game's log: each entry as the arbiter would say it, with what a
clock operation was credited for reaching the server late (an appeal reads it there)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.clocks.lag import LAG
from games.clocks.readings import format_ms
from games.models import Game
from games.recording import selectors


def player_name(game: Game, seat: Any) -> str:
    """The player at ``seat``, or nothing when the game has no such seat."""
    if isinstance(seat, int) and 0 <= seat < len(game.players):
        name: str = game.players[seat]
        return name
    return ""


def _action_words(game: Game, payload: dict[str, Any]) -> str:
    """A record action as the arbiter would say it: "Ada Byron's placement RO on C9 D9"."""
    seat = payload.get("player")
    who = player_name(game, seat) or "?"
    kind = payload.get("type")
    if kind == "place":
        cells = payload.get("cells") or ["?", "?"]
        return _("%(who)s's placement %(tile)s on %(cell)s %(other)s") % {
            "who": who,
            "tile": payload.get("tile"),
            "cell": cells[0],
            "other": cells[1],
        }
    if kind == "swap":
        rack = " ".join(payload.get("rack") or []) or _("no tiles")
        return _("%(who)s's swap (showing %(rack)s)") % {"who": who, "rack": rack}
    if kind == "flag":
        return _("%(who)s's fallen flag") % {"who": who}
    return f"{who}'s {kind}"


def took_back(game: Game, undone: list[dict[str, Any]]) -> str:
    """ "Took back Ada Byron's placement RO on C9 D9", or the last n actions, each in words."""
    words = [_action_words(game, payload) for payload in undone]
    if not words:
        return _("Took back nothing")
    if len(words) == 1:
        return _("Took back %(action)s") % {"action": words[0]}
    listed = _("%(actions)s and %(last)s") % {"actions": ", ".join(words[:-1]), "last": words[-1]}
    return _("Took back the last %(count)s actions: %(listed)s") % {
        "count": len(words),
        "listed": listed,
    }


def describe_entry(
    game: Game, entry: dict[str, Any], by_index: dict[int, dict[str, Any]] | None = None
) -> str:
    """A log entry in words; a take-back names the actions it took back (from `by_index`)."""
    kind: str = entry["kind"]
    payload = entry["payload"] or {}
    if kind in ("place", "swap", "flag"):
        return selectors.describe(game, payload)

    def name(seat: Any) -> str:
        return game.players[seat] if isinstance(seat, int) and seat < len(game.players) else "?"

    if kind == "draw":  # an online game's deal: which tiles, only once the game is over
        tiles = payload.get("tiles")
        count = len(tiles) if isinstance(tiles, list) else payload.get("count", 0)
        if isinstance(tiles, list):
            return _("%(seat)s drew %(tiles)s") % {
                "seat": name(payload.get("player")),
                "tiles": " ".join(str(t) for t in tiles),
            }
        return _("%(seat)s drew %(count)s tile(s)") % {
            "seat": name(payload.get("player")),
            "count": count,
        }
    if kind == "start":
        return _("Clocks started: %(seat)s to play") % {"seat": name(payload.get("seat"))}
    if kind == "press":
        return _("%(seat)s pressed the clock; %(next)s to play") % {
            "seat": name(payload.get("seat")),
            "next": name(payload.get("to")),
        }
    if kind == "pause":
        return _("Clocks paused")
    if kind == "resume":
        return _("Clocks resumed")
    if kind == "adjust":
        return _("%(seat)s's clock set from %(old)s to %(new)s") % {
            "seat": name(payload.get("seat")),
            "old": format_ms(payload.get("from_ms", 0)),
            "new": format_ms(payload.get("to_ms", 0)),
        }
    if kind == "takeback":
        indices = payload.get("indices", [])
        known = [by_index[i]["payload"] or {} for i in indices if by_index and i in by_index]
        if len(known) == len(indices):
            text = took_back(game, known)
        else:
            text = ngettext(
                "Took back %(count)s action", "Took back %(count)s actions", len(indices)
            ) % {"count": len(indices)}
        return text + (_(" (the game is open again)") if payload.get("reopened") else "")
    return kind


def lag_words(payload: dict[str, Any]) -> str:
    """What a clock operation made on a device was credited: "sent 1.8 s before it arrived,
    1.5 s credited"; nothing for one charged on arrival."""
    record = payload.get(LAG)
    if not isinstance(record, dict):
        return ""
    sent = _moment(record.get("client_at"))
    arrived = _moment(record.get("received_at"))
    credited = record.get("credited_ms")
    if sent is None or arrived is None or not isinstance(credited, int):
        return ""
    early = max(0.0, (arrived - sent).total_seconds())
    return _("sent %(early)s s before it arrived, %(credited)s s credited") % {
        "early": f"{early:.1f}",
        "credited": f"{credited / 1000:.1f}",
    }


def _moment(value: object) -> datetime | None:
    return parse_datetime(value) if isinstance(value, str) else None
