"""The players' clocks as plain data: readings are computed from timestamps, never counted.

A clock stores, per seat, the time left when the running seat's turn (or the resume) began; the
running seat's reading is that minus the time elapsed since. Nothing here touches the database,
so the arithmetic can be tested with a fixed `now`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime


@dataclass(frozen=True, slots=True)
class Clock:
    #: milliseconds left per seat; for the running seat, as of `since`
    remaining_ms: tuple[int, ...]
    #: the seat whose clock runs (or would run again on resume); None before the start and after
    #: the end
    seat: int | None = None
    running: bool = False
    #: when the running seat's clock was last set going (turn start or resume)
    since: datetime | None = None

    @classmethod
    def new(cls, seats: int, ms: int) -> Clock:
        return cls(remaining_ms=(ms,) * seats)

    def elapsed_ms(self, now: datetime) -> int:
        if not self.running or self.since is None:
            return 0
        return max(0, int((now - self.since).total_seconds() * 1000))

    def readings(self, now: datetime) -> list[int]:
        """Milliseconds left per seat at `now` (never below zero)."""
        out = list(self.remaining_ms)
        if self.running and self.seat is not None:
            out[self.seat] = max(0, out[self.seat] - self.elapsed_ms(now))
        return out

    def expired_seat(self, now: datetime) -> int | None:
        """The running seat if its time has run out at `now`."""
        if self.running and self.seat is not None and self.readings(now)[self.seat] <= 0:
            return self.seat
        return None

    def _settled(self, now: datetime) -> tuple[int, ...]:
        return tuple(self.readings(now))

    def start(self, now: datetime, seat: int) -> Clock:
        return replace(self, remaining_ms=self._settled(now), seat=seat, running=True, since=now)

    def switch(self, now: datetime, seat: int) -> Clock:
        """End the running turn and start `seat`'s clock (the same seat when it plays alone)."""
        return replace(self, remaining_ms=self._settled(now), seat=seat, running=True, since=now)

    def pause(self, now: datetime) -> Clock:
        return replace(self, remaining_ms=self._settled(now), running=False, since=None)

    def resume(self, now: datetime) -> Clock:
        return replace(self, running=True, since=now)

    def stop(self, now: datetime) -> Clock:
        """The game is over: keep the final readings, nobody's clock runs."""
        return replace(self, remaining_ms=self._settled(now), seat=None, running=False, since=None)

    def set_remaining(self, now: datetime, seat: int, ms: int) -> Clock:
        """An arbiter's adjustment: `seat` has `ms` left from `now` on."""
        left = list(self._settled(now))
        left[seat] = max(0, ms)
        return replace(self, remaining_ms=tuple(left), since=now if self.running else None)

    def moved_to(self, now: datetime, seat: int | None) -> Clock:
        """After a take-back: the clock (running or not) belongs to `seat` from `now` on."""
        if seat is None:
            return self.stop(now)
        return replace(
            self,
            remaining_ms=self._settled(now),
            seat=seat,
            since=now if self.running else None,
        )


def format_ms(ms: int) -> str:
    """`m:ss` as shown on a chess clock (rounded up, so 0:00 means the flag has fallen)."""
    seconds = -(-max(0, ms) // 1000)
    return f"{seconds // 60}:{seconds % 60:02d}"
