"""The player registry shared by all events, and the players CSV format."""

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from tournament import effects
from tournament.acting import User
from tournament.errors import DomainError, NotAllowed
from tournament.logs import log_write
from tournament.models.events import Player
from tournament.reading import whole_number
from tournament.text import refuse_control_characters


class CsvImportError(DomainError):
    """A CSV file of players with bad rows: every problem, each with its line number."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(
            "Nothing was imported. " + " ".join(problems), field="file", code="bad_csv"
        )
        self.problems = problems

    def as_dict(self) -> dict[str, object]:
        return {**super().as_dict(), "errors": self.problems}


def clean_player_fields(
    *,
    name: str,
    club: str = "",
    country: str = "",
    rating: object = None,
    contact: str = "",
    family: str = "",
) -> dict[str, Any]:
    """The registry's rules for a player's fields; raises DomainError naming the field."""
    name, club, contact = (name or "").strip(), (club or "").strip(), (contact or "").strip()
    country, family = (country or "").strip().upper(), (family or "").strip()
    given = {"name": name, "club": club, "country": country, "rating": rating, "contact": contact}
    given["family"] = family
    for field, value in given.items():
        # No database stores NUL in text (PostgreSQL refuses it), and a line break or a tab
        # in a name breaks every export's lines and columns.
        refuse_control_characters(field, value)
    if not name:
        raise DomainError(_("The player needs a name."), field="name")
    limits = {"name": (name, 120), "club": (club, 120), "contact": (contact, 200)}
    limits["family"] = (family, 120)
    for field, (value, limit) in limits.items():
        if len(value) > limit:
            raise DomainError(
                _("%(field)s is longer than %(limit)s characters.")
                % {"field": field, "limit": limit},
                field=field,
            )
    if country and not (2 <= len(country) <= 3 and country.isascii() and country.isalpha()):
        raise DomainError(
            _("Country %(country)s must be a code of 2 or 3 letters, e.g. ENG.")
            % {"country": repr(country)},
            field="country",
        )
    if rating in ("", None):
        rating = None
    else:
        text = str(rating).strip()
        rating = whole_number(text)
        if rating is None or rating > 4000:
            raise DomainError(
                _("Rating %(text)s must be a whole number from 0 to 4000.")
                % {"text": repr(text)[:40]},
                field="rating",
            )
    cleaned = {"name": name, "club": club, "country": country, "rating": rating}
    return {**cleaned, "contact": contact, "family": family}


REGISTRAR_PERMISSION = "tournament.keep_registry"


def is_registrar(user: User) -> bool:
    """The registry is shared by all events, so directing one (which anyone signed in may
    start) is not enough: staff, and users an admin granted ``keep_registry``, keep it."""
    if not user.is_authenticated:
        return False
    has_perm = getattr(user, "has_perm", None)
    return bool(getattr(user, "is_staff", False)) or (
        callable(has_perm) and has_perm(REGISTRAR_PERMISSION)
    )


def _require_registrar(user: User) -> None:
    if not is_registrar(user):
        raise NotAllowed(
            _(
                "Only registrars (staff, or users given the 'keep registry' "
                "permission by an admin) may add or change registry players; a "
                "director enters new players through the event's entries."
            ),
            code="not_registrar",
        )


def create_player(*, user: User, **fields: Any) -> Player:
    _require_registrar(user)
    player = Player.objects.create(**clean_player_fields(**fields))
    log_write("player.create", user=user, player=player.pk)
    return player


@transaction.atomic
def update_player(*, player: Player, user: User, **fields: Any) -> Player:
    _require_registrar(user)
    current = {f: getattr(player, f) for f in CSV_COLUMNS}
    for name, value in clean_player_fields(**{**current, **fields}).items():
        setattr(player, name, value)
    player.save()
    log_write("player.update", user=user, player=player.pk)
    # Standings, crosstables and live pages show the player's name, club and rating.
    for event_id in player.entries.values_list("event_id", flat=True):
        effects.results_changed(event_id)
    return player


def find_player(name: str, club: str) -> Player | None:
    """The registry's player of that name and club (case-insensitive), reused by imports; a
    merged duplicate's name finds the record it was merged into."""
    players = Player.objects.filter(name__iexact=name, club__iexact=club)
    player = players.order_by(F("merged_into").asc(nulls_first=True), "id").first()
    return None if player is None else survivor_of(player)


def survivor_of(player: Player) -> Player:
    """The record a merged duplicate lives on as (itself when never merged)."""
    while player.merged_into is not None:  # (no query once merged_into_id is None)
        player = player.merged_into
    return player


# CSV columns of a players file; `name` is required, the others optional.
CSV_COLUMNS = ("name", "club", "country", "rating", "contact", "family")


@dataclass(frozen=True)
class CsvRow:
    """A row of a CSV file: the line it starts on, its values by column, or why the line
    cannot be read (its values are then empty)."""

    line: int
    values: dict[str, str]
    problem: str = ""


def read_csv_rows(
    text: str, allowed: Sequence[str], required: Sequence[str], header_rule: str
) -> list[CsvRow]:
    """The rows of a CSV file under its header row, in order, blank lines left out. Raises
    CsvImportError for a header that is missing, lacks a ``required`` column, names one not
    ``allowed`` (``header_rule`` says what it must name) or names one twice."""
    reader = csv.reader(io.StringIO(text))
    try:
        header = next(reader)
    except StopIteration:
        raise CsvImportError(["The file is empty."]) from None
    except csv.Error as exc:
        raise CsvImportError([f"line 1: {exc}."]) from None
    columns = [h.strip().lower() for h in header]
    unknown = [c for c in columns if c not in allowed]
    if any(c not in columns for c in required) or unknown:
        detail = f" (unknown: {', '.join(repr(c) for c in unknown)})" if unknown else ""
        raise CsvImportError([f"line 1: {header_rule}{detail}."])
    duplicated = {c for c in columns if columns.count(c) > 1}
    if duplicated:
        raise CsvImportError([f"line 1: column {sorted(duplicated)[0]!r} appears twice."])
    rows: list[CsvRow] = []
    ended = reader.line_num
    while True:
        try:
            values = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            rows.append(CsvRow(reader.line_num, {}, f"line {reader.line_num}: {exc}."))
            break
        # A quoted field may span lines: a row is named by the line it starts on.
        line, ended = ended + 1, reader.line_num
        if not any(v.strip() for v in values):
            continue  # blank lines are allowed
        if len(values) != len(columns):
            problem = f"line {line}: {len(values)} fields, the header has {len(columns)}."
            rows.append(CsvRow(line, {}, problem))
            continue
        rows.append(CsvRow(line, dict(zip(columns, values, strict=True))))
    return rows


def parse_players_csv(text: str) -> list[dict[str, Any]]:
    """Rows of a players CSV (header row, then one player a line), cleaned; raises
    CsvImportError listing every bad line by its number in the file."""
    rule = (
        f"the header row must name the columns: name, and optionally {', '.join(CSV_COLUMNS[1:])}"
    )
    rows: list[dict[str, Any]] = []
    problems: list[str] = []
    first_line: dict[tuple[str, str], int] = {}
    for read in read_csv_rows(text, CSV_COLUMNS, ("name",), rule):
        line = read.line
        if read.problem:
            problems.append(read.problem)
            continue
        try:
            row = clean_player_fields(**read.values)
        except DomainError as exc:
            problems.append(f"line {line}: {exc.message}")
            continue
        key = (row["name"].casefold(), row["club"].casefold())
        if key in first_line:
            problems.append(
                f"line {line}: {row['name']} ({row['club'] or 'no club'}) is also on line "
                f"{first_line[key]}."
            )
            continue
        first_line[key] = line
        row["line"] = line
        rows.append(row)
    if not rows and not problems:
        problems.append("The file has a header but no players.")
    if problems:
        raise CsvImportError(problems)
    return rows
