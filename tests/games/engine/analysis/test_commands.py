"""``python -m games.engine analyse`` and ``play`` on the command line."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine.cli import main

from .helpers import greedy_game

ROOT = Path(__file__).resolve().parents[4]
TINY = ["--candidates", "2", "--worlds", "2"]


def test_analyse_prints_a_judgement_per_placement_then_a_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = greedy_game(2)
    path = tmp_path / "game.json"
    path.write_text(record.dumps())
    assert main(["analyse", str(path), *TINY]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    placements = [x for x in lines if x.get("type") == "place"]
    assert len(placements) == sum(1 for a in record.actions if a["type"] == "place")
    assert all(x["file"] == str(path) for x in lines)
    first = placements[0]
    assert first["played"]["rank"] >= 1 and first["best"][0]["gains"]
    assert {"raw", "lowest"} == set(first["points_missed"])
    assert "win_chance_lost" in first and "grade" in first
    assert lines[-1]["summary"]["seats"][0]["placements"] > 0


def test_analyse_reads_the_text_form_and_refuses_an_illegal_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = greedy_game(2)
    good = tmp_path / "game.txt"
    good.write_text(record.to_text())
    bad_record = greedy_game(2)
    bad_record.actions[4]["cells"] = bad_record.actions[2]["cells"]  # an occupied cell
    bad = tmp_path / "bad.json"
    bad.write_text(bad_record.dumps())
    assert main(["analyse", str(bad), str(good), *TINY]) == 1
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[0]["file"] == str(bad) and lines[0]["error"]["code"] == "CELL_OCCUPIED"
    assert lines[-1]["file"] == str(good) and "summary" in lines[-1]


def test_play_prints_the_win_rate_with_its_interval(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["play", "--policy", "greedy", "--vs", "random", "--games", "2", "--seed", "1"]) == 0
    )
    out = capsys.readouterr().out
    assert re.fullmatch(
        r"greedy vs random: \d won, \d drawn, \d lost of 2 games: [\d.]+ % "
        r"\(95 % interval [\d.]+ to [\d.]+ %\)\n",
        out,
    )


def test_play_runs_from_the_command_line_as_json() -> None:
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "games.engine",
            "play",
            "--vs",
            "random",
            "--games",
            "2",
            "--json",
            *TINY,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["games"] == 2 and result["policy"] == "engine" and result["vs"] == "random"
    low, high = result["interval95"]
    assert 0 <= low <= result["rate"] <= high <= 1
