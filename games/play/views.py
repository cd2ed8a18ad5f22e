"""The player's game page of an online board, its state as JSON, its actions and the check of a
placement before it is confirmed. Thin: the permission and reads are in selectors, the writes
in services (through the games' one write path)."""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from games.models import Game
from games.play import selectors, services
from games.recording.selectors import game_at_board
from games.recording.setup import NoGameHere
from tournament.errors import DomainError


def refused(exc: DomainError) -> JsonResponse:
    """A refused write or check, as the page's script reads it (also the practice table's)."""
    return JsonResponse(exc.as_dict(), status=exc.status_code)


def json_body(request: HttpRequest) -> Any:
    """The request's JSON body; a clear refusal when it is not JSON."""
    try:
        return json.loads(request.body or b"{}")
    except (ValueError, UnicodeDecodeError) as exc:
        raise DomainError(_("The request's body is not JSON."), field="body") from exc


@require_GET
@never_cache
def play_game(request: HttpRequest, game_pk: int) -> HttpResponse:
    """The player's page: the board, their own rack, every seat's track, the clocks."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    try:
        game = selectors.game_to_play(game_pk)
        seat = selectors.player_seat(request.user, game)
    except selectors.NoGameForYou as exc:
        raise Http404(exc.message) from exc
    except DomainError as exc:
        return render(request, "games/play_refused.html", {"message": exc.message}, status=403)
    board = game.event_board
    state = selectors.play_state(game, seat)
    ctx = {
        "game": game,
        "board": board,
        "event": board.round.event,
        "seat": seat,
        "state": state,
        "state_url": reverse("play-state", args=[game.pk]),
        "act_url": reverse("play-act", args=[game.pk]),
        "check_url": reverse("play-check", args=[game.pk]),
        "focus_url": reverse("play-focus", args=[game.pk]),
        "call_url": reverse("control-call", args=[game.pk]),
        "socket_url": f"/ws/play/{game.pk}/",
        "seat_name": game.players[seat],
        "words_json": json.dumps(selectors.page_words()),
    }
    return render(request, "games/play.html", ctx)


@require_GET
@never_cache
def play_state(request: HttpRequest, game_pk: int) -> JsonResponse:
    """The seat's state (never another seat's rack); 403 for anyone not seated, 404 for a game
    that does not exist or is not published."""
    try:
        game = selectors.game_to_play(game_pk)
        seat = selectors.player_seat(request.user, game)
    except DomainError as exc:
        return refused(exc)
    return JsonResponse(selectors.play_state(game, seat))


@require_POST
def play_act(request: HttpRequest, game_pk: int) -> JsonResponse:
    """One action of the seat (place, swap, end_turn) with the expected index; the new state,
    or a 4xx with the message (the engine's words for an illegal action)."""
    try:
        game = selectors.game_to_play(game_pk)
        recorder = selectors.recorder_for(request.user, game)
        services.act(recorder=recorder, user=request.user, game=game, data=json_body(request))
    except NoGameHere as exc:
        return JsonResponse({"detail": exc.message}, status=404)
    except DomainError as exc:
        return refused(exc)
    game = selectors.game_to_play(game_pk)
    assert recorder.seat is not None  # a player's recorder
    return JsonResponse(selectors.play_state(game, recorder.seat))


@require_POST
def play_check(request: HttpRequest, game_pk: int) -> JsonResponse:
    """What a placement would score, or the engine's refusal, before it is confirmed. Nothing
    is stored."""
    try:
        game = selectors.game_to_play(game_pk)
        seat = selectors.player_seat(request.user, game)
        data = json_body(request)
        if not isinstance(data, dict):
            raise DomainError(_("A placement names its tile and its two cells."), field="cells")
        cells = data.get("cells")
        preview = selectors.check_placement(
            game,
            seat,
            str(data.get("tile") or ""),
            [str(c) for c in cells] if isinstance(cells, list) else [],
        )
    except DomainError as exc:
        return refused(exc)
    return JsonResponse(preview)


@require_GET
def play_board(request: HttpRequest, board_pk: int) -> HttpResponse:
    """The player's page of a board (the links of "My games" and the board page, which know the
    board, not its game)."""
    game: Game | None = game_at_board(board_pk)
    if game is None:
        raise Http404(_("No game at this board yet."))
    return redirect("play-game", game_pk=game.pk)
