"""The pairing systems: ``pair_round``, the one entry point that picks all-play-all (once or
twice) or Swiss for a round and checks the input."""

from __future__ import annotations

from collections.abc import Sequence

from .accel import accelerate
from .berger import pair_round_robin, round_robin_schedule
from .model import ACCELERATIONS, ROUND_ROBIN_MAX_PLAYERS, SYSTEMS, PlayerState, RoundPairing
from .notes import Note, note
from .swiss import BYE_POLICIES, pair_swiss

#: The accelerations by name, as a note says them.
_ACCELERATION_WORDS: dict[str, Note] = {"baku": note("baku")}


def resolve_system(system: str, n_players: int) -> str:
    """``auto`` is all-play-all with ``ROUND_ROBIN_MAX_PLAYERS`` (10) players or fewer, else Swiss.

    ``pair_round`` still pairs an ``auto`` round Swiss when the games so far do not follow the
    Berger table (see ``_follows_table``).

    The count is of every registered player, withdrawn ones included (the round robin's table is
    fixed at the start of the event).
    """
    if system not in SYSTEMS:
        raise ValueError(f"unknown pairing system {system!r}; expected one of {', '.join(SYSTEMS)}")
    if system == "auto":  # never the double all-play-all: a director asks for that
        return "round-robin" if n_players <= ROUND_ROBIN_MAX_PLAYERS else "swiss"
    return system


def _check(players: Sequence[PlayerState], round_number: int, total_rounds: int) -> None:
    if round_number < 1:
        raise ValueError(f"round_number must be >= 1, got {round_number}")
    if total_rounds < 1:
        raise ValueError(f"total_rounds must be >= 1, got {total_rounds}")
    ids: set[int] = set()
    ranks: set[int] = set()
    for p in players:
        if p.id in ids:
            raise ValueError(f"player id {p.id} appears twice")
        if p.rank in ranks:
            raise ValueError(f"starting rank {p.rank} appears twice")
        if p.byes < 0:
            raise ValueError(f"player {p.id} has a negative bye count")
        for f in p.floats:
            if f not in ("up", "down", None):
                raise ValueError(f"player {p.id}: float {f!r} is not 'up', 'down' or None")
        ids.add(p.id)
        ranks.add(p.rank)


def pair_round(
    players: Sequence[PlayerState],
    round_number: int,
    total_rounds: int,
    system: str = "auto",
    *,
    bye_policy: str = "lowest-ranked",
    acceleration: str | None = None,
    top_seed_first: bool = True,
) -> RoundPairing:
    """Pair round ``round_number`` (1-based) of an event of ``total_rounds`` rounds.

    ``players`` is every registered player (withdrawn ones with ``active=False``). Deterministic:
    the same input gives the same output. Raises ``NoPairingError`` when no legal pairing exists
    and ``ValueError`` for inconsistent input. ``bye_policy`` (Swiss only): "lowest-ranked"
    (MSO rules, the default) or "lowest-score" (FIDE Dutch: any player of the lowest score group
    without a bye, the rest of the pairing deciding, lower-ranked first). ``acceleration``
    (Swiss only): None, or "baku" (FIDE C.04.5.1: virtual points to group A in the first rounds;
    the notes say when it applied). ``top_seed_first`` (Swiss only): with no history, the
    higher-ranked player of board 1 moves first (TRF initial colour white), else second.
    """
    _check(players, round_number, total_rounds)
    if bye_policy not in BYE_POLICIES:
        raise ValueError(f"unknown bye policy {bye_policy!r}; expected one of {BYE_POLICIES}")
    if acceleration is not None and acceleration not in ACCELERATIONS:
        raise ValueError(
            f"unknown acceleration {acceleration!r}; expected one of {', '.join(ACCELERATIONS)}"
        )
    chosen = resolve_system(system, len(players))
    if chosen == "double-round-robin":
        rp = pair_round_robin(players, round_number, double=True)
        rp.notes.extend(_round_robin_restrictions(players, rp))
        rp.notes.extend(_unused(acceleration))
        return rp
    if chosen == "round-robin":
        if system != "auto" or _follows_table(players, round_number):
            rp = pair_round_robin(players, round_number)
            rp.notes.extend(_round_robin_restrictions(players, rp))
            rp.notes.extend(_unused(acceleration))
            return rp
        # The rounds so far left the Berger table (a state written by another program, or
        # pairings changed by hand): only a Swiss pairing, with its look-ahead, can still avoid
        # rematches in this round and the next ones.
        swiss = _swiss(
            players, round_number, total_rounds, bye_policy, acceleration, top_seed_first
        )
        swiss.notes.append(
            note(
                "auto: the games so far do not follow the Berger table for %(players)s players "
                "(a game outside its rounds 1-%(last)s), so this round is paired Swiss",
                players=len(players),
                last=round_number - 1,
            )
        )
        return swiss
    return _swiss(players, round_number, total_rounds, bye_policy, acceleration, top_seed_first)


def _swiss(
    players: Sequence[PlayerState],
    round_number: int,
    total_rounds: int,
    bye_policy: str,
    acceleration: str | None,
    top_seed_first: bool,
) -> RoundPairing:
    note = None
    if acceleration == "baku":
        players, note = accelerate(players, round_number, total_rounds)
    rp = pair_swiss(
        players,
        round_number,
        total_rounds,
        bye_policy=bye_policy,
        top_seed_first=top_seed_first,
    )
    if note is not None:
        rp.notes.insert(0, note)
    return rp


def _unused(acceleration: str | None) -> list[Note]:
    """An all-play-all accelerates nobody: the note saying so when the event asked for it."""
    if acceleration is None:
        return []
    return [
        note(
            "%(acceleration)s acceleration: not used in an all-play-all",
            acceleration=_ACCELERATION_WORDS[acceleration],
        )
    ]


def _round_robin_restrictions(players: Sequence[PlayerState], rp: RoundPairing) -> list[Note]:
    """In an all-play-all everyone meets everyone: a forbidden pair of the table's round meets
    anyway, and the draft says so as the Swiss does when a restriction gives way."""
    by_id = {p.id: p for p in players}
    notes = []
    for game in rp.games:
        first, second = by_id[game.first], by_id[game.second or 0]
        if second.id in first.forbidden or first.id in second.forbidden:
            notes.append(
                note(
                    "restriction gave way: #%(first)s v #%(second)s is a forbidden pair, but in "
                    "an all-play-all every player meets every other (the Berger table's round "
                    "%(round)s)",
                    first=first.rank,
                    second=second.rank,
                    round=rp.round_number,
                )
            )
    return notes


def _follows_table(players: Sequence[PlayerState], round_number: int) -> bool:
    """True when every game so far is a game of the table's rounds before ``round_number``.

    The table's rounds are disjoint, so its later rounds then repeat no game, in this round or
    any later one. Checking only this round's table would mix table and Swiss rounds, and a
    table round can leave the rest of the event unpairable. Byes are not compared: a withdrawn
    opponent or a requested bye gives one by design.
    """
    by_rank = sorted(players, key=lambda p: (p.rank, p.id))
    number = {p.id: i for i, p in enumerate(by_rank, start=1)}
    played = {
        frozenset(pair)
        for table_round in round_robin_schedule(len(players))[: max(0, round_number - 1)]
        for pair in table_round
        if 0 not in pair
    }
    return all(
        frozenset((number[p.id], number[o])) in played
        for p in players
        for o in p.opponents
        if o in number
    )


__all__ = ["pair_round", "resolve_system"]
