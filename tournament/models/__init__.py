"""The tournament floor's models: events and their rounds (events.py), and what players do for
themselves and the registry's merges (people.py)."""

from tournament.models.events import (
    PAIR_RESULTS,
    PLAYED_RESULTS,
    PUBLIC_ROUND_STATUSES,
    SINGLE_RESULTS,
    Board,
    Entry,
    Event,
    EventRole,
    Festival,
    Player,
    Result,
    Round,
    check_time_zone,
    default_tiebreak_chain,
)
from tournament.models.logs import EventLogEntry, ForbiddenPair, PairingChange, ResultCorrection
from tournament.models.people import (
    CheckIn,
    CheckInWindow,
    Decision,
    EntryRequest,
    Notification,
    PlayerClaim,
    PlayerMerge,
    ResultConfirmation,
    VerifiedAddress,
)
from tournament.models.rights import FestivalRequest, FestivalRole, RightsChange
from tournament.models.tables import MAX_SEATS, Seat

__all__ = [
    "PAIR_RESULTS",
    "PLAYED_RESULTS",
    "PUBLIC_ROUND_STATUSES",
    "SINGLE_RESULTS",
    "Board",
    "CheckIn",
    "CheckInWindow",
    "Decision",
    "Entry",
    "EntryRequest",
    "Event",
    "EventLogEntry",
    "EventRole",
    "Festival",
    "FestivalRequest",
    "FestivalRole",
    "ForbiddenPair",
    "Notification",
    "PairingChange",
    "Player",
    "PlayerClaim",
    "PlayerMerge",
    "Result",
    "ResultConfirmation",
    "ResultCorrection",
    "RightsChange",
    "Round",
    "Seat",
    "VerifiedAddress",
    "MAX_SEATS",
    "check_time_zone",
    "default_tiebreak_chain",
]
