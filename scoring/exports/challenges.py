"""The PDF of an event of challenges: the standings by the tally (CHALLENGES.md) and every
round's tables with each seat's lowest row and placing. The layout helpers are the event PDF's
(scoring/exports/pdf.py), so fonts and scripts behave the same."""

from __future__ import annotations

from django.utils.translation import gettext
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer

from scoring.challenge_standings import build as challenge_standings
from scoring.exports.pdf import _build, _styles, _table, _text
from tournament.models.events import PUBLIC_ROUND_STATUSES, Board, Event


def standings_pdf(event: Event) -> bytes:
    styles = _styles()
    rounds = list(event.round_set.filter(status__in=PUBLIC_ROUND_STATUSES).order_by("number"))
    story: list[object] = [
        Paragraph(_text(event.name), styles["title"]),
        Paragraph(
            _text(
                gettext(
                    "Ingenious Challenges. Victory points: the sum of each game's lowest row; "
                    "ties: games won, second-lowest rows, results between the tied players."
                )
            ),
            styles["small"],
        ),
        Spacer(1, 4 * mm),
        Paragraph(_text(gettext("Standings")), styles["h2"]),
    ]
    head: list[object] = [
        gettext("Rank"),
        gettext("Player"),
        gettext("VP"),
        gettext("Won"),
        gettext("2nd rows"),
        gettext("Between"),
        *[f"R{r.number} {r.get_challenge_display()}" for r in rounds],
    ]
    rows: list[list[object]] = [head]
    for line in challenge_standings.tally(event):
        rounds_cells = [
            "" if line.rounds.get(r.number) is None else str(line.rounds[r.number]) for r in rounds
        ]
        rows.append(
            [
                line.rank,
                gettext("%(name)s (withdrawn)") % {"name": line.name}
                if line.withdrawn
                else line.name,
                line.victory_points,
                line.games_won,
                line.second_lowest,
                f"{line.between:g}",
                *rounds_cells,
            ]
        )
    story.append(_table(rows))
    for round_ in rounds:
        story.append(Spacer(1, 4 * mm))
        story.append(
            Paragraph(
                _text(
                    gettext("Round %(number)s: %(challenge)s")
                    % {"number": round_.number, "challenge": round_.get_challenge_display()}
                ),
                styles["h2"],
            )
        )
        header: list[object] = [
            gettext("Board"),
            gettext("Seat"),
            gettext("Player"),
            gettext("Lowest row"),
            gettext("Second lowest"),
            gettext("Placing"),
        ]
        table_rows: list[list[object]] = [header]
        boards = Board.objects.filter(round=round_).order_by("number")
        for board in boards.prefetch_related("seats__entry__player", "seats__entry__partner"):
            for seat in board.seats.all():
                table_rows.append(
                    [
                        board.number,
                        seat.number + 1,
                        seat.player.name,
                        "" if seat.lowest is None else seat.lowest,
                        "" if seat.next_lowest is None else seat.next_lowest,
                        "" if seat.placing is None else seat.placing,
                    ]
                )
        story.append(_table(table_rows))
    return _build(event, gettext("%(event)s: standings") % {"event": event.name}, story)
