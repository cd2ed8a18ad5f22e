"""Partnership events' teams (RULINGS.md "Events beyond two players"): an entry is a team of two
registry players, ``Entry.player`` and ``Entry.partner``, who sit opposite at a table of four.

Entering, withdrawing, byes and late entries are those of ``services/entries.py`` (it calls
:func:`check_entrants` before it enters anyone); this module holds what only teams have: the
rule that a player is in at most one team of an event, and the teams' CSV import.
"""

from collections.abc import Callable, Mapping
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from tournament.acting import User
from tournament.errors import DomainError
from tournament.models.events import Entry, Event, Player
from tournament.permissions import require_director
from tournament.registry.services import CSV_COLUMNS as PLAYER_COLUMNS
from tournament.registry.services import (
    CsvImportError,
    clean_player_fields,
    find_player,
    read_csv_rows,
)

#: The teams CSV: the first player's columns, then the partner's (``partner`` is their name).
PARTNER_COLUMNS = tuple("partner" if c == "name" else f"partner_{c}" for c in PLAYER_COLUMNS)
TEAM_COLUMNS = PLAYER_COLUMNS + PARTNER_COLUMNS


def is_partnership(event: Event) -> bool:
    return event.ruleset == Event.Ruleset.PARTNERSHIP


def team_of(event: Event, player: Player) -> Entry | None:
    """The event's entry the player is in, as its first player or as the partner."""
    entries = event.entries.select_related("player", "partner")
    return entries.filter(Q(player=player) | Q(partner=player)).first()


def check_entrants(event: Event, player: Player, partner: Player | None) -> None:
    """Who may enter: a team of two different players, neither in another team of the event,
    in a partnership event; a player alone (no partner) in any other."""
    if not is_partnership(event):
        if partner is not None:
            raise DomainError(
                _("%(event)s is not a partnership event: its entries have no partner.")
                % {"event": event.name},
                field="partner",
            )
        return
    if partner is None:
        raise DomainError(
            _("%(event)s is a partnership event: enter %(name)s with a partner.")
            % {"event": event.name, "name": player.name},
            field="partner",
        )
    if partner.pk == player.pk:
        raise DomainError(
            _("A team is two different players: %(name)s cannot partner themselves.")
            % {"name": player.name},
            field="partner",
        )
    for field, someone in (("player", player), ("partner", partner)):
        team = team_of(event, someone)
        if team is not None:
            raise DomainError(
                _("%(name)s is already in the team %(team)s: a player plays in one team only.")
                % {"name": someone.name, "team": team.name},
                field=field,
            )


def registry_player(player: Player | None, fields: Mapping[str, Any]) -> Player:
    """The chosen registry player, else the player ``fields`` describe: the registry's of that
    name and club (case-insensitive) when there is one, else a new one."""
    if player is not None:
        return player
    cleaned = clean_player_fields(**fields)
    return find_player(cleaned["name"], cleaned["club"]) or Player.objects.create(**cleaned)


def parse_teams_csv(text: str) -> list[tuple[int, dict[str, Any], dict[str, Any]]]:
    """(line, first player's fields, partner's fields) per team of a teams CSV, cleaned; raises
    CsvImportError listing every bad line."""
    rule = (
        "a partnership event's file names each team's players: the columns name and partner, "
        f"and optionally {', '.join(TEAM_COLUMNS[1:6])}, {', '.join(TEAM_COLUMNS[7:])}"
    )
    rows, problems = [], []
    for read in read_csv_rows(text, TEAM_COLUMNS, ("name", "partner"), rule):
        if read.problem:
            problems.append(read.problem)
            continue
        raw = read.values
        first = {c: raw[c] for c in PLAYER_COLUMNS if c in raw}
        second = {
            c: raw[p] for c, p in zip(PLAYER_COLUMNS, PARTNER_COLUMNS, strict=True) if p in raw
        }
        try:
            rows.append((read.line, clean_player_fields(**first), clean_player_fields(**second)))
        except DomainError as exc:
            problems.append(f"line {read.line}: {exc.message}")
    if not rows and not problems:
        problems.append("The file has a header but no teams.")
    if problems:
        raise CsvImportError(problems)
    return rows


def import_teams_csv(
    *,
    event: Event,
    user: User,
    text: str,
    enter: Callable[..., Entry],
    missed_rounds: str = Entry.MissedRounds.ZERO,
) -> list[Entry]:
    """Enter every team of a CSV file, or none. A player whose name and club match a registry
    player (case-insensitive) is that player; others are added to the registry. Teams are few:
    each is entered as one added on the entries page (``enter``: entries.enter_player, passed
    in as entries.py calls this module), so the same rules refuse a player twice."""
    require_director(user, event)
    rows, cap = parse_teams_csv(text), settings.MAX_IMPORT_ROWS
    if len(rows) > cap:
        raise CsvImportError(
            [f"The file lists {len(rows)} teams; an import takes at most {cap}: split the file."]
        )
    entries, problems = [], []
    with transaction.atomic():
        for line, first, second in rows:
            player, partner = registry_player(None, first), registry_player(None, second)
            try:
                with transaction.atomic():  # a refused line writes nothing
                    entry = enter(
                        event=event,
                        user=user,
                        player=player,
                        partner=partner,
                        missed_rounds=missed_rounds,
                    )
            except DomainError as exc:
                problems.append(f"line {line}: {exc.message}")
                continue
            entries.append(entry)
        if problems:  # all or nothing, as the players' import: raising undoes the teams made
            raise CsvImportError(problems)
    return entries


def check_ruleset_change(event: Event) -> None:
    """An event's entries are teams exactly when it plays partnership: its ruleset cannot change
    to or from partnership while entries of the other kind are in it."""
    if is_partnership(event) and event.entries.filter(partner=None).exists():
        raise DomainError(
            _(
                "The event has entries of one player, and a partnership event's entries are "
                "teams of two: keep the ruleset, or enter the event's players as teams."
            ),
            field="ruleset",
        )
    if not is_partnership(event) and event.entries.exclude(partner=None).exists():
        raise DomainError(
            _("The event's entries are teams of two: only partnership is played by teams."),
            field="ruleset",
        )
