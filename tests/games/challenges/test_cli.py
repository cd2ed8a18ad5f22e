"""The command line, as CHALLENGES-RECORD.md specifies it (run in a subprocess)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games.challenges.randomgame import random_game

ROOT = Path(__file__).resolve().parents[3]
KEYS = ["file", "valid", "over", "rows", "winner", "to_move"]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "games.challenges", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )


def lines(proc: subprocess.CompletedProcess[str]) -> list[dict[str, Any]]:
    return [json.loads(line) for line in proc.stdout.splitlines()]


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    good = random_game("dice", 3, seed=1)
    partial = random_game("card", 2, seed=2)
    partial.actions = partial.actions[:12]
    bad = random_game("tile", 2, seed=3)
    bad.actions[0]["tiles"] = ["R", "G"]
    out = {name: tmp_path / f"{name}.json" for name in ("good", "partial", "bad", "junk")}
    out["good"].write_text(good.dumps())
    out["partial"].write_text(partial.dumps())
    out["bad"].write_text(bad.dumps())
    out["junk"].write_text('{"format": "ingenious-challenge-record/1",\n "challenge": card}')
    return out


def test_check_legal_files_exit_0(files: dict[str, Path]) -> None:
    proc = run("check", str(files["good"]), str(files["partial"]))
    assert proc.returncode == 0, proc.stderr
    good, partial = lines(proc)
    assert list(good) == KEYS and list(partial) == KEYS
    assert good["file"] == str(files["good"]) and good["valid"] is True and good["over"] is True
    assert len(good["rows"]) == 3 and good["to_move"] is None
    assert min(good["rows"][good["winner"]]) >= 7
    assert partial["over"] is False and partial["winner"] is None
    assert partial["to_move"] in (0, 1)


def test_check_illegal_file_exit_1(files: dict[str, Path]) -> None:
    proc = run("check", str(files["good"]), str(files["bad"]))
    assert proc.returncode == 1
    out = lines(proc)
    assert out[0]["valid"] is True
    assert out[1] == {
        "file": str(files["bad"]),
        "valid": False,
        "error": {
            "index": 0,
            "code": "DRAW_MISMATCH",
            "message": "the refill brings the centre back to three: 3 tiles (the centre holds "
            "0, the pool 126), not 2",
        },
    }


def test_check_unreadable_file_exit_2(files: dict[str, Path], tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    proc = run("check", str(files["bad"]), str(files["junk"]), str(missing))
    assert proc.returncode == 2
    bad, junk, gone = lines(proc)
    assert bad["error"]["code"] == "DRAW_MISMATCH"
    assert junk["error"] == {
        "index": None,
        "code": "BAD_RECORD",
        "message": "line 2, column 15: invalid JSON: Expecting value",
    }
    assert gone["error"]["index"] is None and gone["error"]["code"] == "BAD_RECORD"
    assert "cannot read" in gone["error"]["message"]
    assert proc.stderr == ""


def test_check_reads_standard_input(files: dict[str, Path]) -> None:
    proc = run("check", "-", stdin=files["good"].read_text())
    assert proc.returncode == 0
    assert lines(proc)[0]["file"] == "-"


@pytest.mark.parametrize(("challenge", "players"), [("card", 3), ("dice", 2), ("tile", 4)])
def test_random_prints_a_complete_legal_full_mode_game(challenge: str, players: int) -> None:
    proc = run("random", "--challenge", challenge, "--players", str(players), "--seed", "7")
    assert proc.returncode == 0, proc.stderr
    assert len(proc.stdout.splitlines()) == 1
    data = json.loads(proc.stdout)
    assert data["format"] == "ingenious-challenge-record/1"
    assert (data["challenge"], data["mode"], len(data["players"])) == (challenge, "full", players)
    again = run("random", "--challenge", challenge, "--players", str(players), "--seed", "7")
    assert again.stdout == proc.stdout  # deterministic per seed
    check = run("check", "-", stdin=proc.stdout)
    assert check.returncode == 0
    assert lines(check)[0]["over"] is True


def test_random_refuses_bad_arguments() -> None:
    proc = run("random", "--challenge", "card", "--players", "5")
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == "error: a challenge is for 2 to 4 players, not 5\n"
    assert run("random", "--challenge", "chess").returncode == 2
