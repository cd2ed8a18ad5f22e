"""The engine's refusal as a user error: the API answers 400 with the engine's code and index."""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext_lazy as _

from games.engine.errors import IllegalAction
from tournament.errors import DomainError

# The engine (a pure core, no Django) words its refusals in English and names them by code; the
# site shows a translated sentence for the code, followed by the engine's exact detail (cells,
# tiles, seats), which stays as the engine wrote it.
ENGINE_CODE_MESSAGES = {
    "BAD_RECORD": _("The action cannot be read"),
    "UNKNOWN_CELL": _("There is no such cell"),
    "OFF_BOARD": _("That cell is not on the board in use"),
    "CELL_OCCUPIED": _("That cell is already taken"),
    "NOT_ADJACENT": _("The two cells of a tile must be neighbours"),
    "PLACEMENT_RULE": _("The placement breaks a placement rule"),
    "TILE_NOT_IN_RACK": _("That tile is not on the player's rack"),
    "TILE_EXHAUSTED": _("No tile of that kind is left in the bag"),
    "NOT_YOUR_TURN": _("It is not that player's turn"),
    "SWAP_NOT_ALLOWED": _("A swap is not allowed now"),
    "DRAW_MISMATCH": _("The tiles drawn do not match the bag"),
    "GAME_OVER": _("The game is over"),
}


def engine_message(code: str, detail: str) -> str:
    """The engine's refusal for the page: in English exactly as the engine wrote it; in another
    language the code's translated sentence, then the engine's detail."""
    language = translation.get_language() or "en"
    if language.startswith("en"):
        return detail
    summary = ENGINE_CODE_MESSAGES.get(code, _("The rules engine refused the action"))
    return f"{summary} ({detail})"


class IllegalMove(DomainError):
    """The engine refused an action; `index` is the log index it would have taken."""

    def __init__(
        self, message: str, *, code: str, index: int | None, record_index: int | None
    ) -> None:
        super().__init__(message, code=code)
        self.index = index
        self.record_index = record_index

    @classmethod
    def refusing(cls, exc: IllegalAction, *, index: int | None) -> IllegalMove:
        """The engine's refusal of an action that would have taken log index ``index``."""
        message = engine_message(exc.code, exc.message)
        return cls(message, code=exc.code, index=index, record_index=exc.index)

    def as_dict(self) -> dict[str, object]:
        body = super().as_dict()
        body["index"] = self.index
        body["record_index"] = self.record_index
        return body


def no_longer_replays(exc: IllegalAction, *, table: bool = False) -> DomainError:
    """A stored log the engine no longer replays: every stored action was checked on entry, so
    only a changed engine or a hand-edited log gets here, which replay validation reports."""
    words = {"index": exc.index, "message": engine_message(exc.code, exc.message)}
    if table:
        message = _(
            "The stored log no longer replays (action %(index)s: %(message)s); "
            "the director must check this table."
        )
    else:
        message = _(
            "The stored log no longer replays (action %(index)s: %(message)s); "
            "the director must check this game."
        )
    return DomainError(message % words, code="replay_failed")
