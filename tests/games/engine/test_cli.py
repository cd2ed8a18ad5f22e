"""The command line, as RECORD-FORMAT.md specifies it (run in a subprocess)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine.gamerecord import Record
from games.engine.randomgame import random_game

ROOT = Path(__file__).resolve().parents[3]
KEYS = ["file", "valid", "over", "scores", "to_move", "winner", "plies"]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "games.engine", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    good = random_game("mso", "full", seed=3)
    bad = random_game("mso", "board", seed=4)
    bad.actions[7]["cells"] = list(bad.actions[2]["cells"])
    out = {
        "good": tmp_path / "good.json",
        "text": tmp_path / "good.txt",
        "bad": tmp_path / "bad.json",
        "junk": tmp_path / "junk.json",
        "partial": tmp_path / "partial.json",
    }
    out["good"].write_text(json.dumps(good.to_json()))
    out["text"].write_text(good.to_text())
    out["bad"].write_text(json.dumps(bad.to_json()))
    out["junk"].write_text('{"format": "ingenious-record/1",\n "ruleset": mso}')
    partial = Record(good.ruleset, good.mode, good.players, good.actions[:9])
    out["partial"].write_text(json.dumps(partial.to_json()))
    return out


def lines(proc: subprocess.CompletedProcess[str]) -> list[dict]:
    return [json.loads(line) for line in proc.stdout.splitlines()]


def test_check_legal(files: dict[str, Path]) -> None:
    proc = run("check", str(files["good"]), str(files["text"]), str(files["partial"]))
    assert proc.returncode == 0, proc.stderr
    out = lines(proc)
    assert len(out) == 3 == len(proc.stdout.splitlines())
    for obj in out:
        assert list(obj) == KEYS and obj["valid"] is True
    assert out[0]["file"] == str(files["good"])
    assert out[0]["over"] is True and out[0]["to_move"] is None
    assert out[0] == {**out[1], "file": str(files["good"])}
    assert len(out[0]["scores"]) == 2 and all(len(s) == 6 for s in out[0]["scores"])
    assert out[2]["over"] is False and out[2]["to_move"] in (0, 1) and out[2]["winner"] is None
    assert out[2]["plies"] == 4  # 2 first draws, then place+draw four times -> 9 actions


def test_check_illegal_and_unreadable(files: dict[str, Path]) -> None:
    proc = run("check", str(files["good"]), str(files["bad"]))
    assert proc.returncode == 1
    bad = lines(proc)[1]
    assert list(bad) == ["file", "valid", "error"] and bad["valid"] is False
    assert bad["error"]["index"] == 7 and bad["error"]["code"] == "CELL_OCCUPIED"
    assert "already taken" in bad["error"]["message"]
    proc = run("check", str(files["bad"]), str(files["junk"]), str(files["good"]))
    assert proc.returncode == 2
    junk = lines(proc)[1]
    assert junk["error"]["index"] is None and junk["error"]["code"] == "BAD_RECORD"
    assert "line 2" in junk["error"]["message"]
    proc = run("check", str(files["good"]) + ".missing")
    assert proc.returncode == 2
    assert lines(proc)[0]["error"] == {
        "index": None,
        "code": "BAD_RECORD",
        "message": lines(proc)[0]["error"]["message"],
    }
    assert proc.stderr == ""


def test_check_stdin_json_and_text(files: dict[str, Path]) -> None:
    for kind in ("good", "text"):
        proc = run("check", "-", stdin=files[kind].read_text())
        assert proc.returncode == 0
        out = lines(proc)
        assert out[0]["file"] == "-" and out[0]["valid"] is True
    proc = run("check", "-", stdin="1. RO C9 D9\n")
    assert proc.returncode == 2 and "Ruleset" in lines(proc)[0]["error"]["message"]
    proc = run("check", "-", stdin="")
    assert proc.returncode == 2


@pytest.mark.parametrize(
    ("ruleset", "mode", "sides"),
    [
        ("mso", "full", 2),
        ("standard", "board", 2),
        ("partnership", "full", 2),
        ("solitaire", "board", 1),
    ],
)
def test_random_is_deterministic_and_checks(ruleset: str, mode: str, sides: int) -> None:
    args = ("random", "--ruleset", ruleset, "--mode", mode, "--seed", "7")
    first, second = run(*args), run(*args)
    assert first.returncode == 0 and first.stdout == second.stdout
    rec = json.loads(first.stdout)
    assert rec["format"] == "ingenious-record/1" and rec["ruleset"] == ruleset
    assert rec["mode"] == mode and rec["players"][0] == "Player 1"
    assert (mode == "full") == any(a["type"] == "draw" for a in rec["actions"])
    proc = run("check", "-", stdin=first.stdout)
    assert proc.returncode == 0
    out = lines(proc)[0]
    assert out["valid"] and out["over"] and len(out["scores"]) == sides
    assert out["plies"] == sum(a["type"] == "place" for a in rec["actions"])
    other = run("random", "--ruleset", ruleset, "--mode", mode, "--seed", "8")
    assert other.stdout != first.stdout


def test_random_text_and_convert(tmp_path: Path) -> None:
    proc = run("random", "--seed", "1", "--text")
    assert proc.returncode == 0 and proc.stdout.startswith("[Format")
    path = tmp_path / "g.txt"
    path.write_text(proc.stdout)
    back = run("convert", str(path), "--to", "json")
    assert back.returncode == 0
    assert json.loads(back.stdout) == json.loads(run("random", "--seed", "1").stdout)
    assert run("convert", str(tmp_path / "nope")).returncode == 2
