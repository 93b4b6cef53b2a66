"""Scripted examples of the variant games: every option of `alla-spelar`, `uppslagen-trumf` and
`specialkort`, the options' validation, out-of-turn throws, `check` on case files, records, and the words."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import codes, phase1, phase2

from skitgubbe import CATALOGUE, PRESETS, Game, IllegalMove, PositionError, Rules, RulesError
from skitgubbe.engine.events import Event, EventKind, Reason
from skitgubbe.engine.moves import PASS, Pass, Throw, parse_move, split_player_move
from skitgubbe.records.record import Case, GameRecord, judge_case
from skitgubbe.text.i18n import event_templates, event_text, move_text, reason_templates

ALL_OFF = {"preset": "alla-spelar", "throw_on": "off"}
HANDS = {"A": "9C 9D 4H", "B": "KS 5S 2D", "C": "KD 2C 3C"}
TALON = "JS QS JH AS 10D 8D 6H 7H"


def kinds(step) -> list[EventKind]:  # type: ignore[no-untyped-def]
    return [e.kind for e in step.events]


def play_all(game: Game, *moves: str) -> None:
    for move in moves:
        game.play(move)


# -- the presets ----------------------------------------------------------------------------------------
def test_presets_and_their_options() -> None:
    assert PRESETS["alla-spelar"].to_dict() == {
        **Rules().to_dict(),
        "phase1_style": "everyone",
        "throw_on": "after-trick",
    }
    assert PRESETS["uppslagen-trumf"].to_dict() == {
        **Rules().to_dict(),
        "phase1_style": "turned-trump",
        "chansa": False,
    }
    assert PRESETS["specialkort"].to_dict() == {
        **Rules().to_dict(),
        "phase1_style": "beat-or-take",
        "chansa": False,
        "phase2_style": "pile",
        "must_beat": True,
        "pick_up": "pile",
        "trump_when_unable": True,
    }
    for name in ("pagat", "kortspelsregler", "strikt"):  # the old presets keep the new defaults
        rules = PRESETS[name]
        assert (
            rules.throw_on.value,
            rules.motlagg_beats_singles,
            rules.must_motlagg,
            rules.phase2_style.value,
            rules.trump_when_unable,
        ) == ("off", False, False, "tricks", False)


def test_every_option_is_documented_with_catalogue_rules() -> None:
    for name, (point, rule_ids, doc) in Rules.option_docs().items():
        assert point and doc, name
        assert rule_ids and all(r in CATALOGUE for r in rule_ids), name


@pytest.mark.parametrize(
    "spec, words",
    [
        ({"preset": "pagat", "throw_on": "anytime"}, "belong to everyone-plays"),
        ({"preset": "pagat", "must_motlagg": True}, "belong to everyone-plays"),
        ({"preset": "pagat", "motlagg_beats_singles": True}, "belong to everyone-plays"),
        ({"preset": "pagat", "phase1_end": "finish-trick"}, "variant of everyone-plays"),
        ({"preset": "alla-spelar", "phase1_end": "skip-empty"}, "belongs to two-card tricks"),
        ({"preset": "uppslagen-trumf", "chansa": True}, "has no chansa"),
        ({"preset": "uppslagen-trumf", "phase1_end": "skip-empty"}, "must be 'due-player-empty'"),
        ({"preset": "specialkort", "chansa": True}, "has no chansa"),
        ({"preset": "specialkort", "sequences": True, "trick_complete": "plays"}, "one card at a time"),
        ({"preset": "specialkort", "follow_suit": True}, "cannot go together"),
        ({"preset": "specialkort", "trump_when_unable": False, "follow_suit": True}, "one card at a time"),
        ({"preset": "specialkort", "pick_up": "last-play"}, "same as 'top-card'"),
        ({"preset": "pagat", "pick_up": "pile"}, "belongs to the pile game"),
        ({"preset": "strikt", "trump_when_unable": True}, "cannot go together"),
        ({"preset": "alla-spelar", "throw_on": "sometimes"}, "choose one of"),
    ],
)
def test_options_that_make_no_sense_are_refused(spec: dict[str, object], words: str) -> None:
    with pytest.raises(RulesError, match=words.replace("(", r"\(")):
        Rules.from_spec(spec)


# -- moves -----------------------------------------------------------------------------------------------
def test_throw_and_pass_parse_and_format() -> None:
    move = parse_move("throw 9C 9D")
    assert move == Throw((parse_move("9C").cards[0], parse_move("9D").cards[0])) and str(move) == "throw 9C 9D"
    assert parse_move(str(move)) == move
    assert split_player_move("B: släng ♣9") == ("B", parse_move("throw 9C"))
    assert parse_move("slänga på klöver 9, ruter 9") == move
    assert parse_move("pass") is PASS and parse_move("stå över") is PASS and isinstance(PASS, Pass)
    assert move_text(move, "sv") == "slänger på ♣9 ♦9" and move_text(PASS, "en") == "passes"


# -- everyone plays: throwing on -------------------------------------------------------------------------
def test_throw_on_off_plays_straight_through() -> None:
    game = phase1(HANDS, TALON, rules=ALL_OFF)
    play_all(game, "A: 9C 9D", "B: KS")
    step = game.play("C: 2C")
    assert EventKind.THROW_WINDOW not in kinds(step) and game.to_play == "B" and game.state.table == ()


def test_throw_on_after_trick_window_order_and_one_throw_each() -> None:
    game = phase1({"A": "9C 4H 2S", "B": "KS 9D 3H", "C": "2C 5D 9S"}, TALON, rules="alla-spelar")
    play_all(game, "A: 9C", "B: KS")
    step = game.play("C: 2C")  # B wins; all three hold a rank in it
    assert kinds(step)[-1] is EventKind.THROW_WINDOW and game.to_play == "B"
    assert sorted(str(m) for m in game.legal_moves()) == ["pass", "throw 9D"]
    step = game.play("B: throw 9D")  # the winner may throw on too
    assert kinds(step) == [EventKind.THROWN, EventKind.DREW] and game.to_play == "C"
    assert not game.is_legal("B: throw 3H")
    game.play("C: throw 9S")
    step = game.play("A: throw 2S")  # the last one: the trick is turned
    won = next(e for e in step.events if e.kind is EventKind.TRICK_WON)
    assert sorted(codes(won.cards)) == ["2C", "2S", "9C", "9D", "9S", "KS"]
    assert game.to_play == "B" and not game.state.throw_window


def test_throw_on_own_rank_again_after_drawing_the_rank() -> None:
    rules = {"preset": "alla-spelar", "throw_on": "own-rank"}
    game = phase1({"A": "9C 9D 4H", "B": "KS 5S 2D", "C": "KD 2C 3C"}, "9H 9S QS KH AS 7D 8D 6H", rules=rules)
    game.play("A: 9C")  # A draws 9H
    step = game.play("A: throw 9D 9H")  # own rank, out of turn; draws 9S
    assert step.rule == "p1.all.throw-on.own-rank" and codes(step.events[0].cards) == ["9D", "9H"]
    assert "9S" in codes(game.hand("A"))
    game.play("A: throw 9S")  # and again, "och så vidare"
    assert game.to_play == "B" and len(game.hand("A")) == 3


def test_throw_on_own_rank_window_keeps_the_turn_while_able() -> None:
    rules = {"preset": "alla-spelar", "throw_on": "own-rank"}
    game = phase1({"A": "2S 4C 4H", "B": "KS 5S 2D", "C": "3C 5D 6D"}, "KH KD QS KC AS 7D 8D 6H", rules=rules)
    play_all(game, "A: 2S", "B: KS")  # A draws KH, B draws KD
    step = game.play("C: 3C")  # B wins; in the window B holds a king
    assert EventKind.THROW_WINDOW in kinds(step) and game.to_play == "B"
    assert [str(m) for m in game.legal_moves()] == ["throw KD", "pass"]
    game.play("B: throw KD")  # draws KC: still a king, still B's turn
    assert game.to_play == "B" and game.state.throw_window
    step = game.play("B: throw KC")  # A's king is not A's rank: turned
    assert EventKind.TRICK_WON in kinds(step) and game.to_play == "B" and "KH" in codes(game.hand("A"))


def test_throw_on_anytime_during_a_replay_and_by_anyone() -> None:
    rules = {"preset": "alla-spelar", "throw_on": "anytime"}
    game = phase1({"A": "9C 4H 2S", "B": "KS 5S 2D", "C": "KD 9H 3C"}, TALON, rules=rules)
    play_all(game, "A: 9C", "B: KS", "C: KD")  # B and C tie
    assert game.to_play == "B"
    assert not game.is_legal("A: throw 2S")  # no two in the trick yet
    game.play("C: throw 9H")  # a nine is in the trick: anyone, anytime
    assert game.state.contenders == ("B", "C") and game.to_play == "B"
    game.play("B: 2D")
    assert game.legal_moves_for("A") == [Throw((parse_move("2S").cards[0],))]
    assert game.play("A: throw 2S").rule == "p1.all.throw-on.anytime"  # now a two is in it
    assert game.to_play == "C"


def test_out_of_turn_moves_other_than_throws_are_refused() -> None:
    game = phase1(HANDS, TALON, rules={"preset": "alla-spelar", "throw_on": "anytime"})
    game.play("A: 9C")
    with pytest.raises(IllegalMove) as caught:
        game.play("C: KD")
    assert caught.value.rule == "game.turn"


def test_open_trick_goes_back_with_its_thrown_cards() -> None:
    rules = {"preset": "alla-spelar", "throw_on": "anytime"}
    game = phase1({"A": "9C 9D", "B": "KS", "C": ""}, rules=rules, trump_card=("A", "7H"))
    game.play("A: 9C")
    assert game.play("A: throw 9D", "A").rule == "p1.all.throw-on.anytime" and game.to_play == "B"
    step = game.play("B: KS")  # C is due with no card
    returned = [e for e in step.events if e.kind is EventKind.TRICK_RETURNED]
    assert {e.player: sorted(codes(e.cards)) for e in returned} == {"A": ["9C", "9D"], "B": ["KS"]}
    assert game.phase == 2 and sorted(codes(game.hand("A"))) == ["7H", "9C", "9D"]


# -- everyone plays: motlägg options ---------------------------------------------------------------------
def test_motlagg_beats_singles_and_the_highest_motlagg_wins() -> None:
    rules = {**ALL_OFF, "motlagg_beats_singles": True}
    game = phase1({"A": "5C 4H 2S", "B": "5S 6S 3D", "C": "7D 8C 2C", "D": "7C AH 3S"}, TALON, rules=rules)
    step = None
    for move in ("A: 5C", "B: 5S", "C: 7D", "D: 7C"):
        step = game.play(move)
    assert step is not None
    replay = next(e for e in step.events if e.kind is EventKind.REPLAY)
    assert replay.players == ("C", "D") and replay.rule == "p1.all.tie"  # sevens beat fives; none higher
    play_all(game, "C: 2C")
    step = game.play("D: AH")
    assert next(e for e in step.events if e.kind is EventKind.TRICK_WON).player == "D"


def test_a_pair_from_one_player_is_no_motlagg() -> None:
    rules = {**ALL_OFF, "motlagg_beats_singles": True}
    game = phase1({"A": "5C 5D 2S", "B": "KS 6S 3D", "C": "7D 8C 2C"}, TALON, rules=rules)
    play_all(game, "A: 5C 5D", "B: KS")
    step = game.play("C: 7D")
    assert next(e for e in step.events if e.kind is EventKind.TRICK_WON).player == "B"


def test_must_motlagg_plain_rule_is_about_the_highest_rank() -> None:
    rules = {**ALL_OFF, "must_motlagg": True}
    game = phase1({"A": "9C 4H 2S", "B": "KS 5S 3D", "C": "9S KD 2C"}, TALON, rules=rules)
    play_all(game, "A: 9C", "B: KS")
    assert sorted(str(m) for m in game.legal_moves()) == ["KD"]  # C holds a nine too, but K is highest
    assert not game.is_legal("C: chansa")


def test_must_motlagg_with_motlagg_rule_not_when_a_higher_motlagg_stands() -> None:
    rules = {**ALL_OFF, "must_motlagg": True, "motlagg_beats_singles": True}
    game = phase1({"A": "5C 4H 2S", "B": "9S 6S 3D", "C": "9D 8C 2C", "D": "5H AH 3S"}, TALON, rules=rules)
    play_all(game, "A: 5C", "B: 9S", "C: 9D")  # a motlägg in nines
    assert {str(m) for m in game.legal_moves()} >= {"5H", "AH", "3S", "chansa"}  # D's five cannot tie it


# -- everyone plays: chansa and the end -----------------------------------------------------------------
def test_chansa_plays_the_top_talon_card_as_one_card() -> None:
    game = phase1(HANDS, TALON, rules=ALL_OFF)
    step = game.play("A: chansa")
    assert step.rule == "p1.chansa" and codes(game.state.table[0][1]) == ["JS"]
    assert sorted(codes(game.hand("A"))) == ["4H", "9C", "9D"]
    game = phase1(HANDS, "JS", rules=ALL_OFF)
    assert not game.is_legal("A: chansa")


def test_finish_trick_variant_also_returns_an_unfinishable_trick() -> None:
    rules = {**ALL_OFF, "phase1_end": "finish-trick"}
    game = phase1({"A": "9C", "B": "KS 5S", "C": ""}, rules=rules, trump_card=("A", "7H"))
    game.play("A: 9C")
    step = game.play("B: KS")  # C is due with no card
    over = next(e for e in step.events if e.kind is EventKind.PHASE1_OVER)
    assert over.rule == "p1.all.end.finish-trick"
    assert sorted(codes(game.hand("A"))) == ["7H", "9C"]


# -- the turned-up trump game ------------------------------------------------------------------------------
def test_turned_trump_whole_phase_one_to_phase_two() -> None:
    game = phase1({"A": "9C 4H", "B": "QC 3S", "C": "5D 6D"}, "8H", rules="uppslagen-trumf")
    assert game.trump is not None and game.trump.value == "H"
    step = game.play("A: 9C")  # A sets the turned-up 8H aside
    assert EventKind.SET_ASIDE in kinds(step)
    game.play("B: QC")  # B wins and leads
    game.play("B: 3S")
    assert [str(m) for m in game.legal_moves()] == ["pick up"]  # C: no spades, no hearts
    step = game.play("C: pick up")  # B must lead again with nothing
    assert [e.rule for e in step.events if e.kind is EventKind.PHASE1_OVER] == ["p1.trump.end"]
    assert game.phase == 2 and game.to_play == "A" and game.trump.value == "H"
    assert sorted(codes(game.hand("A"))) == ["4H", "8H"] and sorted(codes(game.hand("C"))) == ["3S", "5D", "6D"]
    assert sorted(codes(game.hand("B"))) == ["9C", "QC"]


def test_turned_trump_position_must_agree_with_the_given_trump() -> None:
    with pytest.raises(PositionError, match="turned-up trump"):
        Game.from_position(
            players=["A", "B"],
            rules="uppslagen-trumf",
            phase=1,
            hands={"A": ["9C"], "B": ["2D"]},
            to_play="A",
            talon=["JS", "8H"],
            trump="S",
        )
    game = Game.from_position(
        players=["A", "B"],
        rules="uppslagen-trumf",
        phase=1,
        hands={"A": ["9C"], "B": ["2D"]},
        to_play="A",
        talon=["JS", "8H"],
        trump="H",
    )
    assert game.trump is not None and game.trump.value == "H"


def test_turned_trump_game_is_dealt_with_trump_known() -> None:
    game = Game.deal(4, rules="uppslagen-trumf", seed=7)
    state = game.state
    assert state.phase == 1 and state.trump is state.talon[-1].suit and len(state.talon) == 52 - 12


# -- the special-card game ---------------------------------------------------------------------------------
def test_pile_pick_up_the_last_card_option() -> None:
    rules = {"preset": "specialkort", "pick_up": "top-card"}
    game = phase2({"A": "9C 8C 3S", "B": "QC 4D", "C": "5D 6D"}, trump="H", rules=rules)
    play_all(game, "A: 9C", "B: QC")
    step = game.play("C: pick up")
    assert step.rule == "p2.pick-up.top-card" and codes(step.events[0].cards) == ["QC"]
    assert codes(game.state.table[0][1]) == ["9C"] and game.to_play == "A"


def test_pile_without_must_beat_lets_a_player_pick_up_anyway() -> None:
    rules = {"preset": "specialkort", "must_beat": False}
    game = phase2({"A": "9C 8C 3S", "B": "QC 4D", "C": "5D 6D"}, trump="H", rules=rules)
    game.play("A: 9C")
    assert game.play("B: pick up").rule == "p2.pick-up.optional"


def test_pile_without_trump_when_unable_trumps_freely() -> None:
    rules = {"preset": "specialkort", "trump_when_unable": False}
    game = phase2({"A": "9C 3S", "B": "QC 5H 7D", "C": "JC 4S"}, trump="H", rules=rules)
    game.play("A: 9C")
    assert game.play("B: 5H").rule == "p2.beat.trump"


def test_pile_a_ten_with_more_cards_leads_again_and_twos_stack_to_four() -> None:
    game = phase2({"A": "2C 3S", "B": "2D 4C", "C": "2H 4S", "D": "2S 5D 6D"}, trump="H", rules="specialkort")
    play_all(game, "A: 2C", "B: 2D", "C: 2H")
    step = game.play("D: 2S")  # four twos: burned, not reset
    assert [e.kind for e in step.events] == [EventKind.BURNED, EventKind.LEADS] and game.to_play == "D"


def test_everyone_and_turned_trump_play_pagat_phase_two() -> None:
    for preset in ("alla-spelar", "uppslagen-trumf"):
        game = phase2({"A": "9C 2S", "B": "QC 3S", "C": "KC 4S"}, rules=preset)
        play_all(game, "A: 9C", "B: QC")
        step = game.play("C: KC")
        assert step.events[0].rule == "p2.complete.cards"


# -- check and records ---------------------------------------------------------------------------------------
def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "skitgubbe", *args], capture_output=True, text=True, timeout=120)


CASES = {
    "alla-spelar": {
        "rules": "alla-spelar",
        "players": ["A", "B", "C"],
        "phase": 1,
        "hands": {"A": ["9C", "9D", "4H"], "B": ["KS", "5S", "2D"], "C": ["KD", "2C", "3C"]},
        "talon": ["JS", "QS", "KH", "9H", "7D", "8D", "6H", "AS"],
        "to_play": "A",
        "moves": ["A: 9C 9D", "B: KS", "C: KD", "B: 5S", "C: 2C", "B: throw KH", "C: pass", "B: 2D"],
    },
    "own-rank": {
        "rules": {"preset": "alla-spelar", "throw_on": "own-rank"},
        "players": ["A", "B", "C"],
        "phase": 1,
        "hands": {"A": ["9C", "9D", "4H"], "B": ["KS", "5S", "2D"], "C": ["KD", "2C", "3C"]},
        "talon": ["JS", "QS", "KH", "AS", "7D", "8D", "6H", "9H"],
        "to_play": "A",
        "moves": ["A: 9C", "A: throw 9D", "B: 5S", "C: 2C"],
    },
    "uppslagen-trumf": {
        "rules": "uppslagen-trumf",
        "players": ["A", "B", "C"],
        "phase": 1,
        "hands": {"A": ["9C", "4H", "2S"], "B": ["QC", "KD", "3S"], "C": ["5D", "6D", "7D"]},
        "talon": ["JS", "QS", "8H"],
        "to_play": "A",
        "moves": ["A: 9C", "B: pick up", "A: 2S", "B: 3S", "B: QC", "C: 5D"],
    },
    "specialkort-phase1": {
        "rules": "specialkort",
        "players": ["A", "B", "C"],
        "phase": 1,
        "hands": {"A": ["5C", "9D", "KH"], "B": ["4S", "6H", "9S"], "C": ["2C", "3C", "4C"]},
        "talon": ["JS", "QS", "AS", "2D", "3D"],
        "to_play": "A",
        "moves": ["A: 5C", "B: 9S", "C: pick up", "A: 9D", "A: KH", "B: pick up", "C: 9S"],
    },
    "specialkort": {
        "rules": "specialkort",
        "players": ["A", "B", "C"],
        "phase": 2,
        "trump": "H",
        "hands": {"A": ["9C", "10D", "3S"], "B": ["QC", "2D", "7S"], "C": ["JC", "9H"]},
        "table": [["C", ["8C"]]],
        "to_play": "A",
        "moves": ["A: 9C", "B: 2D", "C: JC", "A: 10D", "A: 3S", "B: 7S", "C: 9H"],
    },
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_check_judges_cases_under_the_variant_presets(tmp_path: Path, name: str) -> None:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(CASES[name]), encoding="utf-8")
    result = run("check", str(path), "--json")
    data = json.loads(result.stdout)
    verdicts = data["moves"]
    assert set(data["state"]) == {
        "phase",
        "to_play",
        "trump",
        "hands",
        "table",
        "won",
        "talon",
        "trump_card",
        "out",
        "loser",
    }
    if name == "uppslagen-trumf":
        assert result.returncode == 1 and verdicts[-1]["rule"] == "p1.trump.no-discard"
        assert [v["legal"] for v in verdicts] == [True] * 5 + [False]
        assert data["state"]["trump"] == "H" and data["state"]["to_play"] == "C"
    else:
        assert result.returncode == 0, (result.stdout, result.stderr)
        assert all(v["legal"] for v in verdicts) and len(verdicts) == len(CASES[name]["moves"])
    text_sv = run("check", str(path), "--lang", "sv")
    assert text_sv.returncode == result.returncode and "[p" in text_sv.stdout


def test_check_case_rules_and_moves_in_detail() -> None:
    judgement = judge_case(Case.load(CASES["alla-spelar"]))
    assert [v.rule for v in judgement.verdicts] == [
        "p1.all.lead",
        "p1.all.play",
        "p1.all.play",
        "p1.all.tie",
        "p1.all.play",
        "p1.all.throw-on.after-trick",
        "p1.all.throw-on.window",
        "p1.all.lead",
    ]
    state = judgement.game.state
    assert sorted(codes(state.won["B"])) == sorted(["9C", "9D", "KS", "KD", "5S", "2C", "KH"])
    assert state.to_play == "C" and codes(state.table[0][1]) == ["2D"]
    judgement = judge_case(Case.load(CASES["own-rank"]))
    assert judgement.verdicts[1].rule == "p1.all.throw-on.own-rank" and judgement.verdicts[1].player == "A"
    judgement = judge_case(Case.load(CASES["specialkort-phase1"]))
    assert [v.rule for v in judgement.verdicts] == [
        "p1.beat.lead",
        "p1.beat.must-beat",
        "p1.beat.take",
        "p1.beat.must-beat",
        "p1.beat.lead",
        "p1.beat.take",
        "p1.beat.lead",
    ]
    state = judgement.game.state
    assert sorted(codes(state.won["A"])) == ["5C", "9D"] and state.to_play == "A"
    judgement = judge_case(Case.load(CASES["specialkort"]))
    assert [v.rule for v in judgement.verdicts] == [
        "p2.pile.beat",
        "p2.pile.two",
        "p2.pile.two",
        "p2.pile.ten",
        "p2.lead",
        "p2.pile.beat",
        "p2.trump-when-unable",
    ]
    state = judgement.game.state
    assert state.out == ("A", "C") and state.loser == "B" and state.to_play is None


def test_records_replay_out_of_turn_throws() -> None:
    rules = Rules.from_spec({"preset": "alla-spelar", "throw_on": "anytime"})
    game = Game.deal(3, rules=rules, seed=12)
    thrown = 0
    while not game.over and game.move_count < 400:
        others = [p for p in game.players if p != game.to_play and game.legal_moves_for(p)]
        if others and thrown < 5:
            game.play(game.legal_moves_for(others[0])[0], others[0])
            thrown += 1
        else:
            game.play(game.legal_moves()[-1])
    assert thrown
    record = GameRecord.of(game, seed=12)
    again = GameRecord.load(json.loads(record.to_json()))
    assert again.replay().state == game.state and any(": throw " in m for m in again.moves)
    assert list(again.states()) == list(game.states())


# -- words ----------------------------------------------------------------------------------------------------
def test_every_message_and_event_has_both_languages() -> None:
    for key, (sv, en) in reason_templates().items():
        assert sv and en and sv != en, key
    for kind in EventKind:
        assert kind in event_templates(), kind
    event = Event(EventKind.REPLAY, "p1.all.tie", "B", players=("B", "C", "D"))
    assert "B, C och D" in event_text(event, "sv") and "B, C and D" in event_text(event, "en")


def test_every_reason_the_engine_gives_renders_in_both_languages() -> None:
    """Play many games of every variant and render every reason and event, legal or not."""
    for preset in ("alla-spelar", "uppslagen-trumf", "specialkort"):
        for seed in range(8):
            game = Game.deal(3 + seed % 3, rules=preset, seed=seed)
            while not game.over and game.move_count < 600:
                for probe in ("pick up", "chansa", "pass", "throw 2C", "2C 3C"):
                    try:
                        game.judge(probe)
                    except IllegalMove as error:
                        assert error.message("sv") and error.message("en")
                step = game.play(game.legal_moves()[0])
                assert isinstance(step.reason, Reason)
                assert step.explanation("sv") and step.explanation("en")
                for event in step.events:
                    assert event.text("sv") and event.text("en") and "{" not in event.text("en")


def test_rules_command_lists_the_new_presets_and_rules() -> None:
    result = run("rules", "--lang", "sv")
    assert result.returncode == 0
    for name in ("alla-spelar", "uppslagen-trumf", "specialkort"):
        assert f"{name}: " in result.stdout
    for rule_id in ("p1.all.throw-on.window", "p1.trump.lead-again", "p1.beat.trick", "p2.pile.ten"):
        assert rule_id in result.stdout


def test_project_readings_and_contradictions_carry_notes() -> None:
    for rule in CATALOGUE.values():
        if "project" in rule.sources and rule.id.startswith(("p1.all.", "p1.trump.", "p1.beat.", "p2.pile.")):
            assert rule.note_sv and rule.note_en, rule.id
        if "Motsägelse" in rule.note_sv:
            assert "Contradiction" in rule.note_en and "'" in rule.note_sv, rule.id
