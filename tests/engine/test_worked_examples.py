"""The five worked examples of docs/disputed-points.md, replayed exactly."""

from __future__ import annotations

from helpers import KLOVER_9, codes, phase1, phase2

from skitgubbe import Game
from skitgubbe.engine.events import EventKind
from skitgubbe.records.record import Case, judge_case


def test_klover_9_under_kortspelsregler() -> None:
    judgement = judge_case(Case.load(KLOVER_9))
    assert [v.legal for v in judgement.verdicts] == [True] * 5
    assert [v.rule for v in judgement.verdicts] == [
        "p2.lead",
        "p2.sequence",
        "p2.pick-up.last-play",
        "p2.follow-suit",
        "p2.sequence",
    ]
    state = judgement.game.state
    assert state.table == ()  # three plays: the trick is turned away
    assert state.to_play == "B"  # B played last and leads
    assert sorted(codes(state.hands["C"])) == sorted(["10C", "JC", "QC", "KC", "AC", "5D"])
    assert "AC" not in codes(state.hands["B"]) and not any(c.suit.value == "C" for c in state.hands["B"])
    last = judgement.verdicts[-1].step
    assert last is not None
    turned = next(e for e in last.events if e.kind is EventKind.TRICK_TURNED)
    assert sorted(codes(turned.cards)) == sorted(["9C", "4H", "7H", "8H"]) and turned.count == 3


def test_klover_9_c_may_not_trump() -> None:
    case = dict(
        KLOVER_9, hands={**KLOVER_9["hands"], "C": ["10C", "JC", "5H"]}, moves=["A: 9C", "B: QC KC AC", "C: 5H"]
    )
    judgement = judge_case(Case.load(case))
    assert judgement.verdicts[-1].legal is False and judgement.verdicts[-1].rule == "p2.follow-suit"


def test_klover_9_c_can_later_play_five_clubs() -> None:
    after = judge_case(Case.load(KLOVER_9)).game.state
    game = Game.from_position(
        players=after.players, rules="kortspelsregler", phase=2, trump="H", hands=after.hands, to_play="C"
    )
    step = game.play("C: 10C JC QC KC AC")
    assert step.rule == "p2.sequence" and codes(game.hand("C")) == ["5D"]


def test_klover_9_under_pagat_and_strikt() -> None:
    for preset in ("pagat", "strikt"):
        judgement = judge_case(Case.load(KLOVER_9, rules=preset))
        assert [v.legal for v in judgement.verdicts] == [True, False], preset
        assert judgement.verdicts[1].rule == "p2.one-card"


def test_pick_up_the_latest_card() -> None:
    game = phase2({"A": "7H QH 2S", "B": "JH KH 3S", "C": "4S 5S"}, trump="C")
    for move in ("A: 7H", "B: JH", "C: pick up", "A: QH"):
        game.play(move)
    assert codes(game.hand("C")) == ["4S", "5S", "JH"]
    step = game.play("B: KH")
    assert [e.kind for e in step.events] == [EventKind.TRICK_TURNED, EventKind.LEADS]
    assert game.to_play == "B" and game.state.table == ()


def test_the_table_empties() -> None:
    game = phase2({"A": "5S 2C", "B": "QC 3D", "C": "KC 4D"})
    game.play("A: 5S")
    game.play("B: pick up")
    assert game.state.table == () and game.to_play == "C"
    assert game.play("C: 4D").rule == "p2.lead"


def test_a_player_goes_out() -> None:
    game = phase2({"A": "8C", "B": "QC 3D", "C": "KC 4D 9S"})
    game.play("A: 8C")
    assert game.state.out == ("A",)
    game.play("B: QC")
    step = game.play("C: KC")
    assert any(e.kind is EventKind.TRICK_TURNED for e in step.events)
    assert game.to_play == "C" and game.state.trick_target == 2
    game.play("C: 4D")
    step = game.play("B: pick up")  # two players left: the table empties
    assert [e.kind for e in step.events] == [EventKind.PICKED_UP, EventKind.TABLE_EMPTY]
    assert game.to_play == "C"


def test_two_eights() -> None:
    game = phase1({"A": "8C 2D 3D", "B": "8H 4S 5S", "C": "6C 7C 9C"}, "JS QS KS AS")
    game.play("A: 8C")
    step = game.play("B: 8H")
    assert step.events[-1].kind is EventKind.TIE
    game.play("A: 2D")
    step = game.play("B: 4S")
    won = step.events[-1]
    assert won.kind is EventKind.TRICK_WON and won.player == "B"
    assert sorted(codes(won.cards)) == sorted(["8C", "8H", "2D", "4S"])
    assert game.to_play == "B"


def test_deal_is_replayable_from_seed() -> None:
    a = Game.deal(4, seed=11)
    b = Game.deal(4, seed=11)
    assert a.state == b.state
