"""Pages of the Ingenious Challenges for an arbiter's tablet: the tables, a new table, and one
table with its score rows, what may be done now (the engine's list) and the log."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from games.challenge_tables import selectors, services
from games.challenge_tables.forms import ChallengeStartForm, action_from_post
from games.challenges.card import CARD_KINDS
from games.errors import IllegalMove
from games.models import Game
from tournament.confirmations.selectors import settle_url
from tournament.errors import DomainError
from tournament.models.events import Event
from tournament.reading import whole_number
from tournament.web.page_cache import live_version, polled

COLOUR_WORDS = {
    "R": gettext_lazy("red"),
    "G": gettext_lazy("green"),
    "B": gettext_lazy("blue"),
    "O": gettext_lazy("orange"),
    "Y": gettext_lazy("yellow"),
    "P": gettext_lazy("purple"),
}
WILD_WORDS = {
    2: gettext_lazy("wild pair"),
    3: gettext_lazy("wild three of a kind"),
    4: gettext_lazy("wild four"),
}
ACTION_WORDS = {
    "roll": gettext_lazy("Roll"),
    "resolve": gettext_lazy("Score the dice"),
    "refill": gettext_lazy("Refill the centre"),
    "draw": gettext_lazy("Draw"),
    "score": gettext_lazy("Score"),
    "free": gettext_lazy("Free score"),
    "deal": gettext_lazy("Deal six cards"),
    "faceup": gettext_lazy("Turn up"),
    "play": gettext_lazy("Play a card"),
    "swap": gettext_lazy("Swap the hand"),
}


def _table(pk: int) -> Game:
    table = selectors.challenge_game(pk)
    if table is None:
        raise Http404(_("No such challenge table."))
    return table


def _recorder_or_deny(request: HttpRequest) -> HttpResponse | None:
    if selectors.can_record_challenges(request.user):
        return None
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise PermissionDenied(
        _("Only staff, directors and arbiters may start and record challenge games.")
    )


def challenge_list(request: HttpRequest) -> HttpResponse:
    context = {
        "tables": selectors.tables()[:100],
        "can_record": selectors.can_record_challenges(request.user),
    }
    return render(request, "challenges/list.html", context)


def challenge_new(request: HttpRequest) -> HttpResponse:
    if denied := _recorder_or_deny(request):
        return denied
    form = ChallengeStartForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            table = services.start_table(
                user=request.user,
                challenge=data["challenge"],
                mode=data["mode"],
                players=form.players(),
                setup_roll=data["setup_roll"],
            )
        except DomainError as exc:
            form.add_error(None, exc.message)
        else:
            return redirect("challenge-table", table.pk)
    return render(request, "challenges/new.html", {"form": form})


def _colours() -> list[tuple[str, Any]]:
    return list(COLOUR_WORDS.items())


def _step_options(roll: list[str]) -> list[tuple[str, str]]:
    """Dice resolve: match one die of a face, or use two to four equal faces wild."""
    options: list[tuple[str, str]] = []
    for letter in sorted(set(roll), key="RGBOYP".index):
        word = COLOUR_WORDS[letter]
        options.append((f"m:{letter}", _("match a %(colour)s die") % {"colour": word}))
    for letter in sorted(set(roll), key="RGBOYP".index):
        for size in range(2, roll.count(letter) + 1):
            options.append(
                (
                    f"w:{letter * size}",
                    _("%(what)s of %(colour)s")
                    % {"what": WILD_WORDS[size], "colour": COLOUR_WORDS[letter]},
                )
            )
    return options


def _seat_rows(
    names: list[str], state: dict[str, Any], *, to_move: int | None
) -> list[dict[str, Any]]:
    """Each seat's line of the table and the viewer: its six rows (its lowest marked), its
    lowest row, and whether it is to move."""
    lowest = [min(r) for r in state["rows"]]
    return [
        {
            "seat": s,
            "name": name,
            "cells": [
                (letter, COLOUR_WORDS[letter], value, value == lowest[s])
                for letter, value in zip("RGBOYP", state["rows"][s], strict=True)
            ],
            "lowest": lowest[s],
            "to_move": to_move == s,
        }
        for s, name in enumerate(names)
    ]


def _page_context(request: HttpRequest, table: Game) -> dict[str, Any]:
    state = selectors.table_state(
        table, hide_hands=selectors.hands_hidden_from(request.user, table)
    )
    names = state["players"]
    seats = _seat_rows(names, state, to_move=state["to_move"])
    for row in seats:
        row["bonus_used"] = state["bonus_used"][row["seat"]]
    legal = [
        {
            "type": a["type"],
            "player": a["player"],
            "name": names[a["player"]] if a["player"] is not None else "",
            "words": ACTION_WORDS.get(a["type"], a["type"]),
        }
        for a in state["legal"]
    ]
    context: dict[str, Any] = {
        # A dispute over an event table's result: its arbiters settle it (confirmations).
        "settle_url": settle_url(request.user, table.board) if table.board else "",
        "table": table,
        "state": state,
        "seats": seats,
        "legal": legal,
        "colours": _colours(),
        "can_record": selectors.can_record_challenges(request.user),
        "full": table.mode == Game.Mode.FULL,
        "card_kinds": CARD_KINDS,
        "log": [
            {**e, "text": json.dumps(e["payload"], ensure_ascii=False)}
            for e in reversed(state["log"])
        ],
    }
    if "dice" in state:
        dice = state["dice"]
        roll = dice["current_roll"] or []
        context["dice_range"] = range(dice["dice_per_seat"])
        context["step_range"] = range(len(roll))
        context["step_options"] = _step_options(roll)
        context["faces_by_seat"] = list(zip(names, dice["faces"], strict=True))
    if "tile" in state:
        context["refill_range"] = range(state["tile"]["refill_size"])
    if "card" in state:
        card = state["card"]
        seat = state["to_move"]
        context["faceup_by_seat"] = list(zip(names, card["faceup"], strict=True))
        context["faceup_range"] = range(2 if len(names) == 2 else 1)
        swapper = next((a["player"] for a in state["legal"] if a["type"] == "swap"), None)
        context["hand_range"] = range(card["hand_size"][swapper] if swapper is not None else 0)
        if "hands" in card and seat is not None:
            context["hand"] = card["hands"][seat]
    return context


def challenge_table(request: HttpRequest, pk: int) -> HttpResponse:
    table = _table(pk)
    return render(request, "challenges/table.html", _page_context(request, table))


def _refused(request: HttpRequest, exc: DomainError) -> None:
    if isinstance(exc, IllegalMove):
        messages.error(
            request,
            _("Refused (%(code)s, action %(index)s): %(message)s")
            % {"code": exc.code, "index": exc.record_index, "message": exc.message},
        )
    else:
        messages.error(request, exc.message)


def _expected(request: HttpRequest) -> int | None:
    return whole_number(request.POST.get("index", ""))


@require_POST
def challenge_act(request: HttpRequest, pk: int) -> HttpResponse:
    table = _table(pk)
    if denied := _recorder_or_deny(request):
        return denied
    try:
        action = action_from_post(table, request.POST)
        row = services.record_challenge_action(
            table=table, user=request.user, expected_index=_expected(request), action=action
        )
    except DomainError as exc:
        _refused(request, exc)
    else:
        messages.success(request, _("Recorded: action %(index)s.") % {"index": row.index})
    return redirect("challenge-table", table.pk)


@require_POST
def challenge_takeback(request: HttpRequest, pk: int) -> HttpResponse:
    table = _table(pk)
    if denied := _recorder_or_deny(request):
        return denied
    try:
        services.take_back_challenge_action(
            table=table,
            user=request.user,
            expected_index=_expected(request),
            reason=request.POST.get("reason", ""),
        )
    except DomainError as exc:
        _refused(request, exc)
    else:
        messages.success(request, _("The last action is taken back."))
    return redirect("challenge-table", table.pk)


def challenge_for_board(request: HttpRequest, board_pk: int) -> HttpResponse:
    """A board of an event of challenges: to its challenge table (the round's pages link here)."""
    table = selectors.event_table(board_pk)
    if table is None:
        raise Http404(_("No challenge is played at this board (yet)."))
    return redirect("challenge-table", table.pk)


def challenge_viewer(request: HttpRequest, pk: int) -> HttpResponse:
    """Step through a game action by action (?step=N: the position after N actions)."""
    table = _table(pk)
    in_play = table.status != Game.Status.FINISHED
    if (in_play and not selectors.can_record_challenges(request.user)) or (
        selectors.hands_hidden_from(request.user, table)
    ):  # a full-mode record in play holds the deals: the public steps through finished games
        raise Http404(_("The viewer shows finished games: follow this one on its table's page."))
    step = whole_number(request.GET.get("step", "0")) or 0
    state, actions = selectors.position_at(table, step)
    step = state["step"]
    names = table.seat_names
    seats = _seat_rows(names, state, to_move=None if state["over"] else state["to_move"])
    last = actions[step - 1] if step else None
    context = {
        "table": table,
        "state": state,
        "seats": seats,
        "colours": _colours(),
        "step": step,
        "length": len(actions),
        "steps": [0, max(step - 10, 0), max(step - 1, 0), min(step + 1, len(actions))],
        "forward": min(step + 10, len(actions)),
        "last": json.dumps(last, ensure_ascii=False) if last else "",
        "last_words": ACTION_WORDS.get(last.get("type", ""), "") if last else "",
        "last_name": names[last["player"]]
        if last and isinstance(last.get("player"), int) and last["player"] < len(names)
        else "",
        "board": table.board,
    }
    return render(request, "challenges/viewer.html", context)


# Every write at a table bumps the event's live version: a poll that holds it is a 204.
@polled(live_version)
def challenge_live(request: HttpRequest, slug: str) -> HttpResponse:
    """The challenge tables of an event's latest round, as they stand (refreshed by htmx)."""
    event = Event.objects.filter(slug=slug, ruleset=Event.Ruleset.CHALLENGES).first()
    if event is None:
        raise Http404(_("No such event of challenges."))
    context = {"event": event, "tables": selectors.live_tables(event.pk), "colours": _colours()}
    if request.htmx:  # type: ignore[attr-defined]  # django-htmx middleware
        return render(request, "challenges/_live_tables.html", context)
    return render(request, "challenges/live.html", context)
