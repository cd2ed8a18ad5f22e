"""Pages of the games app: the arbiter's board page, the public viewer, downloads, import, and
the director's replay-validation page. Thin: they call services and selectors."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import trigger_client_event

from games.analysis.selectors import viewer_analysis
from games.clocks.lag import read_client_at
from games.clocks.readings import format_ms
from games.clocks.services import CLOCK_OPERATIONS, adjust_clock, clock_operation
from games.engine.gamerecord import Record
from games.engine.tiles import COLOURS, TILE_KINDS
from games.models import Game, ValidationRun
from games.recording import positions, selectors
from games.recording.board_svg import COLOUR_NAMES, SYMBOL_NAMES, board_svg
from games.recording.corrections import take_back
from games.recording.forms import AdjustForm, ImportForm, TakeBackForm
from games.recording.services import import_record, record_notation, record_placement, record_swap
from games.recording.setup import NoGameHere, unstored_game
from games.recording.words import describe_entry, lag_words, player_name, took_back
from games.recording.writes import Recorder, recorder_at, seat_of
from games.spectating.selectors import Sight, delay_words, seen_version, sight
from games.validation.services import retry_recheck, start_recheck
from tournament.confirmations.selectors import settle_url
from tournament.errors import DomainError
from tournament.models.events import Board, Event
from tournament.permissions import is_arbiter, require_director
from tournament.reading import whole_number
from tournament.web.page_cache import (
    cached_page,
    held_version,
    unchanged,
    versioned,
)


def _game(request: HttpRequest, board_pk: int) -> Game:
    """The board's game, read once with its board, round and event (404 while unpublished).
    Reads create nothing: a board published without its game shows the one its first write
    stores."""
    game = selectors.game_at_board(board_pk)
    board = game.board if game is not None else selectors.board_with_event(board_pk)
    if board is None or not selectors.can_view(request.user, board):
        raise Http404(_("No such board, or its round is not published yet."))
    if game is None:
        try:
            game = unstored_game(board)
        except NoGameHere as exc:
            raise Http404(exc.message) from exc
    return game


def _recorder(request: HttpRequest, board_pk: int) -> Recorder:
    """Who writes at the board (their right checked once: the write refuses them if they may
    not), 404 as for a read when they see no game there."""
    recorder = recorder_at(request.user, board_pk)
    if recorder is None:
        raise Http404(_("No such board, or its round is not published yet."))
    if not recorder.allowed:
        _game(request, board_pk)  # a board with no game of its own is not found first
    return recorder


def event_url(event: Event) -> str | None:
    try:
        return event.get_absolute_url()
    except NoReverseMatch:
        return None


# ---------------------------------------------------------------- the board page


def _seat_rows(
    game: Game,
    position: dict[str, Any],
    clock: dict[str, Any],
    placings: list[int | None] | None = None,
) -> list[dict[str, Any]]:
    """A row per seat (one to four): tracks, clock, whose turn, the team at a partnership board
    and at a table the placing."""
    scores = position.get("scores") or [[0] * 6 for _ in game.players]
    flagged = set(position.get("flagged") or [])
    lowest = position.get("lowest") or [min(s) for s in scores]
    placings = placings or position.get("placings") or [None] * len(game.players)
    # The track's top: 18, or 36 on the double track (partnership: partners, seats 0 and 2, 1
    # and 3, share their side's track; solitaire).
    track = positions.track_length(game.ruleset, game.options or {})
    # A practice game (games.practice) has no board, so no teams.
    teams = selectors.seat_teams(game.board) if game.board is not None else []
    rows = []
    for seat, name in enumerate(game.players):
        side = seat % len(scores)
        team = teams[seat] if seat < len(teams) else {"team": "", "partner": ""}
        rows.append(
            {
                "seat": seat,
                "name": name,
                "team": team["team"],
                "partner": team["partner"],
                "track": track,
                "tracks": [
                    {
                        "colour": c,
                        "colour_name": COLOUR_NAMES[c],
                        "symbol": SYMBOL_NAMES[c],
                        "value": scores[side][i],
                        # the bar's share of the track, 0-100 (never past its end): "55.56"
                        "percent": f"{min(max(scores[side][i], 0), track) * 100 / track:.4g}",
                        "low": scores[side][i] == lowest[side],
                    }
                    for i, c in enumerate(COLOURS)
                ],
                "lowest": lowest[side],
                "placing": placings[seat] if seat < len(placings) else None,
                "flagged": seat in flagged,
                "to_move": position.get("to_move") == seat,
                "clock_ms": clock["readings_ms"][seat],
                "clock_text": format_ms(clock["readings_ms"][seat]),
                "clock_running": clock["running"] and clock["seat"] == seat,
                "on_clock": clock["seat"] == seat,
            }
        )
    return rows


def _sentence(message: str) -> str:
    """A service's or the engine's message as a sentence ("the game is over" -> "The game is
    over.")."""
    message = message.strip()
    if not message:
        return message
    message = message[0].upper() + message[1:]
    return message if message[-1] in ".!?" else message + "."


def _reveal_ms(seen: Sight, now: Any) -> int | None:
    """In how many ms a spectator's delayed view shows more (the page asks again then)."""
    if seen.reveal_at is None:
        return None
    return max(0, int((seen.reveal_at - now).total_seconds() * 1000))


def _live_context(
    request: HttpRequest, game: Game, seen: Sight | None = None, **extra: Any
) -> dict[str, Any]:
    now = timezone.now()
    board = game.event_board
    # The game as the viewer sees it: a spectator sees an online board behind (games.spectating).
    seen = seen if seen is not None else sight(game, request.user, now)
    state = selectors.game_state(game, now, sight=seen)
    position = state["position"]
    clock = state["clock"]
    placings = state["placings"]
    can_record = selectors.can_record(request.user, board) and not state["board_closed"]
    log = state["log"]
    by_index = {entry["index"]: entry for entry in log}
    for entry in log:
        entry["text"] = describe_entry(game, entry, by_index)
        entry["lag_text"] = lag_words(entry["payload"] or {})
    unseen = position.get("unseen") or {}
    finished = game.status == Game.Status.FINISHED
    running = clock["running"] and clock["seat"] is not None
    ctx = {
        "game": game,
        "board": board,
        "event": board.round.event,
        "state": state,
        "position": position,
        "clock": clock,
        "clock_json": json.dumps(clock),
        "seats": _seat_rows(game, position, clock, placings),
        # three or four sides, placed at the table (two partnership teams are two sides)
        "is_table": board.is_table,
        "sides": selectors.side_names(board) or game.players,
        "side_lowest": selectors.side_lowest(board),  # each side's, from its seats
        "board_svg": board_svg(
            position, interactive=can_record and not finished, highlight_plies=1
        ),
        "unseen": [(k, unseen.get(k, 0)) for k in TILE_KINDS],
        "unseen_total": sum(unseen.values()) if unseen else 0,
        "log": list(reversed(log)),
        "can_record": can_record,
        "finished": finished,
        "can_start": can_record and not finished and clock["seat"] is None,
        "can_press": can_record and running,
        "can_pause": can_record and running,
        "can_resume": can_record and not finished and clock["seat"] is not None and not running,
        "to_move_name": player_name(game, position.get("to_move")),
        "turn_name": player_name(game, position.get("turn_seat")),
        "on_clock_name": player_name(game, clock["seat"]),
        "flag_name": player_name(game, clock["flag_fallen"]),
        "result_text": board.result_text,  # a solitaire entrant's by its levels
        "live_state": selectors.live_state(game),
        "delayed": state["delayed"],
        "delay_words": delay_words(game) if state["delayed"] else "",
        "reveal_ms": _reveal_ms(seen, now),
    }
    ctx.update(extra)
    return ctx


def _page_context(request: HttpRequest, game: Game) -> dict[str, Any]:
    ctx = _live_context(request, game)
    board = game.event_board
    ctx["event_url"] = event_url(board.round.event)
    # A dispute over the board's result: its arbiters settle it (tournament confirmations).
    ctx["settle_url"] = settle_url(request.user, board)
    # A player seated at this online board, its game in play: their own page plays it.
    in_play = game.pk is not None and game.status != Game.Status.FINISHED and not board.closed
    seated = board.online and in_play and seat_of(request.user, board) is not None
    ctx["play_url"] = reverse("play-game", args=[game.pk]) if seated else ""
    return ctx


@require_GET
@cached_page(seen_version)  # the read-only rendering, once per change
def board_page(request: HttpRequest, board_pk: int) -> HttpResponse:
    """The arbiter's recording page; a read-only live view for everyone else. A board of an
    event of challenges is played on its challenge page."""
    board = selectors.board_with_event(board_pk)
    if board is not None and board.round.event.ruleset == Event.Ruleset.CHALLENGES:
        return redirect("challenge-board", board_pk=board_pk)
    version = seen_version(request, board_pk)  # read before the game it stands for
    game = _game(request, board_pk)
    ctx = _page_context(request, game)
    ctx["live_version"] = version or ""
    return render(request, "games/board.html", ctx)


@require_GET
def board_live(request: HttpRequest, board_pk: int) -> HttpResponse:
    """The live part of the board page, polled by htmx; 204 when nothing has changed: at once
    when the poll holds the event's live version (nothing spectators see has changed since),
    else when the board's log length (``since``) and state (``state``) are the poll's. A clock
    run down asks afresh (``fresh``): whether a flag fell is read at this moment, never from
    the cache; otherwise the anonymous rendering is rendered once per live version."""
    fresh = request.GET.get("fresh") == "1"
    version = seen_version(request, board_pk) or ""  # read before the game
    if version and not fresh and held_version(request) == version:
        return server_time(unchanged(version))
    if fresh:
        return server_time(_live_part(request, board_pk))
    # The page cache keeps the body alone: it says the version read before it, which is not
    # newer than the one it was rendered under.
    return server_time(versioned(_cached_live_part(request, board_pk), version))


def _live_part(request: HttpRequest, board_pk: int) -> HttpResponse:
    fresh = request.GET.get("fresh") == "1"
    version = seen_version(request, board_pk) or ""  # read before the game
    game = _game(request, board_pk)
    seen = sight(game, request.user)
    shown = game.log_length if seen.upto is None else seen.upto  # the log's length in sight
    since, state = request.GET.get("since"), request.GET.get("state")
    if not fresh and since == str(shown) and state in (None, selectors.live_state(game)):
        return unchanged(version)
    ctx = _live_context(request, game, seen, live_version=version)
    return versioned(render(request, "games/_live.html", ctx), version)


_cached_live_part = cached_page(seen_version, params=("since", "state"))(_live_part)


def server_time(response: HttpResponse) -> HttpResponse:
    """The server's time (ms since 1970) on an answer to the board page, also a poll's 204: the
    page's script estimates its offset from it, to say when a clock operation was made."""
    response["X-Server-Ms"] = str(int(timezone.now().timestamp() * 1000))
    return response


def _int(value: str | None, field: str) -> int:
    number = whole_number(value)
    if number is None:
        raise DomainError(
            _("%(value)s must be a whole number.") % {"value": field.replace("_", " ")}, field=field
        )
    return number


def _do_action(request: HttpRequest, recorder: Recorder) -> tuple[str, Game]:
    """Carry out one button or form of the board page; returns what to tell the arbiter and
    the game as the write stored it."""
    post = request.POST
    op = post.get("op", "")
    expected = _int(post.get("expected_index"), "expected_index")
    user = request.user
    if op in ("place", "swap", "text"):
        if op == "place":
            cells = [post.get("cell1", ""), post.get("cell2", "")]
            rows = record_placement(
                game=recorder,
                user=user,
                expected_index=expected,
                tile=post.get("tile", ""),
                cells=cells,
            )
        elif op == "swap":
            rack = post.get("rack", "").replace(",", " ").split()
            rows = record_swap(game=recorder, user=user, expected_index=expected, rack=rack)
        else:
            rows = record_notation(
                game=recorder, user=user, expected_index=expected, text=post.get("text", "")
            )
        game = rows[-1].game
        recorded = "; ".join(selectors.describe(game, r.payload) for r in rows)
        return _("Recorded: %(actions)s.") % {"actions": recorded}, game
    # The moment the page's script says a clock operation was made (a page without it: none).
    sent = post.get("client_at", "")
    client_at = read_client_at(sent) if sent and op in CLOCK_OPERATIONS else None
    if op in ("start", "press", "pause", "resume"):
        row = clock_operation(
            game=recorder,
            user=user,
            expected_index=expected,
            operation=op,
            reason=post.get("reason", ""),
            client_at=client_at,
        )
        return {
            "start": _("Clocks started."),
            "press": _("Clock pressed."),
            "pause": _("Clocks paused."),
            "resume": _("Clocks resumed."),
        }[op], row.game
    if op == "adjust":
        form = AdjustForm(post)
        if not form.is_valid():
            raise DomainError(_form_errors(form), field="adjust")
        data = form.cleaned_data
        row = adjust_clock(
            game=recorder,
            user=user,
            expected_index=expected,
            seat=data["seat"],
            remaining_ms=data["time"],
            reason=data["reason"],
            confirm_long=data["confirm_long"],
            client_at=client_at,
        )
        return _("Clock of %(name)s set to %(time)s.") % {
            "name": row.game.players[data["seat"]],
            "time": format_ms(data["time"]),
        }, row.game
    if op == "takeback":
        takeback = TakeBackForm(post)
        if not takeback.is_valid():
            raise DomainError(_form_errors(takeback), field="takeback")
        data = takeback.cleaned_data
        row = take_back(
            game=recorder,
            user=user,
            expected_index=expected,
            count=data["count"],
            reason=data["reason"],
        )
        game = row.game
        indices = row.payload.get("indices", [])
        undone = selectors.log_entries(game, since=min(indices, default=row.index))
        return took_back(game, [e["payload"] for e in undone if e["index"] in indices]) + ".", game
    raise DomainError(_("Unknown operation %(op)s.") % {"op": repr(op)}, field="op")


def _form_errors(form: forms.Form) -> str:
    return " ".join(
        f"{'' if field == '__all__' else field + ': '}{' '.join(str(e) for e in errors)}"
        for field, errors in form.errors.items()
    )


@require_POST
def board_act(request: HttpRequest, board_pk: int) -> HttpResponse:
    """Every write of the board page, through the games' one write path (the right to record
    checked once, the game and board read once under their locks). htmx gets the live part
    back, drawn from the game as the write stored it; a plain form, a redirect."""
    htmx = bool(request.htmx)  # type: ignore[attr-defined]  # django-htmx middleware
    notice, error = "", ""
    written: Game | None = None
    try:
        if not request.user.is_authenticated:
            _game(request, board_pk)  # not found first, as for a read
            raise DomainError(_("Log in as an arbiter of the event to record games."))
        notice, written = _do_action(request, _recorder(request, board_pk))
    except NoGameHere as exc:
        raise Http404(exc.message) from exc
    except DomainError as exc:
        # The message says what is wrong in words; the engine's code (SWAP_NOT_ALLOWED) is for
        # the API's clients, not for the arbiter.
        error = _sentence(exc.message)
    if htmx:
        game = written or _game(request, board_pk)  # refused: the game as it is now
        ctx = _live_context(request, game, notice=notice, error=error)
        response = render(request, "games/_live.html", ctx)
        if not error:
            trigger_client_event(response, "game-recorded")
        return server_time(response)
    if error:
        messages.error(request, error)
    else:
        messages.success(request, notice)
    return redirect("game-board", board_pk=board_pk)


# ---------------------------------------------------------------- viewer, downloads, import


@require_GET
@cached_page(seen_version)
def viewer(request: HttpRequest, board_pk: int) -> HttpResponse:
    """The public replayer: board, scores and clocks at every step of the game, and the engine's
    judgement of each move once the game has been analysed. A spectator replays an online
    board's game in play as far as they see it (games.spectating)."""
    game = _game(request, board_pk)
    board = game.event_board
    ctx = {
        **replay_context(request, game),
        "board": board,
        "event": board.round.event,
        "event_url": event_url(board.round.event),
        "is_table": board.is_table,
        "sides": selectors.side_names(board) or game.players,
        "side_lowest": selectors.side_lowest(board),
        "result_text": board.result_text,
    }
    return render(request, "games/viewer.html", ctx)


def replay_context(request: HttpRequest, game: Game) -> dict[str, Any]:
    """What the viewer (games/viewer.html) shows of a game's record, whether it is played at a
    board or not (a practice game's viewer, games.practice): every step with its scores and
    clocks, and the engine's judgement once the game has been analysed."""
    now = timezone.now()
    seen = sight(game, request.user, now)
    position = selectors.position(game, seen)
    frames = selectors.replay_frames(game, seen)
    clock = selectors.seen_clock(game, now, seen, position)
    analysis = viewer_analysis(game, frames, game.players)
    for frame in frames:  # the move list marks each placement's grade
        frame["grade"] = analysis.grades.get(frame["step"], "")
    label = _("The game, step by step")
    return {
        "game": game,
        "position": position,
        "board_svg": board_svg(position, label=label, overlay=analysis.ghosts),
        "analysis": analysis,
        "frames": frames,
        "seats": _seat_rows(game, position, clock, selectors.table_placings(game)),
        "steps": len(frames) - 1,
    }


def _download_name(board: Board, ext: str) -> str:
    event = board.round.event
    return f"{event.slug}-r{board.round.number}-b{board.number}.{ext}"


def record_download(record: Record, filename: str) -> HttpResponse:
    """A game's record as a file to save: JSON or, for a ``.txt`` name, the text form."""
    response: HttpResponse
    if filename.endswith(".txt"):
        response = HttpResponse(record.to_text(), content_type="text/plain; charset=utf-8")
    else:
        response = JsonResponse(
            record.to_json(), json_dumps_params={"indent": 2, "ensure_ascii": False}
        )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
def record_json(request: HttpRequest, board_pk: int) -> HttpResponse:
    game = _game(request, board_pk)
    record = selectors.record_for_game(game, sight(game, request.user))
    return record_download(record, _download_name(game.event_board, "json"))


@require_GET
def record_text(request: HttpRequest, board_pk: int) -> HttpResponse:
    game = _game(request, board_pk)
    record = selectors.record_for_game(game, sight(game, request.user))
    return record_download(record, _download_name(game.event_board, "txt"))


@login_required
def import_page(request: HttpRequest, board_pk: int) -> HttpResponse:
    """An arbiter enters a game recorded on paper for this board."""
    game = _game(request, board_pk)
    board = game.event_board
    if not selectors.can_record(request.user, board):
        messages.error(request, _("Only the event's arbiters and directors may import games."))
        return redirect("game-board", board_pk=board.pk)
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            rows = import_record(game=game, user=request.user, source=form.cleaned_data["record"])
        except DomainError as exc:
            form.add_error("record", exc.message)
        else:
            messages.success(request, _("Imported %(rows)s action(s).") % {"rows": len(rows)})
            return redirect("game-board", board_pk=board.pk)
    return render(
        request,
        "games/import.html",
        {"form": form, "board": board, "game": game, "event": board.round.event},
    )


# ---------------------------------------------------------------- replay validation


@login_required
def validation_page(request: HttpRequest, slug: str) -> HttpResponse:
    """Directors (and arbiters) see games whose replay failed; directors re-check the event."""
    event = get_object_or_404(Event, slug=slug)
    if not is_arbiter(request.user, event):
        raise Http404(_("Only the event's directors and arbiters see replay validation."))
    ctx = selectors.validation_overview(event)
    ctx.update(
        {
            "event": event,
            "event_url": event_url(event),
            "is_director": selectors.may_direct(request.user, event),
            "silence": selectors.recheck_silence(ctx["run"]),
        }
    )
    return render(request, "games/validation.html", ctx)


@login_required
def validation_progress(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    if not is_arbiter(request.user, event):
        raise Http404(_("Only the event's directors and arbiters see replay validation."))
    run = selectors.latest_run(event)
    context = {
        "event": event,
        "run": run,
        "is_director": selectors.may_direct(request.user, event),
        "silence": selectors.recheck_silence(run),
    }
    return render(request, "games/_validation_progress.html", context)


@login_required
@require_POST
def validation_recheck(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    try:
        require_director(request.user, event)
        run = start_recheck(event=event, user=request.user)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            _("Re-checking %(total)s game(s) of %(name)s.")
            % {"total": run.total, "name": event.name},
        )
    return redirect(reverse("game-validation", args=[event.slug]))


@login_required
@require_POST
def validation_retry(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Queue again a re-check that has stopped reporting; it resumes where it stopped."""
    event = get_object_or_404(Event, slug=slug)
    run = get_object_or_404(ValidationRun, event=event, pk=pk)
    try:
        retried = retry_recheck(run=run, user=request.user)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        if retried:
            messages.info(request, _("The re-check is queued again: it goes on where it stopped."))
        else:
            messages.info(request, _("The re-check has finished meanwhile: nothing to retry."))
    return redirect(reverse("game-validation", args=[event.slug]))
