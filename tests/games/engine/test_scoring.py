"""Scoring (RULINGS: Scoring, the 18 cap, bonus placements, double track, result)."""

from games.engine.game import Game
from games.engine.rulesets import make_ruleset
from games.engine.score_track import advance, ranking, report, winner

from .helpers import draw, expect_error, first_round, place


def mso() -> Game:
    return Game.new("mso")


def test_blue_double_beside_blue_double_in_line_scores_2() -> None:
    g = mso()
    g.put("BB", ["H8", "H9"])
    g.apply(place(0, "BB", "H10", "H11"))
    assert g.scores[0] == [0, 0, 2, 0, 0, 0]


def test_purple_double_touching_purple_start_from_both_cells_scores_2() -> None:
    g = mso()
    assert g.preview("PP", ["H4", "G4"])["raw"] == {"P": 2}
    g.apply(place(0, "PP", "H4", "G4"))
    assert g.scores[0] == [0, 0, 0, 0, 0, 2]


def test_own_cells_do_not_count_and_runs_stop() -> None:
    g = mso()
    g.put("RR", ["H6", "H7"])
    g.put("RY", ["H5", "H4"])  # the red run H7 H6 H5 stops at yellow H4
    g.put("RR", ["I8", "J8"])  # south-east of H8: two more
    g.put("OR", ["G8", "F8"])  # north-west of H8: orange stops the line at once
    g.apply(place(0, "RR", "H8", "H9"))
    # from H8: W 3, SE 2, NW 0; from H9: SW 1 (I8); its W line points into H8
    assert g.scores[0][0] == 6


def test_same_symbol_counted_from_both_cells() -> None:
    g = mso()
    g.put("GG", ["G9", "F10"])  # G9 is NE of H8 and NW of H9
    g.apply(place(0, "GG", "H8", "H9"))
    assert g.scores[0][1] == 3  # G9, F10 from H8 (NE line); G9 again from H9 (NW line)


def test_capped_at_18_points_lost() -> None:
    g = mso()
    g.set_score(0, "B", 17)
    g.put("BB", ["H8", "H9"])
    g.apply(place(0, "BB", "H10", "H11"))
    assert g.scores[0][2] == 18
    assert advance(17, 5, 18) == (18, 1)
    assert advance(18, 5, 18) == (18, 0)
    assert advance(3, 0, 18) == (3, 0)


def two_colours_position(g: Game, seat: int = 0) -> None:
    side = g.side_of(seat)
    g.set_score(side, "R", 17)
    g.set_score(side, "O", 17)
    g.put("RR", ["H7", "G7"])
    g.put("OO", ["H10", "H11"])


def test_two_colours_reaching_18_at_once_standard_two_bonuses() -> None:
    g = Game.new("standard")
    first_round(g, avoid=["H7", "G7", "H8", "H9", "H10", "H11"])
    two_colours_position(g)
    g.apply(place(0, "RO", "H8", "H9"))
    assert g.scores[0][0] == 18 and g.scores[0][3] == 18
    assert g.bonus_owed == 2 and g.to_move == 0
    g.apply(place(0, "GG", "E8", "E9"))
    assert g.bonus_owed == 1 and g.to_move == 0
    g.apply(place(0, "GG", "K8", "K9"))
    assert g.bonus_owed == 0 and g.to_move == 1
    expect_error(g, place(0, "YY", "K4", "K5"), "NOT_YOUR_TURN")


def test_two_colours_reaching_18_at_once_mso_one_bonus() -> None:
    g = mso()
    two_colours_position(g)
    g.apply(place(0, "RO", "H8", "H9"))
    assert g.scores[0][0] == 18 and g.scores[0][3] == 18
    assert g.bonus_owed == 1
    g.apply(place(0, "GG", "I8", "I9"))
    assert g.bonus_owed == 0 and g.to_move == 1


def test_a_colour_gives_its_bonus_once() -> None:
    g = mso()
    g.set_score(0, "B", 18)
    g.put("BB", ["H8", "H9"])
    g.apply(place(0, "BB", "H10", "H11"))
    assert g.bonus_owed == 0 and g.to_move == 1


def test_bonus_chain_and_rack_not_refilled_full_mode() -> None:
    g = Game.new("mso", mode="full")
    g.apply(draw(0, "RO", "GG", "BB", "YY", "PP", "RR"))
    g.apply(draw(1, "RO", "GG", "BB", "YY", "PP", "RR"))
    two_colours_position(g)
    g.apply(place(0, "RO", "H8", "H9"))
    assert g.bonus_owed == 1
    err = expect_error(g, draw(0, "OO"), "DRAW_MISMATCH")
    assert "bonus" in err.message
    expect_error(
        g, {"type": "swap", "player": 0, "rack": ["GG", "BB", "YY", "PP", "RR"]}, "SWAP_NOT_ALLOWED"
    )
    g.apply(place(0, "GG", "I8", "I9"))
    expect_error(g, draw(0, "OO"), "DRAW_MISMATCH")  # two tiles are due
    g.apply(draw(0, "OO", "OY"))
    assert g.to_move == 1 and sorted(g.racks[0]) == ["BB", "OO", "OY", "PP", "RR", "YY"]


def partnership_position(g: Game) -> None:
    first_round(g, avoid=["H4", "H5", "H6", "H7", "H8", "H9", "H10", "H11"])
    g.set_score(0, "R", 16)
    g.put("RR", ["H6", "H7"])
    g.put("RY", ["H5", "H4"])  # red run west of H8: H7 H6 H5 = 3
    g.put("RR", ["H10", "H11"])  # red run east of H9: 2


def test_partnership_double_track_first_cell_first() -> None:
    g = Game.new("partnership")
    partnership_position(g)
    g.apply(place(0, "RR", "H8", "H9"))  # H8 scores 3: 16 -> 18 (1 lost), then H9 2 -> 20
    assert g.scores[0][0] == 20 and g.scores[1][0] == 0
    assert g.bonus_owed == 1

    g = Game.new("partnership")
    partnership_position(g)
    g.apply(place(0, "RR", "H9", "H8"))  # H9 scores 2: 16 -> 18, then H8 3 -> 21
    assert g.scores[0][0] == 21
    assert g.bonus_owed == 1


def test_partnership_partners_share_a_track_and_second_18_gives_bonus() -> None:
    g = Game.new("partnership")
    first_round(g, avoid=["H8", "H9", "H10", "H11", "I8", "I9"])
    g.set_score(0, "B", 35)
    g.set_score(0, "O", 17)
    g.put("BB", ["H10", "H11"])
    g.put("OO", ["I7", "J6"])  # south-west of H8
    g.apply(place(0, "OB", "H8", "H9"))  # O 17 -> 18 (first board), B 35 -> 36: two bonuses
    assert g.scores[0][3] == 18 and g.scores[0][2] == 36
    assert g.bonus_owed == 2
    g.apply(place(0, "GG", "E8", "E9"))
    g.apply(place(0, "GG", "K9", "K10"))
    assert g.to_move == 1
    g.apply(place(1, "YY", "E5", "E6"))
    g.apply(place(2, "BB", "I9", "I10"))  # seat 2 scores on side 0's track: capped at 36
    assert g.scores[0][2] == 36


def test_solitaire_double_track_without_bonus() -> None:
    g = Game.new("solitaire", mode="full")
    g.apply(draw(0, "GY"))
    expect_error(g, place(0, "GY", "H8", "H9"), "PLACEMENT_RULE")  # the first tile: a symbol
    g.apply(place(0, "GY", "C9", "D8"))
    g.apply(draw(0, "RR"))
    g.set_score(0, "R", 16)
    g.put("RR", ["H6", "H7"])
    g.put("RY", ["H5", "H4"])
    g.put("RR", ["H10", "H11"])
    g.apply(place(0, "RR", "H8", "H9"))
    assert g.scores == [[20, 0, 0, 0, 0, 0]]
    assert g.bonus_owed == 0 and g.to_move == 0
    expect_error(g, place(0, "RR", "K8", "K9"), "NOT_YOUR_TURN")
    g.apply(draw(0, "GG"))
    assert g.racks == [["GG"]]


def test_instant_win_mso() -> None:
    g = mso()
    for c in "GBOYP":
        g.set_score(0, c, 18)
    g.set_score(1, "R", 10)
    g.set_score(0, "R", 17)
    g.put("RR", ["H6", "H7"])
    g.apply(place(0, "RG", "H8", "H9"))
    assert g.over and g.winner == 0 and g.to_move is None
    expect_error(g, place(1, "RO", "K8", "K9"), "GAME_OVER")


def test_instant_win_double_track_needs_36_everywhere() -> None:
    g = Game.new("partnership")
    partnership_position(g)
    for c in "GBOYP":
        g.set_score(0, c, 18)
    g.apply(place(0, "RR", "H8", "H9"))  # red to 20: all colours past the first board
    assert not g.over
    g = Game.new("partnership")
    partnership_position(g)
    for c in "GBOYP":
        g.set_score(0, c, 36)
    g.set_score(0, "R", 34)
    g.apply(place(0, "RR", "H9", "H8"))  # 34 + 2 -> 36
    assert g.over and g.winner == 0


def test_result_compares_lowest_then_next() -> None:
    a = [10, 11, 12, 13, 14, 15]
    b = [9, 12, 14, 15, 16, 17]
    c = [9, 12, 13, 18, 18, 18]
    assert winner([a, b, c]) == 0
    assert ranking([a, b, c]) == [1, 2, 3]
    assert winner([c, b]) == 1  # 9-12-14 beats 9-12-13
    assert winner([b, c]) == 0
    assert winner([[5, 6, 7, 8, 9, 10], [10, 9, 8, 7, 6, 5]]) is None  # equal sorted lists
    assert winner([[5, 6, 7, 8, 9, 10], [5, 6, 7, 8, 9, 11]]) == 1
    assert winner([[3] * 6]) == 0  # solitaire: the only side


def test_mso_report() -> None:
    r = report([[11, 9, 14, 18, 10, 12], [8, 13, 9, 10, 18, 11]], over=True)
    assert r["lowest"] == [9, 8] and r["difference"] == 1
    assert r["winner"] == 0 and r["victory_points"] == [1.0, 0.0]
    r = report([[5] * 6, [5] * 6], over=True)
    assert r["winner"] is None and r["victory_points"] == [0.5, 0.5]
    g = mso()
    g.set_score(0, "R", 3)
    assert g.lowest_levels() == [0, 0]
    assert g.report()["difference"] == 0 and g.report()["winner"] is None


def test_preview_does_not_apply() -> None:
    g = mso()
    g.set_score(0, "B", 17)
    g.put("BB", ["H8", "H9"])
    before = g.scores
    pv = g.preview("BB", ["H10", "H11"])
    assert pv["raw"] == {"B": 2} and pv["points"] == {"B": 1} and pv["bonus"] == 1
    assert g.scores == before and g.plies == 0
    expect_error(g, place(0, "BB", "H8", "H10"), "CELL_OCCUPIED")


def test_bonus_rule_override() -> None:
    g = Game.new(make_ruleset("mso", bonus_per="colour"))
    two_colours_position(g)
    g.apply(place(0, "RO", "H8", "H9"))
    assert g.bonus_owed == 2
    g = Game.new(make_ruleset("mso", bonuses=False))
    two_colours_position(g)
    g.apply(place(0, "RO", "H8", "H9"))
    assert g.bonus_owed == 0 and g.to_move == 1
