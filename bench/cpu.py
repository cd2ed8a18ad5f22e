"""CPU used by groups of processes during a bench (psutil), for bench/festival.py."""

from __future__ import annotations

import threading
import time
from typing import Any


class CpuSampler(threading.Thread):
    """CPU seconds used by each group of processes while it runs, sampled every half second
    (a process that starts meanwhile counts from zero; one that ends loses at most a sample)."""

    def __init__(self, groups: dict[str, Any]) -> None:
        super().__init__(daemon=True)
        self.groups = groups  # name -> function returning the group's psutil processes
        self.first: dict[tuple[str, int], float] = {}
        self.last: dict[tuple[str, int], float] = {}
        self.stopping = threading.Event()
        self.started_at = self.stopped_at = 0.0

    def sample(self, initial: bool) -> None:
        import psutil

        for name, find in self.groups.items():
            for proc in find():
                try:
                    times = proc.cpu_times()
                except psutil.Error:
                    continue
                key = (name, proc.pid)
                used = times.user + times.system
                if key not in self.first:
                    self.first[key] = used if initial else 0.0
                self.last[key] = used

    def run(self) -> None:
        self.started_at = time.monotonic()
        self.sample(initial=True)
        while not self.stopping.wait(0.5):
            self.sample(initial=False)
        self.stopped_at = time.monotonic()

    def cores(self) -> dict[str, float]:
        wall = max(self.stopped_at - self.started_at, 1e-9)
        used: dict[str, float] = dict.fromkeys(self.groups, 0.0)
        for key, last in self.last.items():
            used[key[0]] += last - self.first[key]
        return {name: seconds / wall for name, seconds in used.items()}


def tree(pid: int) -> Any:
    import psutil

    def find() -> list[Any]:
        try:
            root = psutil.Process(pid)
            return [root, *root.children(recursive=True)]
        except psutil.Error:
            return []

    return find


def named(name: str, needle: str = "") -> Any:
    import psutil

    def find() -> list[Any]:
        found = []
        for proc in psutil.process_iter(["name", "cmdline"]):
            cmdline = " ".join(proc.info["cmdline"] or [])
            if (proc.info["name"] or "").startswith(name) and needle in cmdline:
                found.append(proc)
        return found

    return find
