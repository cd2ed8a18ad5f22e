"""Downloads of an event's results. Each reads through scoring.standings.build and formats with
scoring.exports."""

from collections.abc import Callable, Sequence

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.challenge_standings import build as challenge_standings
from scoring.exports import pdf as pdf_export
from scoring.exports import records as record_export
from scoring.exports import selectors as export_selectors
from scoring.exports import trf as trf_export
from scoring.exports.challenges import standings_pdf as challenge_standings_pdf
from scoring.exports.pairings import pairings_csv, pairings_json
from scoring.exports.records import GameRecord
from scoring.exports.sheets import (
    crosstable_csv,
    crosstable_json,
    dumps,
    placings_csv,
    placings_json,
    standings_csv,
    standings_json,
)
from scoring.exports.slips import slips_pdf
from scoring.exports.trf import trf_refusal
from scoring.standings import build as standings
from scoring.standings.sheet import Standings
from scoring.standings.views import event_or_404
from tournament.models.events import Board, Event, Round
from tournament.permissions import is_arbiter
from tournament.restrictions.selectors import trf_restrictions


def _download(content: str | bytes, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


CSV = "text/csv; charset=utf-8"
JSON = "application/json"

# file name -> (content type, formatter of the event's standings)
TABLES: dict[str, tuple[str, Callable[[Event, Standings], str]]] = {
    "standings.csv": (CSV, lambda event, table: standings_csv(table)),
    "standings.json": (
        JSON,
        lambda event, table: dumps(standings_json(event, table)),
    ),
    "crosstable.csv": (CSV, lambda event, table: crosstable_csv(table)),
    "crosstable.json": (
        JSON,
        lambda event, table: dumps(crosstable_json(event, table)),
    ),
    "placings.csv": (CSV, lambda event, table: placings_csv(table)),
    "placings.json": (
        JSON,
        lambda event, table: dumps(placings_json(event, table)),
    ),
}


def table_export(request: HttpRequest, slug: str, filename: str) -> HttpResponse:
    """Standings, crosstable or final placings as CSV or JSON (``filename`` from TABLES)."""
    event = event_or_404(slug)
    content_type, formatter = TABLES[filename]
    content = formatter(event, standings.standings_for(event))
    return _download(content, content_type, f"{event.slug}-{filename}")


def pairings_export(request: HttpRequest, slug: str, filename: str) -> HttpResponse:
    """Every public board seat by seat (pairings.csv or pairings.json): tables whole."""
    event = event_or_404(slug)
    boards = export_selectors.public_boards(event)
    if filename == "pairings.json":
        content = dumps(pairings_json(event, boards))
        return _download(content, JSON, f"{event.slug}-{filename}")
    return _download(pairings_csv(boards), CSV, f"{event.slug}-{filename}")


def event_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    if event.ruleset == Event.Ruleset.CHALLENGES:  # ranked by the tally, not by table points
        return _download(challenge_standings_pdf(event), "application/pdf", f"{event.slug}.pdf")
    table = standings.standings_for(event)
    # A table's seats are not in the standings' pairings (the first two only): read them.
    tables = export_selectors.public_boards(event) if event.table_size > 2 else None
    pdf = pdf_export.event_pdf(event, table, timezone.localtime(), tables=tables)
    return _download(pdf, "application/pdf", f"{event.slug}.pdf")


def _board_url(request: HttpRequest) -> Callable[[Board], str | None]:
    def url(board: Board) -> str | None:
        try:
            return request.build_absolute_uri(reverse("game-board", args=[board.pk]))
        except NoReverseMatch:
            return None

    return url


def round_slips(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Result slips of one round; arbiters and directors may print them before publication."""
    event = event_or_404(slug)
    staff = is_arbiter(request.user, event)
    try:
        rnd, boards = standings.round_boards(event, number, include_unpublished=staff)
    except Round.DoesNotExist:
        raise Http404(
            _("%(name)s has no published round %(number)s.")
            % {"name": event.name, "number": number}
        ) from None
    export_selectors.with_seats(boards)
    pdf = slips_pdf(event, rnd.number, boards, _board_url(request))
    return _download(pdf, "application/pdf", f"{event.slug}-round-{rnd.number}-slips.pdf")


def games_zip(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    records: Sequence[tuple[Board, GameRecord]]
    if event.ruleset == Event.Ruleset.CHALLENGES:
        records = challenge_standings.public_records(event, request.user)
    else:
        records = list(standings.public_game_records(event))
    export_selectors.with_seats([board for board, _ in records])
    return _download(
        record_export.games_zip(event, records), "application/zip", f"{event.slug}-games.zip"
    )


def event_trf(request: HttpRequest, slug: str) -> HttpResponse:
    """The event as a TRF file: ``?version=2026`` for TRF-2026, TRF-16 otherwise."""
    event = event_or_404(slug)
    if refusal := trf_refusal(event):
        context = {"event": event, "refusal": refusal}
        return render(request, "standings/trf_refused.html", context, status=400)
    version = request.GET.get("version", "16")
    if version not in ("16", "2026"):
        return HttpResponseBadRequest(
            f"TRF version {version[:20]!r} is not known: ask for 16 or 2026.",
            content_type="text/plain; charset=utf-8",
        )
    table = standings.standings_for(event)
    byes, forbidden = trf_restrictions(event)
    content = trf_export.event_trf(
        event,
        table,
        "2026" if version == "2026" else "16",
        requested_byes=byes,
        forbidden=forbidden,
    )
    suffix = "-trf2026" if version == "2026" else ""
    return _download(content, "text/plain; charset=utf-8", f"{event.slug}{suffix}.trf")
