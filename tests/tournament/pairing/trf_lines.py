"""TRF-16 lines written column by column, independently of the package's writer, and the CLI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def place(fields: dict[int, str]) -> str:
    """A line with each text written from its 1-based column (independent of the writer)."""
    width = max(col + len(text) - 1 for col, text in fields.items())
    chars = [" "] * width
    for col, text in fields.items():
        chars[col - 1 : col - 1 + len(text)] = text
    return "".join(chars).rstrip()


def player_line(start: int, name: str, points: str, rounds: list[str], **extra: str) -> str:
    fields = {1: "001", 5: f"{start:>4}", 15: name, 81: points.rjust(4)}
    for r, block in enumerate(rounds):
        fields[92 + 10 * r] = block
    for col, text in extra.items():
        fields[int(col[1:])] = text
    return place(fields)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tournament.pairing", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
