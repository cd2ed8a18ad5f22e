"""What a request does, counted on the real thing (no stand-ins): the SELECTs it sends to a
table, and the calls of named functions (a profile hook on this thread, so that a function
imported by name elsewhere is counted too)."""

from __future__ import annotations

import inspect
import sys
from collections import Counter
from collections.abc import Callable
from types import CodeType, FrameType, TracebackType
from typing import Any

from django.test.utils import CaptureQueriesContext


def reads(queries: CaptureQueriesContext, table: str) -> int:
    """The SELECTs whose FROM is ``table`` (a join into it is not a read of it)."""
    return sum(
        1
        for q in queries.captured_queries
        if q["sql"].lstrip().upper().startswith("SELECT") and f'FROM "{table}"' in q["sql"]
    )


class Calls:
    """``with Calls(f, g) as calls: ...`` then ``calls[f]``: how often each was called."""

    def __init__(self, *functions: Callable[..., Any]) -> None:
        self.codes: dict[CodeType, Callable[..., Any]] = {
            inspect.unwrap(f).__code__: f for f in functions
        }
        self.counts: Counter[Callable[..., Any]] = Counter()

    def __enter__(self) -> Calls:
        self.previous = sys.getprofile()
        sys.setprofile(self._hook)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        sys.setprofile(self.previous)

    def _hook(self, frame: FrameType, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code in self.codes:
            self.counts[self.codes[frame.f_code]] += 1

    def __getitem__(self, function: Callable[..., Any]) -> int:
        return self.counts[function]
