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
from games.challenges.choices import choices
from games.errors import IllegalMove
from games.models import Game
from tournament.confirmations.selectors import settle_url
from tournament.errors import DomainError
from tournament.models.events import Event
from tournament.reading import whole_number
from tournament.web.page_cache import live_version, polled


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


# ---------------------------------------------------------------- the table page


def _live_context(
    request: HttpRequest,
    table: Game,
    *,
    recorded: int | None = None,
    notice: str = "",
    error: str = "",
    swap: bool = False,
) -> dict[str, Any]:
    """The part of the table page that every action replaces (htmx), drawn from one replay;
    ``recorded``: the index of the action just recorded, confirmed in words."""
    reading = selectors.read_table(table)
    game = reading.game
    names = table.seat_names
    hide_hands = selectors.hands_hidden_from(request.user, table)
    decided = selectors.board_decided(table)
    can_record = selectors.may_record_table(request.user, table) and not decided
    controls = page.controls(table, reading, swap) if can_record else None
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
        "log": page.log_lines(table, reading, hide_hands),
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
    recorded: int | None = None,
    notice: str = "",
    error: str = "",
) -> HttpResponse:
    """htmx gets the live part back, drawn from the game as it now stands, with what was
    recorded or why nothing was; a plain form, a redirect to the page."""
    if request.htmx:  # type: ignore[attr-defined]  # django-htmx middleware
        context = _live_context(request, table, recorded=recorded, notice=notice, error=error)
        response = render(request, "challenges/_table_live.html", context)
        if not error:
            trigger_client_event(response, "challenge-recorded")
        return response
    if error:
        messages.error(request, error)
    else:
        if recorded is not None:
            outcome = selectors.read_table(table).outcomes.get(recorded)
            if outcome is not None:
                notice = words.outcome_sentence(outcome, table.seat_names)
        messages.success(request, notice)
    return redirect("challenge-table", table.pk)


def _expected(request: HttpRequest) -> int | None:
    return whole_number(request.POST.get("index", ""))


@require_POST
def challenge_act(request: HttpRequest, pk: int) -> HttpResponse:
    """One action of the table page, checked by the engine; confirmed in words ("Ada plays RB,
    red first: red +3, blue +1.")."""
    table = _table(pk)
    if denied := _recorder_or_deny(request):
        return denied
    try:
        action = action_from_post(table, request.POST)
        row = services.record_challenge_action(
            table=table, user=request.user, expected_index=_expected(request), action=action
        )
    except IllegalMove as exc:
        # The rule in words; the engine's code and message (seats from 0) are the API's.
        return _answer(request, _table(pk), error=words.refusal_sentence(exc.code))
    except DomainError as exc:
        return _answer(request, _table(pk), error=_sentence(exc.message))
    return _answer(request, row.game, recorded=row.index)  # the table as the write left it


@require_POST
def challenge_takeback(request: HttpRequest, pk: int) -> HttpResponse:
    table = _table(pk)
    if denied := _recorder_or_deny(request):
        return denied
    before = selectors.effective_actions(table)
    try:
        row = services.take_back_challenge_action(
            table=table,
            user=request.user,
            expected_index=_expected(request),
            reason=request.POST.get("reason", ""),
        )
    except DomainError as exc:
        return _answer(request, _table(pk), error=_sentence(exc.message))
    undone = words.payload_sentence(before[-1].payload, table.seat_names) if before else ""
    return _answer(request, row.game, notice=words.takeback_sentence(undone))


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
