"""TRF-16 reader/writer, conversion to pairing states, and the command line."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournament.pairing.trf_lines import player_line, run_cli
from tournament.pairing.berger import round_robin_schedule
from tournament.pairing.model import PlayerState
from tournament.pairing.systems import pair_round
from tournament.pairing.trf import (
    TrfError,
    TrfEvent,
    TrfGame,
    TrfPlayer,
    read_trf,
    rounds_played,
    trf_event_from_rounds,
    trf_to_states,
    write_trf,
)

SAMPLE = "\n".join(
    [
        "012 MSO Ingenious test",
        "### a comment",
        "XXR 5",
        player_line(
            1,
            "Smith, Ann",
            "1.5",
            ["   2 w 1", "   3 b =", "   0 - H"],
            c10="w",
            c11="IM",
            c49="2100",
            c54="ENG",
            c58="12345678",
            c70="1990/01/31",
            c86="1",
        ),
        player_line(2, "Jones, Bob", "1.0", ["   1 b 0", "0000 - U"]),
        player_line(3, "Brown, Cy", "1.5", ["0000 - U", "   1 w ="]),
    ]
)


def test_reads_the_fixed_columns() -> None:
    event = read_trf(SAMPLE)
    assert event.total_rounds == 5
    assert event.records == [("012", "MSO Ingenious test")]
    assert event.comments == [" a comment"]
    ann, bob, cy = event.players
    assert ann == TrfPlayer(
        start_rank=1,
        name="Smith, Ann",
        sex="w",
        title="IM",
        rating=2100,
        federation="ENG",
        fide_id="12345678",
        birth_date="1990/01/31",
        points=1.5,
        rank=1,
        games=(TrfGame(2, "w", "1"), TrfGame(3, "b", "="), TrfGame(0, "-", "H")),
    )
    assert bob.games == (TrfGame(1, "b", "0"), TrfGame(0, "-", "U"))
    assert cy.points == 1.5
    assert rounds_played(event) == 2


def test_states_from_trf() -> None:
    states, rnd = trf_to_states(read_trf(SAMPLE))
    assert rnd == 3
    ann, bob, cy = states
    assert (ann.score, ann.opponents, ann.firsts, ann.byes) == (1.5, (2, 3), (True, False), 0)
    assert ann.wants_bye and ann.active  # "0000 - H" already entered for round 3
    assert (bob.score, bob.opponents, bob.firsts, bob.byes) == (1.0, (1,), (False, None), 1)
    assert (cy.score, cy.byes, cy.floats) == (1.5, 1, ("down", None))  # 1 v 1 in round 2
    assert bob.floats == (None, "down")


def test_scoring_lines_change_points() -> None:
    text = SAMPLE.replace("XXR 5", "XXR 5\nBBW 2.0\nBBD 1.0\nBBU 2.0")
    states, _ = trf_to_states(read_trf(text))
    assert [s.score for s in states] == [3.0, 2.0, 3.0]


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        ("012 x\n001    x Name", 2, 5),
        ("XXR nine\n", 1, 5),
        (player_line(1, "A", "0.0", ["   2 x 1"]) + "\n" + player_line(2, "B", "0", []), 1, 97),
        (player_line(1, "A", "0.0", ["   2 w Q"]), 1, 99),
        (player_line(1, "A", "abc", []), 1, 81),
        (player_line(1, "A", "0.0", ["   9 w 1"]), 1, 92),
        (
            player_line(1, "A", "0.0", ["   2 w 1"]) + "\n" + player_line(2, "B", "0.0", []),
            1,
            92,
        ),
        (player_line(1, "A", "0.0", []) + "\n" + player_line(1, "B", "0.0", []), 2, 5),
        (player_line(1, "A", "0.0", ["   2 w  1"]), 1, 100),
    ],
)
def test_unreadable_files_name_line_and_column(text: str, line: int, column: int) -> None:
    with pytest.raises(TrfError) as exc:
        read_trf(text)
    assert (exc.value.line, exc.value.column) == (line, column)
    assert str(exc.value).startswith(f"line {line}, column {column}: ")


MIRROR = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D", " ": " "}


def random_event(seed: int) -> TrfEvent:
    """A consistent random TRF event: mirrored games, byes, blanks, all kinds of fields."""
    import random

    rng = random.Random(seed)
    ranks = rng.sample(range(1, 9999), rng.randint(0, 7))
    rounds = rng.randint(0, 10)
    games: dict[int, list[TrfGame | None]] = {r: [] for r in ranks}
    for _ in range(rounds):
        order = ranks[:]
        rng.shuffle(order)
        while len(order) >= 2 and rng.random() < 0.85:
            a, b = order.pop(), order.pop()
            res = rng.choice(sorted(MIRROR))
            games[a].append(TrfGame(b, "w", res))
            games[b].append(TrfGame(a, "b", MIRROR[res]))
        for r in order:
            games[r].append(rng.choice([None, *(TrfGame(0, "-", c) for c in "HFUZ+-")]))
    alphabet = "abcdefghij ,ABC-'"
    players = []
    for r in ranks:
        gs = list(games[r])
        while gs and gs[-1] is None:
            gs.pop()
        players.append(
            TrfPlayer(
                start_rank=r,
                name="".join(rng.choice(alphabet) for _ in range(rng.randint(0, 33))).strip(),
                sex=rng.choice(["", "m", "w"]),
                title=rng.choice(["", "GM", "IM", "WFM"]),
                rating=rng.choice([0, 1500, 2850]),
                federation=rng.choice(["", "ENG", "GER"]),
                fide_id=rng.choice(["", "1234567", "99999999999"]),
                birth_date=rng.choice(["", "1990/01/31", "2001"]),
                points=rng.choice([None, 0.0, 4.5, 10.0, 99.5]),
                rank=rng.choice([None, 1, 9999]),
                games=tuple(gs),
            )
        )
    records = [
        (rng.choice(["012", "022", "042", "XXC", "XXS", "BBW"]), rng.choice(["x", "", "2.0"]))
        for _ in range(rng.randint(0, 4))
    ]
    records = [(c, "2.0" if c == "BBW" else v) for c, v in records]
    comments = [rng.choice(["", " note", "### nested"]) for _ in range(rng.randint(0, 3))]
    return TrfEvent(
        players=players,
        total_rounds=rng.choice([None, 7, 9, 30]),
        records=records,
        comments=comments,
    )


@settings(max_examples=300, deadline=None, database=None)
@given(seed=st.integers(0, 10**9))
def test_writer_and_reader_round_trip(seed: int) -> None:
    event = random_event(seed)
    text = write_trf(event)
    assert read_trf(text) == event
    assert write_trf(read_trf(text)) == text


def test_writer_adds_comment_lines_and_crlf() -> None:
    event = read_trf(SAMPLE)
    text = write_trf(event, comments=[" exported by the lead"], newline="\r\n")
    assert "### exported by the lead\r\n" in text
    again = read_trf(text)
    assert again.comments == [" a comment", " exported by the lead"]
    assert again.players == event.players


@pytest.mark.parametrize(("n", "seed"), [(12, 1), (13, 2), (16, 3)])
def test_states_survive_a_trf_round_trip(n: int, seed: int) -> None:
    """The states rebuilt from the TRF of a simulated event equal the engine's own states."""
    import random

    from tournament.pairing.state import apply_results

    from .pairing_helpers import random_outcomes

    rng = random.Random(seed)
    states = [PlayerState(id=r, rank=r) for r in range(1, n + 1)]
    history = []
    for rnd in range(1, 6):
        rp = pair_round(states, rnd, 9)
        res = random_outcomes(rp, rng)
        history.append((rp, res))
        states = apply_results(states, rp, res)
    first = [PlayerState(id=r, rank=r) for r in range(1, n + 1)]
    event = trf_event_from_rounds(first, history, total_rounds=9)
    rebuilt, rnd = trf_to_states(read_trf(write_trf(event)))
    assert rnd == 6
    assert rebuilt == states
    assert pair_round(rebuilt, 6, 9) == pair_round(states, 6, 9)


def event_file(tmp_path: Path, n: int, rounds_played: int, total: int = 9, seed: int = 0) -> Path:
    states, history = [PlayerState(id=r, rank=r) for r in range(1, n + 1)], []
    import random

    from tournament.pairing.state import apply_results

    from .pairing_helpers import random_outcomes

    rng = random.Random(seed)
    for rnd in range(1, rounds_played + 1):
        rp = pair_round(states, rnd, total, system="swiss")
        res = random_outcomes(rp, rng)
        history.append((rp, res))
        states = apply_results(states, rp, res)
    first = [PlayerState(id=r, rank=r) for r in range(1, n + 1)]
    path = tmp_path / "state.trf"
    event = trf_event_from_rounds(first, history, total_rounds=total)
    path.write_text(write_trf(event, comments=[" test"]))
    return path


def test_cli_prints_pairs_like_bbppairings(tmp_path: Path) -> None:
    path = event_file(tmp_path, 12, 3)
    out = run_cli("pair", str(path))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "6"
    pairs = [tuple(int(x) for x in line.split()) for line in lines[1:]]
    assert len(pairs) == 6 and all(len(p) == 2 for p in pairs)
    states, rnd = trf_to_states(read_trf(path.read_text()))
    expected = pair_round(states, rnd, 9)
    assert pairs == [(p.first, p.second) for p in expected.pairings]
    assert sorted(x for p in pairs for x in p) == list(range(1, 13))


def test_cli_bye_line_and_explain(tmp_path: Path) -> None:
    path = event_file(tmp_path, 13, 2)
    out = run_cli("pair", str(path), "--explain")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "7"
    assert lines[-1].endswith(" 0")
    assert "board 7: bye: #" in out.stderr
    assert "moves first" in out.stderr


def test_cli_requested_bye_and_absence_are_not_paired(tmp_path: Path) -> None:
    path = event_file(tmp_path, 12, 2)
    lines = path.read_text().splitlines()
    out_lines = []
    for line in lines:
        if line.startswith("001    5"):
            line = line.ljust(109) + "  0000 - H"
        if line.startswith("001    6"):
            line = line.ljust(109) + "  0000 - Z"
        out_lines.append(line)
    path.write_text("\n".join(out_lines) + "\n")
    out = run_cli("pair", str(path))
    assert out.returncode == 0, out.stderr
    seated = [int(x) for line in out.stdout.splitlines()[1:] for x in line.split()]
    assert 5 not in seated and 6 not in seated
    assert out.stdout.splitlines()[0] == "5"


def test_cli_round_robin_for_small_fields(tmp_path: Path) -> None:
    path = event_file(tmp_path, 6, 0, total=5)
    out = run_cli("pair", str(path))
    assert out.returncode == 0, out.stderr
    pairs = [tuple(int(x) for x in line.split()) for line in out.stdout.splitlines()[1:]]
    assert sorted(pairs) == sorted(round_robin_schedule(6)[0])


def test_cli_exit_1_when_no_legal_pairing(tmp_path: Path) -> None:
    # Four players who have all met: round 4 cannot be paired.
    blocks = {
        1: ["   2 w 1", "   3 b 1", "   4 w 1"],
        2: ["   1 b 0", "   4 w 1", "   3 b 1"],
        3: ["   4 w 1", "   1 w 0", "   2 w 0"],
        4: ["   3 b 0", "   2 b 0", "   1 b 0"],
    }
    text = "XXR 5\nXXS swiss\n" + "\n".join(
        player_line(r, f"P{r}", "0.0", blocks[r]) for r in range(1, 5)
    )
    path = tmp_path / "stuck.trf"
    path.write_text(text + "\n")
    out = run_cli("pair", str(path))
    assert out.returncode == 1
    assert out.stdout == ""
    assert "round 4: no legal pairing" in out.stderr


def test_cli_exit_2_for_unreadable_files(tmp_path: Path) -> None:
    path = tmp_path / "bad.trf"
    path.write_text("012 x\nXXR 9\n001    1      A\n001   zz      B\n")
    out = run_cli("pair", str(path))
    assert out.returncode == 2
    assert "line 4, column 5" in out.stderr
    missing = run_cli("pair", str(tmp_path / "missing.trf"))
    assert missing.returncode == 2
    assert "cannot read" in missing.stderr


def test_cli_needs_round_count_for_swiss(tmp_path: Path) -> None:
    path = tmp_path / "norounds.trf"
    path.write_text("\n".join(player_line(r, f"P{r}", "0.0", []) for r in range(1, 13)) + "\n")
    out = run_cli("pair", str(path))
    assert out.returncode == 2
    assert "XXR" in out.stderr
    out = run_cli("pair", str(path), "--rounds", "9", "--system", "swiss")
    assert out.returncode == 0
    assert out.stdout.splitlines()[1] == "1 7"


def test_cli_output_file(tmp_path: Path) -> None:
    path = event_file(tmp_path, 12, 1)
    target = tmp_path / "pairs.txt"
    out = run_cli("pair", str(path), "-o", str(target))
    assert out.returncode == 0 and out.stdout == ""
    assert target.read_text().splitlines()[0] == "6"
