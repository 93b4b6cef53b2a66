"""One test per catalogue rule id, named after it (`p2.pick-up.top-card` -> `test_p2_pick_up_top_card`).

`test_every_rule_has_a_test` fails when a catalogue rule has no test here.
"""

from __future__ import annotations

import pytest

from skitgubbe import CATALOGUE, Game, IllegalMove, PositionError, Rules
from skitgubbe.events import EventKind
from skitgubbe.rules import SOURCES

from helpers import codes, phase1, phase2


def _test_name(rule_id: str) -> str:
    return "test_" + rule_id.replace(".", "_").replace("-", "_")


def test_every_rule_has_a_test() -> None:
    missing = [rid for rid in CATALOGUE if _test_name(rid) not in globals()]
    assert not missing, f"catalogue rules without a test: {missing}"


def test_catalogue_entries_are_complete() -> None:
    for rule in CATALOGUE.values():
        assert rule.sv and rule.en and rule.sv != rule.en, rule.id
        assert rule.sources and set(rule.sources) <= set(SOURCES), rule.id


def illegal(game: Game, move: str) -> IllegalMove:
    before = game.state
    with pytest.raises(IllegalMove) as caught:
        game.play(move)
    assert game.state == before
    return caught.value


def kinds(step) -> list[EventKind]:  # type: ignore[no-untyped-def]
    return [e.kind for e in step.events]


# -- the game as a whole ------------------------------------------------------------------------------
def test_game_players() -> None:
    for count in range(2, 7):
        assert len(Game.deal(count, seed=1).players) == count
    for count in (1, 7):
        with pytest.raises(PositionError, match="game.players"):
            Game.deal(count, seed=1)


def test_game_deal() -> None:
    game = Game.deal(3, seed=5)
    state = game.state
    assert all(len(state.hands[p]) == 3 for p in "ABC")
    assert len(state.talon) == 52 - 9
    assert sorted(state.all_cards()) == sorted(Game.deal(3, seed=6).state.all_cards())
    assert state.to_play == "A"                       # forehand, the dealer's left, leads
    assert game.state == Game.deal(3, seed=5).state   # the same seed deals the same cards


def test_game_turn() -> None:
    game = phase2({"A": "9C 2S", "B": "QC 3S", "C": "KC 4S"})
    assert illegal(game, "B: QC").rule == "game.turn"


def test_game_own_cards() -> None:
    game = phase2({"A": "9C 2S", "B": "QC 3S", "C": "KC 4S"})
    assert illegal(game, "A: AC").rule == "game.own-cards"


def test_game_over() -> None:
    game = phase2({"A": "9C", "B": "QC 3S", "C": "KC 4S"})
    game.play("A: 9C")
    game.play("B: QC")
    step = game.play("C: KC")
    assert not game.over
    game = phase2({"A": "9C", "B": "QC"})
    game.play("A: 9C")
    assert game.over and game.loser == "B"
    assert illegal(game, "B: QC").rule == "game.over"
    assert game.legal_moves() == []
    del step


# -- phase 1 -----------------------------------------------------------------------------------------
def test_p1_lead() -> None:
    game = phase1({"A": "2C 3D 4H", "B": "5S 6S 7S", "C": "8S 9S 10S"}, "JS QS KS AS")
    step = game.play("A: 3D")
    assert step.rule == "p1.lead"
    assert game.to_play == "B"


def test_p1_answer() -> None:
    game = phase1({"A": "2C 3D 4H", "B": "5S 6S 7S", "C": "8S 9S 10S"}, "JS QS KS AS")
    game.play("A: 3D")
    step = game.play("B: 5S")                          # a spade answers a diamond: suits do not matter
    assert step.rule == "p1.answer"
    game = phase1({"A": "2C 3D 4H", "B": "5S 6S 7S", "C": "8S 9S 10S"}, "JS QS KS AS")
    game.play("A: 4H")
    assert game.is_legal("B: 5S") and game.is_legal("B: 6S")


def test_p1_one_card() -> None:
    game = phase1({"A": "2C 3D 4H", "B": "5S 6S 7S", "C": "8S 9S 10S"}, "JS QS KS AS")
    assert illegal(game, "A: 2C 3D").rule == "p1.one-card"


def test_p1_no_pick_up() -> None:
    game = phase1({"A": "2C 3D 4H", "B": "5S 6S 7S", "C": "8S 9S 10S"}, "JS QS KS AS")
    game.play("A: 4H")
    assert illegal(game, "B: pick up").rule == "p1.no-pick-up"


def test_p1_higher_wins() -> None:
    game = phase1({"A": "2C 3D 4H", "B": "5S 6S 7S", "C": "8S 9S 10S"}, "JS QS KS AS")
    game.play("A: 4H")
    step = game.play("B: 5S")
    won = [e for e in step.events if e.kind is EventKind.TRICK_WON]
    assert won and won[0].player == "B" and won[0].rule == "p1.higher-wins"
    assert sorted(codes(game.state.won["B"])) == ["4H", "5S"]
    assert game.to_play == "B"                          # the winner leads, against C
    game.play("B: 6S")
    assert game.to_play == "C"


def test_p1_stunsa() -> None:
    game = phase1({"A": "8C 3D 4H", "B": "8S 6S 7S", "C": "8S 9S 10S".replace("8S", "2S")}, "JS QS KS AS JH QH")
    game.play("A: 8C")
    step = game.play("B: 8S")
    assert kinds(step) == [EventKind.DREW, EventKind.TIE] and step.events[-1].rule == "p1.stunsa"
    assert game.to_play == "A"                          # the same player plays first again
    assert game.play("A: 3D").rule == "p1.stunsa"
    assert game.to_play == "B"
    step = game.play("B: 6S")
    assert step.events[-1].kind is EventKind.TRICK_WON and step.events[-1].player == "B"
    assert len(step.events[-1].cards) == 4              # a trick always has an even number of cards


def test_p1_draw() -> None:
    game = phase1({"A": "2C 3D 4H", "B": "5S 6S 7S", "C": "8S 9S 10S"}, "JS QS KS AS")
    step = game.play("A: 2C")
    assert step.events[0].kind is EventKind.DREW and step.events[0].rule == "p1.draw"
    assert sorted(codes(game.hand("A"))) == sorted(["3D", "4H", "JS"])


def test_p1_chansa() -> None:
    game = phase1({"A": "2C 3D 4H", "B": "5S 6S 7S", "C": "8S 9S 10S"}, "JS QS KS AS")
    step = game.play("A: chansa")
    assert step.rule == "p1.chansa"
    assert step.events[0].kind is EventKind.CHANSA_CARD and codes(step.events[0].cards) == ["JS"]
    assert codes(game.state.table[0][1]) == ["JS"]
    assert sorted(codes(game.hand("A"))) == ["2C", "3D", "4H"]   # no draw after a chansa
    assert len(game.state.talon) == 3
    game.play("B: chansa")                              # answering by chansa is allowed too
    assert codes(game.state.won["A"]) == []


def test_p1_chansa_not_last() -> None:
    game = phase1({"A": "2C 3D 4H", "B": "5S 6S 7S", "C": "8S 9S 10S"}, "JS")
    assert illegal(game, "A: chansa").rule == "p1.chansa.not-last"
    assert all(str(m) != "chansa" for m in game.legal_moves())


def test_p1_chansa_no_chansa() -> None:
    rules = Rules().with_options(chansa=False)
    game = phase1({"A": "2C 3D 4H", "B": "5S 6S 7S", "C": "8S 9S 10S"}, "JS QS KS", rules=rules)
    assert illegal(game, "A: chansa").rule == "p1.chansa.no-chansa"


def test_p1_last_card() -> None:
    game = phase1({"A": "2C 3D 4H", "B": "5S 6S 7S", "C": "8S 9S 10S"}, "JS QS")
    game.play("A: 2C")                                   # draws JS
    step = game.play("B: 5S")                            # due to draw QS, the last card: set aside
    aside = [e for e in step.events if e.kind is EventKind.SET_ASIDE]
    assert aside and aside[0].rule == "p1.last-card" and aside[0].player == "B"
    state = game.state
    assert state.trump_card == ("B", game.state.trump_card[1]) and str(state.trump_card[1]) == "QS"
    assert len(game.hand("B")) == 2 and state.talon == ()


def _end_position(rules: str) -> Game:
    # Talon used up; A has one card, B two, C none; C holds the set-aside card.
    return phase1({"A": "9C", "B": "2D 3D", "C": ""}, rules=rules, trump_card=("C", "5H"),
                  won={"A": "KC KD", "C": "AS AH"})


def test_p1_end_due_player_empty() -> None:
    game = _end_position("pagat")
    game.play("A: 9C")
    assert game.phase == 1 and game.to_play == "B"
    step = game.play("B: 2D")                            # A wins, A has no card: phase 1 ends at once
    over = [e for e in step.events if e.kind is EventKind.PHASE1_OVER]
    assert over and over[0].rule == "p1.end.due-player-empty"
    assert game.phase == 2


def test_p1_end_skip_empty() -> None:
    game = phase1({"A": "9C", "B": "2D 3D", "C": "4S"}, rules="kortspelsregler", trump_card=("C", "5H"))
    game.play("A: 9C")
    game.play("B: 2D")                                   # A wins but has no card: skipped, B leads
    assert game.phase == 1 and game.to_play == "B"
    game.play("B: 3D")
    step = game.play("C: 4S")                            # C wins; fewer than two players hold cards now
    over = [e for e in step.events if e.kind is EventKind.PHASE1_OVER]
    assert over and over[0].rule == "p1.end.skip-empty"
    game = phase1({"A": "9C", "B": "2D 3D", "C": "4S"}, rules="pagat", trump_card=("C", "5H"))
    game.play("A: 9C")
    game.play("B: 2D")
    assert game.phase == 2                               # under Pagat the same position ends phase 1


def test_p1_open_trick() -> None:
    game = phase1({"A": "9C 4D", "B": "9S", "C": "2H"}, rules="pagat", trump_card=("C", "5H"))
    game.play("A: 9C")
    step = game.play("B: 9S")                            # a tie, A plays again ...
    game.play("A: 4D")                                   # ... but B has no card: the trick goes back
    state = game.state
    assert state.phase == 2
    assert sorted(codes(state.hands["A"])) == ["4D", "9C"] and codes(state.hands["B"]) == ["9S"]
    del step


def test_p1_transition() -> None:
    game = _end_position("pagat")
    game.play("A: 9C")
    step = game.play("B: 2D")
    reveal = [e for e in step.events if e.kind is EventKind.TRUMP_REVEALED][0]
    assert reveal.rule == "p1.transition" and reveal.player == "C"
    state = game.state
    assert state.trump is not None and state.trump.value == "H"
    assert sorted(codes(state.hands["A"])) == ["2D", "9C", "KC", "KD"]
    assert sorted(codes(state.hands["C"])) == ["5H", "AH", "AS"]
    assert state.to_play == "C" and state.won == {"A": (), "B": (), "C": ()} and state.trump_card is None


# -- phase 2 -----------------------------------------------------------------------------------------
def test_p2_lead() -> None:
    game = phase2({"A": "9C 2S", "B": "QC 3S", "C": "KC 4S"})
    assert game.play("A: 2S").rule == "p2.lead"


def test_p2_one_card() -> None:
    game = phase2({"A": "9C 10C 2S", "B": "QC 3S", "C": "KC 4S"})
    assert illegal(game, "A: 9C 10C").rule == "p2.one-card"


def test_p2_sequence() -> None:
    game = phase2({"A": "9C 10C JC 2S", "B": "QC KC 3S", "C": "AC 4S"}, rules="kortspelsregler")
    assert game.play("A: 10C 9C").rule == "p2.sequence"             # any order, one suit, unbroken
    assert codes(game.state.table[0][1]) == ["9C", "10C"]
    assert illegal(game, "B: QC 3S").rule == "p2.sequence"          # two suits
    game = phase2({"A": "9C JC 2S", "B": "QC KC 3S", "C": "AC 4S"}, rules="kortspelsregler")
    assert illegal(game, "A: 9C JC").rule == "p2.sequence"          # a gap


def test_p2_beat_suit() -> None:
    game = phase2({"A": "9C 2S", "B": "QC 8C 3S", "C": "KC 4S"})
    game.play("A: 9C")
    assert illegal(game, "B: 8C").rule == "p2.beat.suit"
    assert game.play("B: QC").rule == "p2.beat.suit"


def test_p2_beat_trump() -> None:
    game = phase2({"A": "9C 2S", "B": "2H 3S", "C": "KC 4S"}, trump="H")
    game.play("A: 9C")
    assert game.play("B: 2H").rule == "p2.beat.trump"


def test_p2_beat_higher_trump() -> None:
    game = phase2({"A": "9H 2S", "B": "8H AC 3S", "C": "KC 4S"}, trump="H")
    game.play("A: 9H")
    assert illegal(game, "B: 8H").rule == "p2.beat.higher-trump"
    assert illegal(game, "B: AC").rule == "p2.beat.higher-trump"
    game = phase2({"A": "9H 2S", "B": "10H 3S", "C": "KC 4S"}, trump="H")
    game.play("A: 9H")
    assert game.play("B: 10H").rule == "p2.beat.higher-trump"


def test_p2_beat_or_pick_up() -> None:
    game = phase2({"A": "9C 2S", "B": "AD 3S", "C": "KC 4S"}, trump="H")
    game.play("A: 9C")
    assert illegal(game, "B: AD").rule == "p2.beat-or-pick-up"      # another suit never beats


def test_p2_free_trump() -> None:
    game = phase2({"A": "9C 2S", "B": "2H QC 3S", "C": "KC 4S"}, trump="H")
    game.play("A: 9C")
    assert game.play("B: 2H").rule == "p2.free-trump"               # Pagat: trumping while holding clubs


def test_p2_follow_suit() -> None:
    game = phase2({"A": "9C 2S", "B": "2H QC 3S", "C": "KC 4S"}, trump="H", rules="strikt")
    game.play("A: 9C")
    assert illegal(game, "B: 2H").rule == "p2.follow-suit"
    game = phase2({"A": "9C 2S", "B": "2H 3S", "C": "KC 4S"}, trump="H", rules="strikt")
    game.play("A: 9C")
    assert game.play("B: 2H").rule == "p2.follow-suit"              # void in clubs: may trump


def test_p2_pick_up_optional() -> None:
    game = phase2({"A": "9C 2S", "B": "QC 3S", "C": "KC 4S"})
    game.play("A: 9C")
    assert game.play("B: pick up").rule == "p2.pick-up.optional"


def test_p2_must_beat() -> None:
    game = phase2({"A": "9C 2S", "B": "QC 3S", "C": "KC 4S"}, rules="strikt")
    game.play("A: 9C")
    assert illegal(game, "B: pick up").rule == "p2.must-beat"
    game = phase2({"A": "9C 2S", "B": "2C 3S", "C": "KC 4S"}, rules="strikt")
    game.play("A: 9C")
    assert game.play("B: pick up").rule == "p2.pick-up.top-card"    # cannot beat: may pick up


def test_p2_pick_up_top_card() -> None:
    game = phase2({"A": "7H QH 2S", "B": "JH KH 3S", "C": "4S 5S"}, trump="C")
    game.play("A: 7H")
    game.play("B: JH")
    step = game.play("C: pick up")
    assert step.rule == "p2.pick-up.top-card" and codes(step.events[0].cards) == ["JH"]
    assert codes(game.state.table[0][1]) == ["7H"] and game.to_play == "A"


def test_p2_pick_up_last_play() -> None:
    game = phase2({"A": "9C 2S", "B": "QC KC AC 3S", "C": "10C JC 4S"}, rules="kortspelsregler")
    game.play("A: 9C")
    game.play("B: QC KC AC")
    step = game.play("C: pick up")
    assert step.rule == "p2.pick-up.last-play"
    assert sorted(codes(step.events[0].cards)) == ["AC", "KC", "QC"]


def test_p2_pick_up_empty_table() -> None:
    game = phase2({"A": "9C 2S", "B": "QC 3S", "C": "KC 4S"})
    assert illegal(game, "A: pick up").rule == "p2.pick-up.empty-table"


def test_p2_table_empty() -> None:
    game = phase2({"A": "5S 2C", "B": "QC 3D", "C": "KC 4D"})
    game.play("A: 5S")
    step = game.play("B: pick up")
    assert step.events[-1].kind is EventKind.TABLE_EMPTY and step.events[-1].rule == "p2.table-empty"
    assert game.to_play == "C" and game.state.table == ()


def test_p2_complete_cards() -> None:
    game = phase2({"A": "7H QH 2S", "B": "JH KH 3S", "C": "4S 5S"}, trump="C")
    for move in ("A: 7H", "B: JH", "C: pick up", "A: QH"):
        game.play(move)
    step = game.play("B: KH")
    turned = [e for e in step.events if e.kind is EventKind.TRICK_TURNED][0]
    assert turned.rule == "p2.complete.cards" and turned.count == 3


def test_p2_complete_plays() -> None:
    game = phase2({"A": "9C 4H 2S", "B": "QC KC AC 7H 8H 3D", "C": "10C JC 5D"}, rules="kortspelsregler")
    for move in ("A: 9C", "B: QC KC AC", "C: pick up", "A: 4H"):
        game.play(move)
    step = game.play("B: 7H 8H")                          # four cards, but three plays: complete
    turned = [e for e in step.events if e.kind is EventKind.TRICK_TURNED][0]
    assert turned.rule == "p2.complete.plays" and turned.count == 3


def test_p2_next_lead() -> None:
    game = phase2({"A": "8C 2D", "B": "QC 3D", "C": "KC"})
    game.play("A: 8C")
    game.play("B: QC")
    step = game.play("C: KC")                             # C completes the trick with the last card: out
    leads = [e for e in step.events if e.kind is EventKind.LEADS][0]
    assert leads.rule == "p2.next-lead" and leads.player == "A" and game.to_play == "A"


def test_p2_out() -> None:
    game = phase2({"A": "8C", "B": "QC 3D 4D", "C": "KC 5D"})
    step = game.play("A: 8C")                             # A's last card: out, the trick still needs three
    assert step.events[0].kind is EventKind.OUT and step.events[0].rule == "p2.out"
    game.play("B: QC")
    assert game.state.table and game.to_play == "C"
    step = game.play("C: KC")
    assert any(e.kind is EventKind.TRICK_TURNED for e in step.events)
    assert game.state.trick_target == 2                   # the next trick needs one card fewer


def test_p2_out_at_start() -> None:
    game = phase1({"A": "9C", "B": "2D", "C": ""}, rules="pagat", trump_card=("B", "5H"))
    game.play("A: 9C")
    step = game.play("B: 2D")                             # A wins; A has no card: phase 1 over
    outs = [e for e in step.events if e.kind is EventKind.OUT]
    assert [e.player for e in outs] == ["C"] and outs[0].rule == "p2.out-at-start"
    assert game.state.out == ("C",) and game.state.trick_target == 2


def test_p2_loser() -> None:
    game = phase2({"A": "9C 2S", "B": "QC", "C": "KC 4S"})
    game.play("A: 9C")
    step = game.play("B: QC")
    assert game.loser is None
    game.play("C: KC")
    game.play("C: 4S")                                    # C leads its last card: out
    step = game.history[-1]
    loser = [e for e in step.events if e.kind is EventKind.LOSER]
    assert loser and loser[0].player == "A" and loser[0].rule == "p2.loser" and game.over


def test_p2_no_chansa() -> None:
    game = phase2({"A": "9C 2S", "B": "QC 3S", "C": "KC 4S"})
    assert illegal(game, "A: chansa").rule == "p2.no-chansa"
