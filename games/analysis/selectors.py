"""Reads of the post-game analysis: which analysis is the game's as it stands, what the viewer
shows of it step by step, and a seat's accuracy for a player's page. They never write."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import F
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.analysis.chart import win_chart
from games.analysis.models import GameAnalysis
from games.engine.analysis.grading import LEVEL_THRESHOLDS, WIN_THRESHOLDS
from games.models import Game
from games.recording.board_svg import ghost_svg
from tournament.models.events import Event
from tournament.models.tables import SEATED

#: The analysis's states, as the viewer names them.
NONE, PENDING, FAILED, DONE = "none", "pending", "failed", "done"

GRADE_WORDS = {
    "best": gettext_lazy("best"),
    "inaccuracy": gettext_lazy("inaccuracy"),
    "mistake": gettext_lazy("mistake"),
    "blunder": gettext_lazy("blunder"),
}
VERDICT_WORDS = {
    "taken": gettext_lazy("swap taken, as the engine would"),
    "taken, keeping was better": gettext_lazy("swap taken; keeping the rack was better"),
    "missed": gettext_lazy("swap missed: the engine would have swapped"),
    "declined": gettext_lazy("swap declined, as the engine would"),
}


def record_hash(game: Game, actions: Sequence[dict[str, Any]]) -> str:
    """What identifies a game's record for its analysis: the rules, the number of seats and
    the actions (not the names: a corrected name is the same game)."""
    text = json.dumps(
        {
            "ruleset": game.ruleset,
            "options": game.options,
            "seats": len(game.players),
            "actions": list(actions),
        },
        sort_keys=True,
        separators=(",", ":"),
    )
    return hashlib.sha256(text.encode()).hexdigest()


def analysis_of(game: Game, actions: Sequence[dict[str, Any]]) -> GameAnalysis | None:
    """The analysis of the game's record as it stands (``actions``: the record's actions)."""
    if game._state.adding:  # a board's game not stored yet (setup.unstored_game)
        return None
    return GameAnalysis.objects.filter(game=game, record_hash=record_hash(game, actions)).first()


def state_of(game: Game, analysis: GameAnalysis | None) -> str:
    """DONE, PENDING (finished, its check passed or under way, not analysed yet), FAILED (its
    replay check failed: it is never analysed) or NONE (not finished)."""
    if analysis is not None:
        return DONE
    if game.status != Game.Status.FINISHED:
        return NONE
    if game.validation == Game.Validation.INVALID:
        return FAILED
    return PENDING


# ---------------------------------------------------------------- the viewer


def _placement_text(option: dict[str, Any]) -> str:
    cells = option.get("cells") or ["?", "?"]
    return _("%(tile)s on %(cell)s %(other)s") % {
        "tile": option.get("tile"),
        "cell": cells[0],
        "other": cells[1],
    }


def _percent(value: float | None) -> str:
    return "" if value is None else f"{100 * value:.0f} %"


def _entry(j: dict[str, Any], names: Sequence[str], solitaire: bool) -> dict[str, Any]:
    """One judgement as the viewer words it."""
    seat = j["seat"]
    lost_key = "lowest_lost" if solitaire else "win_chance_lost"
    out: dict[str, Any] = {
        "type": j["type"],
        "who": names[seat] if 0 <= seat < len(names) else "?",
        "grade": j.get("grade") or "",
        "grade_words": GRADE_WORDS.get(j.get("grade") or "", _("not graded")),
        "lost": j.get(lost_key),
        "uncertainty": j.get("uncertainty"),
        "solitaire": solitaire,
    }
    if j["type"] == "swap":
        out["verdict"] = VERDICT_WORDS.get(j.get("verdict", ""), j.get("verdict", ""))
        return out
    played, best = j["played"], j["best"]
    out.update(
        played=_placement_text(played),
        rank=played.get("rank"),
        legal=j.get("legal"),
        best=_placement_text(best[0]) if best else "",
        is_best=played.get("rank") == 1,
        raw_missed=j["points_missed"]["raw"],
        lowest_missed=j["points_missed"]["lowest"],
        options=[
            {
                "text": _placement_text(o),
                "result": (
                    f"{o['sim']['lowest']:.1f}" if solitaire else _percent(o["sim"].get("win"))
                )
                if o.get("sim")
                else "",
            }
            for o in best
        ],
    )
    return out


@dataclass(frozen=True)
class ViewerAnalysis:
    """What the viewer shows of a game's analysis."""

    state: str
    steps: dict[int, list[dict[str, Any]]]  # viewer step -> its judgements, worded
    grades: dict[int, str]  # viewer step -> the placement's grade
    ghosts: str  # SVG over the board: the engine's best placement, per step where it differs
    chart: str  # SVG: the win chance (solitaire: expected lowest level) over the game
    legend: list[dict[str, Any]]
    seats: list[dict[str, Any]]  # per seat: its name and accuracy
    solitaire: bool


def viewer_analysis(
    game: Game, frames: list[dict[str, Any]], names: Sequence[str]
) -> ViewerAnalysis:
    """The analysis of the game shown in the viewer (``frames``: ``replay_frames``, whose step
    ``n`` follows the record's action ``n - 1``; ``names``: by seat)."""
    actions = [f["action"] for f in frames[1:]]
    analysis = analysis_of(game, actions)
    state = state_of(game, analysis)
    if analysis is None:
        return ViewerAnalysis(state, {}, {}, "", "", [], [], False)
    judgements: list[dict[str, Any]] = analysis.judgements
    solitaire = any("lowest_lost" in j for j in judgements) or len(game.players) == 1
    steps: dict[int, list[dict[str, Any]]] = {}
    grades: dict[int, str] = {}
    ghosts = []
    last = len(frames) - 1
    for j in judgements:
        step = j["index"] + 1
        steps.setdefault(step, []).append(_entry(j, names, solitaire))
        if j["type"] != "place":
            continue
        grades[step] = j.get("grade") or ""
        best = j["best"][0] if j["best"] else None
        if best is not None and j["played"].get("rank") != 1:
            label = _("The engine's choice: %(placement)s") % {"placement": _placement_text(best)}
            ghosts.append(
                ghost_svg(best["tile"], best["cells"], step=step, shown=step == last, label=label)
            )
    sides = len(frames[0]["scores"]) if frames else len(game.players)
    chart, legend = win_chart(judgements, last, sides, list(names), solitaire)
    seats = [
        {"name": names[s["seat"]] if s["seat"] < len(names) else "?", **_accuracy(s)}
        for s in analysis.summary.get("seats", [])
    ]
    return ViewerAnalysis(DONE, steps, grades, "".join(ghosts), chart, legend, seats, solitaire)


# ---------------------------------------------------------------- accuracy


def _accuracy(seat: dict[str, Any]) -> dict[str, Any]:
    """A seat's accuracy: the share of its judged decisions graded best (nothing lost for
    sure), its agreement with the engine's first choice, and its mean loss."""
    grades: dict[str, int] = seat.get("grades") or {}
    judged = sum(grades.values())
    placements = seat.get("placements") or 0
    solitaire = "mean_lowest_lost" in seat
    return {
        "judged": judged,
        "accuracy": round(100 * grades.get("best", 0) / judged) if judged else None,
        "first_choice": seat.get("first_choice", 0),
        "top_three": seat.get("top_three", 0),
        "placements": placements,
        "mean_lost": seat.get("mean_lowest_lost" if solitaire else "mean_win_chance_lost"),
        "solitaire": solitaire,
        "grades": grades,
    }


@dataclass(frozen=True)
class SeatAccuracy:
    """A seat's accuracy in one analysed game (a player's page)."""

    accuracy: int | None  # % of the judged decisions graded best
    mean_lost: float | None  # win-% points (solitaire: levels) lost on average
    first_choice: int
    placements: int
    solitaire: bool


def accuracy_by_board(boards: Iterable[tuple[int, int | None]]) -> dict[int, SeatAccuracy]:
    """Per board id: the seat's accuracy in the board's game as it stands, where it has been
    analysed (``boards``: board id and the seat wanted). One query."""
    wanted = {board: seat for board, seat in boards if seat is not None}
    if not wanted:
        return {}
    rows = (
        GameAnalysis.objects.filter(game__board_id__in=wanted, log_length=F("game__log_length"))
        .order_by("game__board_id", "-created_at")
        .values_list("game__board_id", "summary")
    )
    out: dict[int, SeatAccuracy] = {}
    for board_id, summary in rows:
        if board_id in out:
            continue
        seats = summary.get("seats", [])
        seat = wanted[board_id]
        if not 0 <= seat < len(seats):
            continue
        acc = _accuracy(seats[seat])
        out[board_id] = SeatAccuracy(
            accuracy=acc["accuracy"],
            mean_lost=acc["mean_lost"],
            first_choice=acc["first_choice"],
            placements=acc["placements"],
            solitaire=acc["solitaire"],
        )
    return out


def event_analyses(event: Event) -> list[GameAnalysis]:
    """The analysis of every game of the event as it stands (analysed since its last change),
    by round and board, each with its game, board, round and seats (with who sits there)."""
    rows = (
        GameAnalysis.objects.filter(
            game__board__round__event=event, log_length=F("game__log_length")
        )
        .select_related("game__board__round")
        .prefetch_related(*(f"game__board__{path}" for path in SEATED))
        .order_by("game__board__round__number", "game__board__number", "-created_at")
    )
    seen: set[int] = set()
    out = []
    for analysis in rows:
        if analysis.game_id not in seen:
            seen.add(analysis.game_id)
            out.append(analysis)
    return out


def best_grade(solitaire: bool) -> float:
    """The widest loss still graded best: win-% points (solitaire: levels)."""
    return (LEVEL_THRESHOLDS if solitaire else WIN_THRESHOLDS)[0][0]


def near_equal(j: dict[str, Any], solitaire: bool) -> int:
    """How many of the options a placement's judgement lists (the engine's best three) are
    within a best grade of the engine's choice: 1 when its choice was clear."""
    bound = best_grade(solitaire)
    key, scale = ("lowest", 1.0) if solitaire else ("win", 100.0)
    values = [o["sim"][key] * scale for o in j.get("best", []) if o.get("sim")]
    if not values:
        return 1
    return max(1, sum(1 for v in values if values[0] - v < bound))
