"""Pages of the Ingenious Challenges for an arbiter's tablet: the tables, a new table, and one
table with its score rows, the controls of the seat to act (what the rules allow now, from
``games.challenges.choices``, drawn with the colour symbols), and the log in words. Actions
go through htmx without a reload, as on the board page, or as a plain form and a redirect."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import trigger_client_event

from games.challenge_tables import page, selectors, services, words
from games.challenge_tables.forms import ChallengeStartForm, action_from_post
from games.challenge_tables.models import ChallengeAction
from games.challenges.choices import choices
from games.errors import IllegalMove
from games.models import Game
from tournament.confirmations.selectors import settle_url
from tournament.errors import DomainError, NotAllowed
from tournament.models.events import Event
from tournament.reading import whole_number
from tournament.web.page_cache import live_version, polled


def _table(pk: int) -> Game:
    table = selectors.challenge_game(pk)
    if table is None:
        raise Http404(_("No such challenge table."))
    return table


def _starter_or_deny(request: HttpRequest) -> HttpResponse | None:
    if selectors.can_record_challenges(request.user):
        return None
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise PermissionDenied(services.not_recorder().message)


def _recorder(request: HttpRequest, table: Game) -> services.Recorder | HttpResponse:
    """The right to record at this table, checked once for the write: a visitor is sent to log
    in, anyone else without it refused."""
    try:
        return services.recorder_of(table, request.user)
    except NotAllowed as exc:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise PermissionDenied(exc.message) from exc


def challenge_list(request: HttpRequest) -> HttpResponse:
    context = {
        "tables": selectors.tables()[:100],
        "can_record": selectors.can_record_challenges(request.user),
    }
    return render(request, "challenges/list.html", context)


def challenge_new(request: HttpRequest) -> HttpResponse:
    if denied := _starter_or_deny(request):
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


# ---------------------------------------------------------------- the table page


def _live_context(
    request: HttpRequest,
    table: Game,
    *,
    reading: selectors.TableReading | None = None,
    names: list[str] | None = None,
    may_record: bool | None = None,
    recorded: int | None = None,
    notice: str = "",
    error: str = "",
    swap: bool = False,
    log_kept: bool = False,
) -> dict[str, Any]:
    """The part of the table page that every action replaces (htmx), drawn from one replay: a
    write's own (``reading``), else the table's log read and replayed now. ``names``: the seats'
    names, ``may_record``: the reader's right to record here, when the caller has them;
    ``recorded``: the index of the action just recorded, confirmed in words; ``log_kept``: the
    log on the page stays, and only its newest line and its count are sent."""
    reading = selectors.read_table(table) if reading is None else reading
    names = table.seat_names if names is None else names
    if may_record is None:
        may_record = selectors.may_record_table(request.user, table)
    game = reading.game
    hide_hands = selectors.hands_hidden_from(request.user, table, may_record=may_record)
    decided = selectors.board_decided(table)
    can_record = may_record and not decided
    controls = page.controls(names, reading, swap) if can_record else None
    if recorded is not None and recorded in reading.outcomes:
        notice = words.outcome_sentence(reading.outcomes[recorded], names)
    return {
        "table": table,
        "game": game,
        "names": names,
        "now": words.now_sentence(game, names, reading.choices),
        "seats": page.tracks(names, game),
        "finished": game.over,
        "on_table": page.on_table(game, names, hand_visible=can_record and not hide_hands),
        "controls": controls,
        "can_record": can_record,
        "decided": decided,
        "swap": swap and controls is not None and "swap" in controls,
        "log": page.log_lines(names, reading, hide_hands, newest_only=log_kept),
        "log_count": len(reading.log),
        "log_kept": log_kept,
        "notice": notice,
        "error": error,
        "act_url": reverse("challenge-act", args=[table.pk]),
        "colours": page.colours(),
    }


def challenge_table(request: HttpRequest, pk: int) -> HttpResponse:
    table = _table(pk)
    swap = request.GET.get("swap") == "1"
    context = _live_context(request, table, swap=swap)
    # A dispute over an event table's result: its arbiters settle it (confirmations).
    context["settle_url"] = settle_url(request.user, table.board) if table.board else ""
    return render(request, "challenges/table.html", context)


def _table_version(request: HttpRequest, pk: int) -> str | None:
    """What the live part shows: the table's log length (and the swap's controls or not)."""
    length = Game.objects.filter(pk=pk).values_list("log_length", flat=True).first()
    if length is None:
        return None
    return f"{length}:{'swap' if request.GET.get('swap') == '1' else 'play'}"


@require_GET
@polled(_table_version)
def challenge_table_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The live part of the table page (htmx): polled, 204 while nothing has changed (the
    polls' one way, tournament/web/page_cache.py); and the swap's controls (?swap=1) in place
    of the next seat's."""
    table = _table(pk)
    swap = request.GET.get("swap") == "1"
    return render(request, "challenges/_table_live.html", _live_context(request, table, swap=swap))


def _sentence(message: str) -> str:
    """A service's or the engine's message as a sentence."""
    message = message.strip()
    if not message:
        return message
    message = message[0].upper() + message[1:]
    return message if message[-1] in ".!?)" else message + "."


def _answer(
    request: HttpRequest,
    table: Game,
    *,
    written: services.Written | None = None,
    names: list[str] | None = None,
    notice: str = "",
    error: str = "",
) -> HttpResponse:
    """htmx gets the live part back, drawn from the game as the write left it (``written``, and
    the seats' ``names`` read before it) or, refused, as it now stands, with what was recorded
    or why nothing was; a plain form, a redirect to the page. Only a recorder gets here."""
    names = table.seat_names if names is None else names
    action = written is not None and written.row.kind == ChallengeAction.Kind.ACTION
    recorded = written.row.index if written is not None and action else None
    if request.htmx:  # type: ignore[attr-defined]  # django-htmx middleware
        # An action recorded adds a line to the log the page shows (it was up to date: the
        # write took the index it was drawn at); a take-back marks one, a refusal may follow
        # others' entries: the whole log then.
        context = _live_context(
            request,
            table,
            reading=written.reading if written is not None else None,
            names=names,
            may_record=True,
            recorded=recorded,
            notice=notice,
            error=error,
            log_kept=recorded is not None and recorded > 0,
        )
        response = render(request, "challenges/_table_live.html", context)
        if not error:
            trigger_client_event(response, "challenge-recorded")
        return response
    if error:
        messages.error(request, error)
    else:
        if written is not None and recorded is not None:
            outcome = written.reading.outcomes.get(recorded)
            if outcome is not None:
                notice = words.outcome_sentence(outcome, names)
        messages.success(request, notice)
    return redirect("challenge-table", table.pk)


def _expected(request: HttpRequest) -> int | None:
    return whole_number(request.POST.get("index", ""))


@require_POST
def challenge_act(request: HttpRequest, pk: int) -> HttpResponse:
    """One action of the table page, checked by the engine; confirmed in words ("Ada plays RB,
    red first: red +3, blue +1."). The right to record, the lock and the replay once each."""
    table = _table(pk)
    recorder = _recorder(request, table)
    if isinstance(recorder, HttpResponse):
        return recorder
    try:
        action = action_from_post(table, request.POST)
        written = services.record_challenge_action(
            table=recorder, user=request.user, expected_index=_expected(request), action=action
        )
    except IllegalMove as exc:
        # The rule in words; the engine's code and message (seats from 0) are the API's.
        return _answer(request, _table(pk), error=words.refusal_sentence(exc.code))
    except DomainError as exc:
        return _answer(request, _table(pk), error=_sentence(exc.message))
    return _answer(request, written.table, written=written, names=table.seat_names)


@require_POST
def challenge_takeback(request: HttpRequest, pk: int) -> HttpResponse:
    table = _table(pk)
    recorder = _recorder(request, table)
    if isinstance(recorder, HttpResponse):
        return recorder
    try:
        written = services.take_back_challenge_action(
            table=recorder,
            user=request.user,
            expected_index=_expected(request),
            reason=request.POST.get("reason", ""),
        )
    except DomainError as exc:
        return _answer(request, _table(pk), error=_sentence(exc.message))
    names = table.seat_names
    undone = [r for r in written.reading.log if r.index in written.row.payload["indices"]]
    said = "; ".join(words.payload_sentence(r.payload, names) for r in undone)
    notice = words.takeback_sentence(said)
    return _answer(request, written.table, written=written, names=names, notice=notice)


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
    state, actions, game, last = selectors.position_at(table, step)
    step = state["step"]
    names = table.seat_names
    seats = page.seat_rows(names, state, to_move=None if state["over"] else state["to_move"])
    context = {
        "table": table,
        "state": state,
        "seats": seats,
        "colours": page.colours(),
        "step": step,
        "length": len(actions),
        "steps": [0, max(step - 10, 0), max(step - 1, 0), min(step + 1, len(actions))],
        "forward": min(step + 10, len(actions)),
        "last": words.outcome_sentence(last, names) if last else "",
        "now": "" if game.over else words.now_sentence(game, names, choices(game)),
        "board": table.board,
    }
    return render(request, "challenges/viewer.html", context)


def names_of(live: dict[str, Any]) -> list[str]:
    return [seat["name"] for seat in live["seats"]]


# Every write at a table bumps the event's live version: a poll that holds it is a 204.
@polled(live_version)
def challenge_live(request: HttpRequest, slug: str) -> HttpResponse:
    """The challenge tables of an event's latest round, as they stand (refreshed by htmx)."""
    event = Event.objects.filter(slug=slug, ruleset=Event.Ruleset.CHALLENGES).first()
    if event is None:
        raise Http404(_("No such event of challenges."))
    tables = selectors.live_tables(event.pk)
    for t in tables:
        game = t["game"]
        t["expected"] = "" if game.over else words.now_sentence(game, names_of(t), choices(game))
    context = {"event": event, "tables": tables, "colours": page.colours()}
    if request.htmx:  # type: ignore[attr-defined]  # django-htmx middleware
        return render(request, "challenges/_live_tables.html", context)
    return render(request, "challenges/live.html", context)
