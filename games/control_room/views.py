"""The arbiter's control room of a round's online boards, its live part, its one form address,
and a player's call of the arbiter (JSON, from the game's page). Thin: services and selectors.

Only the event's arbiters and directors see the control room (anyone else: 403; a visitor is
asked to log in). A refused action says why and changes nothing: the page comes back with
the message (a racks inspection, which shows what it found, answers with the page itself)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.clocks.readings import format_ms
from games.control_room import forms as control_forms
from games.control_room import selectors, services
from games.models import Game
from games.recording.selectors import game_at_board
from games.recording.words import took_back
from tournament.errors import DomainError
from tournament.models.events import Round
from tournament.pages import arbiter_or_deny, get_event, visible_round
from tournament.reading import whole_number

LIVE_SECONDS = 5


def _round(request: HttpRequest, slug: str, number: int) -> tuple[Round, HttpResponse | None]:
    """The round (published: its boards are where they are played), once the user may see
    its control room; else the login page's redirect (or a 403, raised)."""
    event = get_event(slug)
    refusal = arbiter_or_deny(request, event)
    if refusal is not None:
        return Round(), refusal
    round_ = visible_round(request, event, number)
    if not round_.is_public:
        raise Http404(_("Round %(number)s is not published yet.") % {"number": number})
    round_.event = event
    return round_, None


def _context(request: HttpRequest, round_: Round, **extra: Any) -> dict[str, Any]:
    now = timezone.now()
    cards = selectors.board_cards(round_, now)
    alerts = [a for card in cards for a in card.alerts]
    alerts.sort(key=lambda a: (a.at is None, a.at or now, a.board_number))
    return {
        "event": round_.event,
        "round": round_,
        "cards": cards,
        "alerts": alerts,
        "server_ms": int(now.timestamp() * 1000),
        "live_seconds": LIVE_SECONDS,
        "result_choices": control_forms.ResultForm.base_fields["result"].choices,  # type: ignore[attr-defined]
        **extra,
    }


@require_GET
def control_room(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round_, refusal = _round(request, slug, number)
    if refusal is not None:
        return refusal
    return render(request, "games/control_room.html", _context(request, round_))


@require_GET
def control_room_live(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The boards and alerts, fetched when the event's socket says something changed (or
    polled while it cannot): never cached, it is the arbiters' alone."""
    round_, refusal = _round(request, slug, number)
    if refusal is not None:
        return refusal
    return render(request, "games/control_room_live.html", _context(request, round_))


# ---------------------------------------------------------------- the board actions


def _valid(form: forms.Form) -> dict[str, Any]:
    """The form's data, or a refusal naming each field wrong by its label."""
    if form.is_valid():
        return form.cleaned_data
    parts = []
    for name, errors in form.errors.items():
        field = form.fields.get(name)
        label = "" if field is None else f"{field.label or name.replace('_', ' ')}: "
        parts.append(label + " ".join(str(error) for error in errors))
    raise DomainError(" ".join(parts))


def _game(round_: Round, post: Any) -> Game:
    pk = whole_number(post.get("game"))
    game = selectors.online_game(round_, pk)
    if game is None:
        raise DomainError(
            _("No such online board in round %(number)s: reload the control room.")
            % {"number": round_.number},
            field="game",
        )
    return game


def _board_words(game: Game) -> str:
    return _("Board %(number)s") % {"number": game.event_board.number}


def _pause(request: HttpRequest, game: Game) -> str:
    data = _valid(control_forms.ReasonForm(request.POST))
    services.pause(game=game, user=request.user, reason=data["reason"])
    return _("%(board)s: clocks paused.") % {"board": _board_words(game)}


def _resume(request: HttpRequest, game: Game) -> str:
    data = _valid(control_forms.ReasonForm(request.POST))
    services.resume(game=game, user=request.user, reason=data["reason"])
    return _("%(board)s: clocks resumed.") % {"board": _board_words(game)}


def _adjust(request: HttpRequest, game: Game) -> str:
    data = _valid(control_forms.AdjustForm(request.POST))
    services.adjust(
        game=game,
        user=request.user,
        seat=data["seat"],
        remaining_ms=data["time"],
        reason=data["reason"],
        confirm_long=data["confirm_long"],
    )
    return _("%(board)s: clock of %(name)s set to %(time)s.") % {
        "board": _board_words(game),
        "name": game.players[data["seat"]],
        "time": format_ms(data["time"]),
    }


def _takeback(request: HttpRequest, game: Game) -> str:
    data = _valid(control_forms.TakeBackForm(request.POST))
    row = services.take_back_actions(
        game=game,
        user=request.user,
        expected_index=data["expected_index"],
        count=data["count"],
        reason=data["reason"],
    )
    undone = row.game.actions.filter(taken_back_by=row).order_by("index")
    words = took_back(row.game, [r.payload for r in undone])
    return f"{_board_words(game)}: {words}."


def _result(request: HttpRequest, game: Game) -> str:
    data = _valid(control_forms.ResultForm(request.POST))
    first, second = data.get("first_lowest"), data.get("second_lowest")
    given = first is not None or second is not None
    board = services.decide_result(
        game=game,
        user=request.user,
        result=data["result"],
        reason=data["reason"],
        replaces=data.get("replaces"),
        levels=[first, second] if given else None,
    )
    return _("%(board)s: result %(result)s.") % {
        "board": _board_words(game),
        "result": board.result_text,
    }


def _message(request: HttpRequest, game: Game) -> str:
    data = _valid(control_forms.MessageForm(request.POST))
    services.message_board(game=game, user=request.user, text=data["text"])
    return _("%(board)s: message sent to the players.") % {"board": _board_words(game)}


def _answer(request: HttpRequest, game: Game) -> str:
    data = _valid(control_forms.AnswerForm(request.POST))
    call = selectors.open_call(game, data["call"])
    if call is None:
        raise DomainError(_("No such call at this board: reload the control room."), field="call")
    services.answer_call(call=call, user=request.user, answer=data["answer"])
    return _("%(board)s: the call of %(name)s is answered.") % {
        "board": _board_words(game),
        "name": game.players[call.seat] if call.seat < len(game.players) else call.seat,
    }


ACTIONS: dict[str, Callable[[HttpRequest, Game], str]] = {
    "pause": _pause,
    "resume": _resume,
    "adjust": _adjust,
    "takeback": _takeback,
    "result": _result,
    "message": _message,
    "answer": _answer,
}


@require_POST
def control_act(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Every action of the control room (``op``), each on one online board of the round
    (``game``) with its reason; back to the control room, saying what was done or why not.
    ``op=racks`` answers with the control room showing the racks, to the arbiter who asked."""
    round_, refusal = _round(request, slug, number)
    if refusal is not None:
        return refusal
    op = request.POST.get("op", "")
    try:
        game = _game(round_, request.POST)
        if op == "racks":
            data = _valid(control_forms.ReasonForm(request.POST))
            _inspection, racks = services.inspect_racks(
                game=game, user=request.user, reason=data["reason"]
            )
            shown = {"game": game, "seats": list(zip(game.players, racks, strict=False))}
            return render(
                request, "games/control_room.html", _context(request, round_, racks=shown)
            )
        action = ACTIONS.get(op)
        if action is None:
            raise DomainError(
                _("%(op)s is not an action of the control room.") % {"op": repr(op)}, field="op"
            )
        messages.success(request, action(request, game))
    except DomainError as exc:
        messages.error(request, exc.message)
    return redirect("control-room", slug=slug, number=number)


# ---------------------------------------------------------------- a player's call


@require_POST
def call(request: HttpRequest, game_pk: int) -> JsonResponse:
    """A seated player calls the arbiter (JSON ``{"text": "..."}``, as the game's page posts
    it, or a form's ``text``).
    201 with the call; 403 for anyone not seated at the board; 400/409 saying why not."""
    if not request.user.is_authenticated:
        return JsonResponse({"detail": _("Log in to call the arbiter.")}, status=403)
    body: Any = request.POST  # a plain form's post, as a page without its script sends it
    if request.content_type == "application/json":
        try:
            body = json.loads(request.body or b"{}")
        except (ValueError, UnicodeDecodeError):
            body = None
    if not isinstance(body, dict | QueryDict):
        return JsonResponse({"detail": _("Send the call as a JSON object.")}, status=400)
    game = _played_game(game_pk)
    if game is None:
        return JsonResponse({"detail": _("No such game.")}, status=404)
    try:
        text = body.get("text") or ""
        if not isinstance(text, str):
            raise DomainError(_("The call's text must be words."), field="text")
        data = _valid(control_forms.CallForm({"text": text}))
        made = services.call_arbiter(game=game, user=request.user, text=data["text"])
    except DomainError as exc:
        return JsonResponse(exc.as_dict(), status=exc.status_code)
    return JsonResponse(
        {"id": made.pk, "seat": made.seat, "at": made.at.isoformat(), "paused": made.paused},
        status=201,
    )


def _played_game(game_pk: int) -> Game | None:
    found = Game.objects.ingenious().filter(pk=game_pk).values_list("board_id", flat=True).first()
    return game_at_board(found) if found is not None else None
