"""Events and their directors and arbiters."""

from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from games.engine.rulesets import make_ruleset
from scoring.core.chains import DEFAULT_PRESET, PRESETS
from tournament import effects
from tournament.acting import User, lock_event, paired_rounds
from tournament.entries import teams
from tournament.errors import DomainError
from tournament.events.log import note
from tournament.events.selectors import chain_problems
from tournament.festivals import members as festival_members
from tournament.festivals.services import festival_of
from tournament.models.events import PUBLIC_ROUND_STATUSES, Event, EventRole, Round
from tournament.models.lag import LAG_BANK_MAX_MS, LAG_CAP_MAX_MS
from tournament.models.where import (
    MAX_DELAY_PLACEMENTS,
    MAX_DELAY_SECONDS,
    ONLINE_SECONDS_MAX,
    EventPlayed,
)
from tournament.permissions import require_director, require_event_creator
from tournament.restrictions.selectors import KEEP_APART_FIELDS
from tournament.rights import services as rights
from tournament.rounds import challenges as challenge_rounds
from tournament.rounds.selectors import round_robin_rounds
from tournament.text import in_sentence, refuse_control_characters

EVENT_FIELDS = (
    "name",
    "venue",
    "boards_played",
    "duplicate_boards",
    "online_delay_seconds",
    "online_delay_placements",
    "online_call_pauses_clock",
    "online_absent_lose",
    "online_partners_see_racks",
    "start_date",
    "end_date",
    "ruleset",
    "table_size",
    "ruleset_options",
    "rounds",
    "pairing_system",
    "clock_minutes",
    "clock_lag_cap_ms",
    "clock_lag_bank_ms",
    "online_disconnect_alert_seconds",
    "online_first_move_seconds",
    "online_long_think_seconds",
    "tiebreak_chain",
    "bye_value",
    "acceleration",
    "keep_apart",
    "requested_bye_points",
    "entry_open",
    "entry_approval",
    "check_in_required",
)
# Fixed once round 1 is paired: changing them would change the games or pairings already made.
LOCKED_AFTER_ROUND_ONE = ("ruleset", "table_size", "ruleset_options", "pairing_system")


def _check_online_alerts(event: Event) -> None:
    """The online boards' alert options (games/presence): whole seconds within an hour; the
    first-move window and the long think may be none."""
    alerts = (
        ("online_disconnect_alert_seconds", False, _("The disconnection alert")),
        ("online_first_move_seconds", True, _("The first-move window")),
        ("online_long_think_seconds", True, _("The long-think alert")),
    )
    for field, may_be_none, words in alerts:
        value = getattr(event, field)
        if value is None and may_be_none:
            continue
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or not 1 <= value <= ONLINE_SECONDS_MAX
        ):
            raise DomainError(
                _("%(what)s must be from 1 to %(most)s seconds.")
                % {"what": words, "most": ONLINE_SECONDS_MAX},
                field=field,
            )


def _clean_event(event: Event, data: Mapping[str, Any]) -> None:
    unknown = set(data) - set(EVENT_FIELDS) - {"festival"}  # the festival: pages only
    if unknown:
        raise DomainError(
            _("Unknown event field(s): %(value)s.") % {"value": ", ".join(sorted(unknown))}
        )
    data = {name: value for name, value in data.items() if name != "festival"}  # its own step
    for name, value in data.items():
        setattr(event, name, value)
    if event.ruleset == Event.Ruleset.PARTNERSHIP and data.get("table_size") is None:
        event.table_size = 4  # two teams of two: the only size partnership has
    if not str(event.name or "").strip():
        raise DomainError(_("The event needs a name."), field="name")
    if event.boards_played not in EventPlayed.values:
        raise DomainError(
            _("Boards are played at the venue, online or both (hybrid), not %(value)s.")
            % {"value": repr(event.boards_played)},
            field="boards_played",
        )
    for field, most in (
        ("online_delay_seconds", MAX_DELAY_SECONDS),
        ("online_delay_placements", MAX_DELAY_PLACEMENTS),
    ):
        value = getattr(event, field)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
            raise DomainError(
                _("The %(field)s is a whole number from 0 to %(most)s, not %(value)s.")
                % {"field": field.replace("_", " "), "most": most, "value": repr(value)},
                field=field,
            )
    for field in ("name", "venue"):
        refuse_control_characters(field, getattr(event, field))
    event.name = event.name.strip()
    # Two events of one name would be told apart only by their web addresses.
    same_name = Event.objects.filter(name__iexact=event.name).exclude(pk=event.pk)
    if same_name.exists():
        raise DomainError(
            _(
                "There is already an event called %(name)s: give this one another "
                "name (add the year or the venue, say)."
            )
            % {"name": repr(event.name)},
            field="name",
        )
    for field in ("name", "venue"):
        if len(getattr(event, field) or "") > 200:
            raise DomainError(
                _("The %(field)s is longer than 200 characters.") % {"field": field}, field=field
            )
    if event.start_date and event.end_date and event.end_date < event.start_date:
        raise DomainError(_("The event cannot end before it starts."), field="end_date")
    if event.ruleset not in Event.Ruleset.values:
        raise DomainError(
            _("%(ruleset)s is not a ruleset.") % {"ruleset": repr(event.ruleset)}, field="ruleset"
        )
    if event.pairing_system not in Event.PairingSystem.values:
        raise DomainError(
            _("%(pairing_system)s is not a pairing system.")
            % {"pairing_system": repr(event.pairing_system)},
            field="pairing_system",
        )
    if not isinstance(event.ruleset_options, dict):
        raise DomainError(_("Ruleset options must be a JSON object."), field="ruleset_options")
    _check_ruleset(event.ruleset, event.ruleset_options, event.table_size)
    if not isinstance(event.rounds, int) or not 1 <= event.rounds <= 30:
        raise DomainError(_("The number of rounds must be from 1 to 30."), field="rounds")
    if not isinstance(event.clock_minutes, int) or not 1 <= event.clock_minutes <= 180:
        raise DomainError(_("Clock minutes must be from 1 to 180."), field="clock_minutes")
    lag_limits = (
        ("clock_lag_cap_ms", LAG_CAP_MAX_MS, _("The lag credited per clock operation")),
        ("clock_lag_bank_ms", LAG_BANK_MAX_MS, _("Each player's lag bank")),
    )
    for field, most, words in lag_limits:
        value = getattr(event, field)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
            raise DomainError(
                _("%(what)s must be from 0 to %(most)s milliseconds.")
                % {"what": words, "most": most},
                field=field,
            )
    _check_online_alerts(event)
    try:
        bye_value = Decimal(str(event.bye_value))
    except InvalidOperation:
        raise DomainError(_("The bye value must be 0, ½ or 1."), field="bye_value") from None
    if bye_value not in {Decimal("0"), Decimal("0.5"), Decimal("1")}:
        raise DomainError(_("The bye value must be 0, ½ or 1."), field="bye_value")
    event.bye_value = bye_value
    if isinstance(event.tiebreak_chain, list | tuple) and not event.tiebreak_chain:
        preset = ", ".join(PRESETS[DEFAULT_PRESET])
        raise DomainError(
            _(
                "The tie-break list is empty: name at least one tie-break, or give "
                "the MSO Ingenious preset's (%(preset)s)."
            )
            % {"preset": preset},
            field="tiebreak_chain",
        )
    problems = chain_problems(event.tiebreak_chain)
    if problems:
        raise DomainError(
            _("Tie-breaks: %(problems)s.") % {"problems": "; ".join(problems)},
            field="tiebreak_chain",
        )
    event.tiebreak_chain = list(event.tiebreak_chain)
    _clean_pairing_options(event)


def _clean_pairing_options(event: Event) -> None:
    """Acceleration, the players kept apart, and the bye values players may request."""
    if event.acceleration not in Event.Acceleration.values:
        raise DomainError(
            _("%(acceleration)s is not an acceleration (none or baku).")
            % {"acceleration": repr(event.acceleration)},
            field="acceleration",
        )
    keep = event.keep_apart
    if not isinstance(keep, list | tuple) or not all(f in KEEP_APART_FIELDS for f in keep):
        raise DomainError(
            _("Players can be kept apart by club, family or country only."), field="keep_apart"
        )
    event.keep_apart = [f for f in KEEP_APART_FIELDS if f in keep]
    points = event.requested_bye_points
    values = {"0": "0", "0.5": "0.5", "1": "1", "0.0": "0", "1.0": "1"}
    if not isinstance(points, list | tuple) or not all(str(v) in values for v in points):
        raise DomainError(
            _("Requested byes can be worth 0, 0.5 or 1 point."), field="requested_bye_points"
        )
    chosen = {values[str(v)] for v in points}
    event.requested_bye_points = [v for v in ("0", "0.5", "1") if v in chosen]


def _check_ruleset(name: str, options: dict[str, Any], table_size: object) -> None:
    """The rules engine must accept the options, for the event's players per table, before any
    game is set up (MSO is for two; the standard game for 2, 3 or 4: RULINGS.md, tables)."""
    if name == Event.Ruleset.CHALLENGES:  # not the board game's engine: the challenges' own
        challenge_rounds.check_challenge_options(options, table_size)
        return
    if name == Event.Ruleset.PARTNERSHIP and table_size != 4:  # two teams of two a table
        raise DomainError(
            _(
                "Partnership is played by two teams of two at each table: players per table "
                "must be 4, not %(size)s."
            )
            % {"size": table_size},
            field="table_size",
        )
    if name == Event.Ruleset.SOLITAIRE and table_size != 1:  # everyone plays alone
        raise DomainError(
            _("Duplicate solitaire is played alone: players per table must be 1, not %(size)s.")
            % {"size": table_size},
            field="table_size",
        )
    try:
        ruleset = make_ruleset(name, **options)
    except (TypeError, ValueError) as exc:
        raise DomainError(
            _("Ruleset options: %(exc)s.") % {"exc": exc}, field="ruleset_options"
        ) from None
    counts = [str(n) for n in ruleset.players]
    allowed = counts[-1]
    if len(counts) > 1:
        allowed = _("%(some)s or %(last)s") % {"some": ", ".join(counts[:-1]), "last": allowed}
    if isinstance(table_size, bool) or not isinstance(table_size, int):
        raise DomainError(
            _("Players per table must be a whole number (%(allowed)s).") % {"allowed": allowed},
            field="table_size",
        )
    if table_size not in ruleset.players and "players" in options:
        # The options themselves changed who may play: name them, not the table size.
        raise DomainError(
            _(
                "Ruleset options: the games must be for the event's %(count)s players per "
                "table, not %(allowed)s."
            )
            % {"count": _count_word(table_size), "allowed": allowed},
            field="ruleset_options",
        )
    if table_size not in ruleset.players:
        raise DomainError(
            _(
                "%(ruleset)s games are for %(allowed)s players: there cannot be "
                "%(size)s players per table."
            )
            % {"ruleset": ruleset_name(name), "allowed": allowed, "size": table_size},
            field="table_size",
        )


def _count_word(number: int) -> str:
    words = {1: _("one"), 2: _("two"), 3: _("three"), 4: _("four")}
    return words.get(number, str(number))


def ruleset_name(name: str) -> str:
    """The ruleset's short name ("MSO", "Standard"), for messages and the event's header."""
    names: dict[str, str] = {"mso": _("MSO"), "standard": _("Standard")}
    names["challenges"] = _("Ingenious Challenges")
    return names.get(name, name)


def ruleset_label(event: Event) -> str:
    """What the event plays, as its page and exports head it: "Standard, tables of 4"."""
    if event.ruleset == Event.Ruleset.SOLITAIRE:  # everyone alone: no tables to name
        return str(event.get_ruleset_display())
    if event.table_size == 2 or event.ruleset == Event.Ruleset.PARTNERSHIP:  # teams: two sides
        return str(event.get_ruleset_display())
    return _("%(ruleset)s, tables of %(size)s") % {
        "ruleset": ruleset_name(event.ruleset),
        "size": event.table_size,
    }


@transaction.atomic
def create_event(*, user: User, data: Mapping[str, Any]) -> Event:
    """A new event; its creator becomes its first director."""
    creator = require_event_creator(user)
    event = Event(created_by=creator)
    festival = festival_of(data["festival"]) if "festival" in data else None
    _clean_event(event, data)
    event.save()
    EventRole.objects.create(event=event, user=creator, role=EventRole.Role.DIRECTOR)
    rights.note_event_role(
        event,
        creator,
        person=creator,
        role=EventRole.Role.DIRECTOR,
        granted=True,
        reason=rights.CREATED_THE_EVENT,
    )
    if festival is not None:
        festival_members.set_event_festival(event=event, user=creator, festival=festival)
    effects.live_changed(event.pk)  # its slug may have named a deleted event: the live cache
    return event


@transaction.atomic
def update_event(*, event: Event, user: User, data: Mapping[str, Any]) -> Event:
    require_director(user, event)
    event = lock_event(event)
    before = {name: getattr(event, name) for name in EVENT_FIELDS}
    festival_given = "festival" in data
    festival = festival_of(data["festival"]) if festival_given else None
    _clean_event(event, data)
    if event.ruleset != before["ruleset"]:
        teams.check_ruleset_change(event)  # partnership: entries are teams, others players
    paired = paired_rounds(event)
    if paired:
        for name in LOCKED_AFTER_ROUND_ONE:
            if getattr(event, name) != before[name]:
                raise DomainError(
                    _("The %(value)s cannot change once round 1 is paired.")
                    % {"value": name.replace("_", " ")},
                    field=name,
                )
        if event.rounds < paired:
            raise DomainError(
                _("Round %(paired)s is already paired: the event needs at least %(paired)s rounds.")
                % {"paired": paired},
                field="rounds",
            )
        table = round_robin_rounds(event)
        if table is not None and event.rounds > table and event.rounds != before["rounds"]:
            values = {"entries": event.entries.count(), "table": table, "rounds": event.rounds}
            if event.pairing_system == Event.PairingSystem.DOUBLE_ROUND_ROBIN:
                message = _(
                    "This double all-play-all of %(entries)s players has %(table)s rounds "
                    "(its Berger table twice): the event cannot be set to %(rounds)s."
                )
            else:
                message = _(
                    "This all-play-all of %(entries)s players has %(table)s rounds "
                    "(its Berger table): the event cannot be set to %(rounds)s."
                )
            raise DomainError(message % values, field="rounds")
    event.save()
    if festival_given:  # joins at once, asks its directors, or leaves
        festival_members.set_event_festival(event=event, user=user, festival=festival)
    edited = {n for n in EVENT_FIELDS if getattr(event, n) != before[n]}
    if edited:
        effects.live_changed(event.pk)  # the cached public pages show the event's settings
    for name, kind in (
        ("keep_apart", "restriction"),
        ("acceleration", "restriction"),
        ("entry_open", "online-entry"),
        ("entry_approval", "online-entry"),
        ("check_in_required", "check-in"),
    ):
        value = getattr(event, name)
        if value != before[name]:
            shown = ("yes" if value else "no") if isinstance(value, bool) else value or "none"
            shown = ", ".join(shown) if isinstance(shown, list) else shown
            note(event, user, kind, f"{name.replace('_', ' ').capitalize()}: {shown}.")
    changed = {
        n for n in ("bye_value", "tiebreak_chain", "rounds") if getattr(event, n) != before[n]
    }
    if changed:
        refresh_event_status(event)
        effects.results_changed(event.pk)
    return event


@transaction.atomic
def add_role(*, event: Event, user: User, username: str, role: str, reason: str = "") -> EventRole:
    """Name a director or arbiter of ``event``; the event's log says who, when and why."""
    require_director(user, event)
    reason = rights.clean_reason(reason)
    if role not in EventRole.Role.values:
        raise DomainError(
            _("%(role)s is not a role: director or arbiter.") % {"role": repr(role)}, field="role"
        )
    target = get_user_model().objects.filter(username=username.strip()).first()
    if target is None:
        raise DomainError(
            _("There is no user %(username)s.") % {"username": repr(username.strip())},
            field="username",
        )
    found, created = EventRole.objects.get_or_create(event=event, user=target, role=role)
    if not created:
        raise DomainError(
            _("%(target)s is already %(role)s of %(name)s.")
            % {
                "target": target,
                "role": in_sentence(EventRole.Role(role).label),
                "name": event.name,
            },
            field="username",
        )
    rights.note_event_role(event, user, person=target, role=role, granted=True, reason=reason)
    return found


@transaction.atomic
def remove_role(*, event: Event, user: User, role: EventRole, reason: str = "") -> None:
    """Remove a director or arbiter; the event's log says who, when and why."""
    require_director(user, event)
    reason = rights.clean_reason(reason)
    if role.event_id != event.pk:
        raise DomainError(_("That role belongs to another event."))
    directors = EventRole.objects.filter(event=event, role=EventRole.Role.DIRECTOR)
    if role.role == EventRole.Role.DIRECTOR and directors.count() == 1:
        raise DomainError(_("An event keeps at least one director."), field="role")
    role.delete()
    rights.note_event_role(
        event,
        user,
        person=role.user,
        role=role.role,
        granted=False,
        reason=reason,
    )


def check_round_robin_rounds(event: Event, number: int) -> None:
    """An all-play-all has its Berger table's rounds and no more (a double one, twice its
    table's): round ``number`` must be one of them, and when round 1 fixes the table the event's
    rounds must fit in it (a round beyond the table has no pairing and would stay "being
    paired", and the event would never end)."""
    table = round_robin_rounds(event)
    if table is None:
        return
    players = event.entries.count()
    double = event.pairing_system == Event.PairingSystem.DOUBLE_ROUND_ROBIN
    values = {"players": players, "table": table, "number": number, "rounds": event.rounds}
    if number > table:
        if double:
            message = _(
                "A double all-play-all of %(players)s players has %(table)s rounds, all "
                "of them paired: there is no round %(number)s."
            )
        else:
            message = _(
                "An all-play-all of %(players)s players has %(table)s rounds, all "
                "of them paired: there is no round %(number)s."
            )
        raise DomainError(message % values, code="round_robin_complete")
    if number == 1 and event.rounds > table:
        if double:
            message = _(
                "A double all-play-all of %(players)s players takes %(table)s rounds, "
                "but the event is set to %(rounds)s: set its rounds to %(table)s "
                "(or fewer) under Edit the event, then pair round 1."
            )
        else:
            message = _(
                "An all-play-all of %(players)s players takes %(table)s rounds, "
                "but the event is set to %(rounds)s: set its rounds to %(table)s "
                "(or fewer) under Edit the event, then pair round 1."
            )
        raise DomainError(message % values, field="rounds", code="round_robin_rounds")


def refresh_event_status(event: Event) -> None:
    last = event.round_set.filter(number=event.rounds).first()
    if last is None:  # an all-play-all set to more rounds than its table ends with the table
        table = round_robin_rounds(event)
        if table is not None and table < event.rounds:
            last = event.round_set.filter(number=table).first()
    status: str
    if last is not None and last.status == Round.Status.COMPLETE:
        status = Event.Status.FINISHED
    elif event.round_set.filter(status__in=PUBLIC_ROUND_STATUSES).exists():
        status = Event.Status.RUNNING
    else:
        status = event.status
    if status != event.status:
        Event.objects.filter(pk=event.pk).update(status=status)
        event.status = status
