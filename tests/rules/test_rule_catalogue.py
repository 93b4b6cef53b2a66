"""One test per catalogue rule id, named after it (`p2.pick-up.top-card` -> `test_p2_pick_up_top_card`).

`test_every_rule_has_a_test` fails when a catalogue rule has no test here.
"""

from __future__ import annotations

import pytest
from helpers import codes, phase1, phase2

from skitgubbe import CATALOGUE, Card, Game, IllegalMove, PositionError, Rules, RulesError
from skitgubbe.engine.events import EventKind
from skitgubbe.rules import SOURCES


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
        with pytest.raises(PositionError, match=r"game\.players"):
            Game.deal(count, seed=1)


def test_game_deal() -> None:
    game = Game.deal(3, seed=5)
    state = game.state
    assert all(len(state.hands[p]) == 3 for p in "ABC")
    assert len(state.talon) == 52 - 9
    assert sorted(state.all_cards()) == sorted(Game.deal(3, seed=6).state.all_cards())
    assert state.to_play == "A"  # forehand, the dealer's left, leads
    assert game.state == Game.deal(3, seed=5).state  # the same seed deals the same cards


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
    step = game.play("B: 5S")  # a spade answers a diamond: suits do not matter
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
    assert game.to_play == "B"  # the winner leads, against C
    game.play("B: 6S")
    assert game.to_play == "C"


def test_p1_stunsa() -> None:
    game = phase1({"A": "8C 3D 4H", "B": "8S 6S 7S", "C": "8S 9S 10S".replace("8S", "2S")}, "JS QS KS AS JH QH")
    game.play("A: 8C")
    step = game.play("B: 8S")
    assert kinds(step) == [EventKind.DREW, EventKind.TIE] and step.events[-1].rule == "p1.stunsa"
    assert game.to_play == "A"  # the same player plays first again
    assert game.play("A: 3D").rule == "p1.stunsa"
    assert game.to_play == "B"
    step = game.play("B: 6S")
    assert step.events[-1].kind is EventKind.TRICK_WON and step.events[-1].player == "B"
    assert len(step.events[-1].cards) == 4  # a trick always has an even number of cards


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
    assert sorted(codes(game.hand("A"))) == ["2C", "3D", "4H"]  # no draw after a chansa
    assert len(game.state.talon) == 3
    game.play("B: chansa")  # answering by chansa is allowed too
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
    game.play("A: 2C")  # draws JS
    step = game.play("B: 5S")  # due to draw QS, the last card: set aside
    aside = [e for e in step.events if e.kind is EventKind.SET_ASIDE]
    assert aside and aside[0].rule == "p1.last-card" and aside[0].player == "B"
    state = game.state
    assert state.trump_card == ("B", game.state.trump_card[1]) and str(state.trump_card[1]) == "QS"
    assert len(game.hand("B")) == 2 and state.talon == ()


def _end_position(rules: str) -> Game:
    # Talon used up; A has one card, B two, C none; C holds the set-aside card.
    return phase1(
        {"A": "9C", "B": "2D 3D", "C": ""}, rules=rules, trump_card=("C", "5H"), won={"A": "KC KD", "C": "AS AH"}
    )


def test_p1_end_due_player_empty() -> None:
    game = _end_position("pagat")
    game.play("A: 9C")
    assert game.phase == 1 and game.to_play == "B"
    step = game.play("B: 2D")  # A wins, A has no card: phase 1 ends at once
    over = [e for e in step.events if e.kind is EventKind.PHASE1_OVER]
    assert over and over[0].rule == "p1.end.due-player-empty"
    assert game.phase == 2


def test_p1_end_skip_empty() -> None:
    game = phase1({"A": "9C", "B": "2D 3D", "C": "4S"}, rules="kortspelsregler", trump_card=("C", "5H"))
    game.play("A: 9C")
    game.play("B: 2D")  # A wins but has no card: skipped, B leads
    assert game.phase == 1 and game.to_play == "B"
    game.play("B: 3D")
    step = game.play("C: 4S")  # C wins; fewer than two players hold cards now
    over = [e for e in step.events if e.kind is EventKind.PHASE1_OVER]
    assert over and over[0].rule == "p1.end.skip-empty"
    game = phase1({"A": "9C", "B": "2D 3D", "C": "4S"}, rules="pagat", trump_card=("C", "5H"))
    game.play("A: 9C")
    game.play("B: 2D")
    assert game.phase == 2  # under Pagat the same position ends phase 1


def test_p1_open_trick() -> None:
    game = phase1({"A": "9C 4D", "B": "9S", "C": "2H"}, rules="pagat", trump_card=("C", "5H"))
    game.play("A: 9C")
    step = game.play("B: 9S")  # a tie, A plays again ...
    game.play("A: 4D")  # ... but B has no card: the trick goes back
    state = game.state
    assert state.phase == 2
    assert sorted(codes(state.hands["A"])) == ["4D", "9C"] and codes(state.hands["B"]) == ["9S"]
    del step


def test_p1_transition() -> None:
    game = _end_position("pagat")
    game.play("A: 9C")
    step = game.play("B: 2D")
    reveal = next(e for e in step.events if e.kind is EventKind.TRUMP_REVEALED)
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
    assert game.play("A: 10C 9C").rule == "p2.sequence"  # any order, one suit, unbroken
    assert codes(game.state.table[0][1]) == ["9C", "10C"]
    assert illegal(game, "B: QC 3S").rule == "p2.sequence"  # two suits
    game = phase2({"A": "9C JC 2S", "B": "QC KC 3S", "C": "AC 4S"}, rules="kortspelsregler")
    assert illegal(game, "A: 9C JC").rule == "p2.sequence"  # a gap


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
    assert illegal(game, "B: AD").rule == "p2.beat-or-pick-up"  # another suit never beats


def test_p2_free_trump() -> None:
    game = phase2({"A": "9C 2S", "B": "2H QC 3S", "C": "KC 4S"}, trump="H")
    game.play("A: 9C")
    assert game.play("B: 2H").rule == "p2.free-trump"  # Pagat: trumping while holding clubs


def test_p2_follow_suit() -> None:
    game = phase2({"A": "9C 2S", "B": "2H QC 3S", "C": "KC 4S"}, trump="H", rules="strikt")
    game.play("A: 9C")
    assert illegal(game, "B: 2H").rule == "p2.follow-suit"
    game = phase2({"A": "9C 2S", "B": "2H 3S", "C": "KC 4S"}, trump="H", rules="strikt")
    game.play("A: 9C")
    assert game.play("B: 2H").rule == "p2.follow-suit"  # void in clubs: may trump


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
    assert game.play("B: pick up").rule == "p2.pick-up.top-card"  # cannot beat: may pick up


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
    turned = next(e for e in step.events if e.kind is EventKind.TRICK_TURNED)
    assert turned.rule == "p2.complete.cards" and turned.count == 3


def test_p2_complete_plays() -> None:
    game = phase2({"A": "9C 4H 2S", "B": "QC KC AC 7H 8H 3D", "C": "10C JC 5D"}, rules="kortspelsregler")
    for move in ("A: 9C", "B: QC KC AC", "C: pick up", "A: 4H"):
        game.play(move)
    step = game.play("B: 7H 8H")  # four cards, but three plays: complete
    turned = next(e for e in step.events if e.kind is EventKind.TRICK_TURNED)
    assert turned.rule == "p2.complete.plays" and turned.count == 3


def test_p2_next_lead() -> None:
    game = phase2({"A": "8C 2D", "B": "QC 3D", "C": "KC"})
    game.play("A: 8C")
    game.play("B: QC")
    step = game.play("C: KC")  # C completes the trick with the last card: out
    leads = next(e for e in step.events if e.kind is EventKind.LEADS)
    assert leads.rule == "p2.next-lead" and leads.player == "A" and game.to_play == "A"


def test_p2_out() -> None:
    game = phase2({"A": "8C", "B": "QC 3D 4D", "C": "KC 5D"})
    step = game.play("A: 8C")  # A's last card: out, the trick still needs three
    assert step.events[0].kind is EventKind.OUT and step.events[0].rule == "p2.out"
    game.play("B: QC")
    assert game.state.table and game.to_play == "C"
    step = game.play("C: KC")
    assert any(e.kind is EventKind.TRICK_TURNED for e in step.events)
    assert game.state.trick_target == 2  # the next trick needs one card fewer


def test_p2_out_at_start() -> None:
    game = phase1({"A": "9C", "B": "2D", "C": ""}, rules="pagat", trump_card=("B", "5H"))
    game.play("A: 9C")
    step = game.play("B: 2D")  # A wins; A has no card: phase 1 over
    outs = [e for e in step.events if e.kind is EventKind.OUT]
    assert [e.player for e in outs] == ["C"] and outs[0].rule == "p2.out-at-start"
    assert game.state.out == ("C",) and game.state.trick_target == 2


def test_p2_loser() -> None:
    game = phase2({"A": "9C 2S", "B": "QC", "C": "KC 4S"})
    game.play("A: 9C")
    step = game.play("B: QC")
    assert game.loser is None
    game.play("C: KC")
    game.play("C: 4S")  # C leads its last card: out
    step = game.history[-1]
    loser = [e for e in step.events if e.kind is EventKind.LOSER]
    assert loser and loser[0].player == "A" and loser[0].rule == "p2.loser" and game.over


def test_p2_no_chansa() -> None:
    game = phase2({"A": "9C 2S", "B": "QC 3S", "C": "KC 4S"})
    assert illegal(game, "A: chansa").rule == "p2.no-chansa"


# == the variant games (issue 5) ============================================================================
ALL = "alla-spelar"
ALL_OFF = {"preset": "alla-spelar", "throw_on": "off"}
TRUMP = "uppslagen-trumf"
SPECIAL = "specialkort"


def events_of(step, kind: EventKind):  # type: ignore[no-untyped-def]
    return [e for e in step.events if e.kind is kind]


# -- moves the variants add --------------------------------------------------------------------------
def test_game_pass() -> None:
    game = phase1({"A": "9C 4H 2S", "B": "KS 9D 3H", "C": "2C 5D 6D"}, "JS QS KH AS 2D", rules=ALL)
    assert illegal(game, "A: pass").rule == "game.pass"  # nothing to pass on during the trick
    for move in ("A: 9C", "B: KS", "C: 2C"):
        game.play(move)
    assert game.state.throw_window and game.to_play == "B"
    step = game.play("B: pass")  # in the window: pass is a move
    assert step.rule == "p1.all.throw-on.window"
    assert illegal(phase1({"A": "9C", "B": "2D"}, "JS QS"), "A: pass").rule == "game.pass"
    assert illegal(phase2({"A": "9C 2S", "B": "QC 3S"}), "A: pass").rule == "game.pass"


def test_p2_no_throw_on() -> None:
    game = phase2({"A": "9C 2S", "B": "QC 3S", "C": "KC 4S"})
    game.play("A: 9C")
    assert illegal(game, "B: throw QC").rule == "p2.no-throw-on"
    with pytest.raises(IllegalMove) as caught:  # out of turn too: still no throwing on
        game.play("C: throw KC")
    assert caught.value.rule == "p2.no-throw-on"
    pile = phase2({"A": "9C 2S", "B": "QC 3S"}, rules=SPECIAL)
    assert illegal(pile, "A: throw 9C").rule == "p2.no-throw-on"


# -- phase 1, everyone plays --------------------------------------------------------------------------
def _everyone(rules: object = ALL_OFF) -> Game:
    return phase1({"A": "9C 9D 4H", "B": "KS 5S 2D", "C": "KD 2C 3C"}, "JS QS KH AS 7D 8D 6H", rules=rules)


def test_p1_all_lead() -> None:
    game = _everyone()
    step = game.play("A: 9C 9D")  # two cards of one rank
    assert step.rule == "p1.all.lead" and game.to_play == "B"
    assert codes(game.state.table[0][1]) == ["9C", "9D"]


def test_p1_all_play() -> None:
    game = _everyone()
    game.play("A: 9C")
    assert game.play("B: 2D").rule == "p1.all.play"  # lower, another suit: allowed
    assert game.to_play == "C" and game.play("C: 3C").rule == "p1.all.play"


def test_p1_all_one_rank() -> None:
    game = _everyone()
    assert illegal(game, "A: 9C 4H").rule == "p1.all.one-rank"


def test_p1_all_draw() -> None:
    game = _everyone()
    step = game.play("A: 9C 9D")
    drew = events_of(step, EventKind.DREW)
    assert len(drew) == 2 and all(e.rule == "p1.all.draw" for e in drew) and len(game.hand("A")) == 3
    short = phase1({"A": "9C 9D 4H", "B": "KS", "C": "2C"}, "JS QS", rules=ALL_OFF)
    step = short.play("A: 9C 9D")  # one to draw, then the last is set aside
    assert [e.kind for e in step.events] == [EventKind.DREW, EventKind.SET_ASIDE]
    assert step.events[1].rule == "p1.last-card" and len(short.hand("A")) == 2
    assert short.state.trump_card is not None and short.state.trump_card[0] == "A"


def test_p1_all_higher_wins() -> None:
    game = _everyone()
    for move in ("A: 9C", "B: KS"):
        game.play(move)
    step = game.play("C: 2C")
    won = events_of(step, EventKind.TRICK_WON)[0]
    assert won.rule == "p1.all.higher-wins" and won.player == "B"
    assert sorted(codes(game.state.won["B"])) == ["2C", "9C", "KS"] and game.to_play == "B"


def test_p1_all_tie() -> None:
    game = _everyone()
    game.play("A: 9C")
    game.play("B: KS")
    step = game.play("C: KD")
    replay = events_of(step, EventKind.REPLAY)[0]
    assert replay.rule == "p1.all.tie" and replay.players == ("B", "C")
    assert game.to_play == "B" and game.state.contenders == ("B", "C")
    assert game.play("B: 5S").rule == "p1.all.tie"
    assert illegal(game, "A: 4H").rule == "game.turn"  # A is out of the replay
    step = game.play("C: 2C")
    won = events_of(step, EventKind.TRICK_WON)[0]
    assert won.player == "B" and len(won.cards) == 5


def test_p1_all_motlagg_beats() -> None:
    rules = {"preset": "alla-spelar", "throw_on": "off", "motlagg_beats_singles": True}
    game = phase1({"A": "5C 4H 2S", "B": "5S 6S 2D", "C": "KD 2C 3C"}, "JS QS KH AS 7D 8D 6H", rules=rules)
    game.play("A: 5C")
    game.play("B: 5S")
    step = game.play("C: KD")  # a pair of fives beats the king
    replay = events_of(step, EventKind.REPLAY)[0]
    assert replay.rule == "p1.all.motlagg-beats" and replay.players == ("A", "B")
    plain = phase1({"A": "5C 4H 2S", "B": "5S 6S 2D", "C": "KD 2C 3C"}, "JS QS KH AS 7D 8D 6H", rules=ALL_OFF)
    for move in ("A: 5C", "B: 5S"):
        plain.play(move)
    assert events_of(plain.play("C: KD"), EventKind.TRICK_WON)[0].player == "C"  # without the rule: the king


def test_p1_all_must_motlagg() -> None:
    rules = {"preset": "alla-spelar", "throw_on": "off", "must_motlagg": True}
    game = phase1({"A": "9C 4H 2S", "B": "KS 9H 2C", "C": "3C 4C 5C"}, "JS QS KH AS 7D 8D", rules=rules)
    game.play("A: 9C")
    assert illegal(game, "B: KS").rule == "p1.all.must-motlagg"  # B holds a nine, the highest so far
    assert illegal(game, "B: chansa").rule == "p1.all.must-motlagg"
    assert [str(m) for m in game.legal_moves()] == ["9H"]
    assert game.play("B: 9H").rule == "p1.all.must-motlagg"
    both = {**rules, "motlagg_beats_singles": True}
    game = phase1(
        {"A": "5C 4H 2S", "B": "KS 6S 3D", "C": "5D KH 2S".replace("2S", "7S"), "D": "9C 9D 8H"},
        "JS QS JH AS 7D 8D",
        rules=both,
    )
    game.play("A: 5C")
    game.play("B: KS")
    assert illegal(game, "C: 5D").rule == "p1.all.must-motlagg"  # C can match five or king: the higher
    game.play("C: KH")
    assert game.play("D: 8H").rule == "p1.all.play"  # D can match neither: free


def test_p1_all_throw_on_off() -> None:
    game = _everyone()
    game.play("A: 9C")
    with pytest.raises(IllegalMove) as caught:
        game.play("A: throw 9D")  # out of turn
    assert caught.value.rule == "p1.all.throw-on.off"
    assert illegal(game, "B: throw 5S").rule == "p1.all.throw-on.off"
    assert game.legal_moves_for("A") == []
    two_card = phase1({"A": "9C 9D", "B": "2D 3D"}, "JS QS KS")
    assert illegal(two_card, "A: throw 9C").rule == "p1.all.throw-on.off"


def test_p1_all_throw_on_after_trick() -> None:
    game = phase1({"A": "9C 9D 4H", "B": "KS 5S 2D", "C": "KD 2C 3C"}, "JS QS KH AS 7D 8D 6H", rules=ALL)
    game.play("A: 9C")
    with pytest.raises(IllegalMove) as caught:
        game.play("A: throw 9D")  # not before the trick is decided
    assert caught.value.rule == "p1.all.throw-on.after-trick"
    game.play("B: KS")
    game.play("C: 2C")  # B wins; the window opens at B
    assert game.to_play == "B"
    game.play("B: pass")
    assert game.to_play == "C"
    assert illegal(game, "C: throw 3C").rule == "p1.all.throw-on.after-trick"  # no three in the trick
    step = game.play("C: throw KD")  # a king is in the trick
    assert step.rule == "p1.all.throw-on.after-trick"
    assert events_of(step, EventKind.THROWN)[0].rule == "p1.all.throw-on.after-trick"
    assert len(events_of(step, EventKind.DREW)) == 1 and len(game.hand("C")) == 3
    assert game.to_play == "A"  # once each: the window moves on
    step = game.play("A: throw 9D")
    won = events_of(step, EventKind.TRICK_WON)[0]
    assert won.player == "B" and sorted(codes(won.cards)) == ["2C", "9C", "9D", "KD", "KS"]


def test_p1_all_throw_on_own_rank() -> None:
    rules = {"preset": "alla-spelar", "throw_on": "own-rank"}
    game = phase1({"A": "9C 9D 4H", "B": "KS 5S 2D", "C": "KD 2C 3C"}, "JS QS KH AS 7D 8D 6H", rules=rules)
    game.play("A: 9C")
    assert [str(m) for m in game.legal_moves_for("A")] == ["throw 9D"]
    before = game.state
    with pytest.raises(IllegalMove) as caught:
        game.play("C: throw KD")  # C has not played yet
    assert caught.value.rule == "p1.all.throw-on.own-rank" and game.state == before
    with pytest.raises(IllegalMove) as caught:
        game.play("A: throw 4H")  # not A's rank
    assert caught.value.rule == "p1.all.throw-on.own-rank"
    step = game.play("A: throw 9D")  # out of turn: B is to play
    assert step.rule == "p1.all.throw-on.own-rank" and game.to_play == "B"
    game.play("B: KS")
    game.play("C: KD")  # B and C tie on kings
    assert "KH" in codes(game.hand("B"))  # drawn after playing the king
    with pytest.raises(IllegalMove) as caught:  # due to replay: not the old rank
        game.play("B: throw KH")
    assert caught.value.rule == "p1.all.throw-on.own-rank"
    assert game.legal_moves_for("A") == []  # A holds no nine any more


def test_p1_all_throw_on_anytime() -> None:
    rules = {"preset": "alla-spelar", "throw_on": "anytime"}
    game = phase1({"A": "9C 4H 2S", "B": "KS 5S 2D", "C": "KD 9H 3C"}, "JS QS KH AS 7D 8D 6H", rules=rules)
    with pytest.raises(IllegalMove) as caught:
        game.play("C: throw 9H")  # nothing led yet
    assert caught.value.rule == "p1.all.throw-on.anytime"
    game.play("A: 9C")
    step = game.play("C: throw 9H")  # anyone, out of turn
    assert step.rule == "p1.all.throw-on.anytime" and game.to_play == "B"
    assert [str(m) for m in game.legal_moves_for("B")] == [str(m) for m in game.legal_moves()]
    with pytest.raises(IllegalMove) as caught:
        game.play("C: throw 3C")
    assert caught.value.rule == "p1.all.throw-on.anytime"


def test_p1_all_throw_on_window() -> None:
    game = phase1({"A": "9C 9D 4H", "B": "KS 5S 2D", "C": "KD 2C 3C"}, "JS QS KH AS 7D 8D 6H", rules=ALL)
    game.play("A: 4H")
    game.play("B: KS")
    step = game.play("C: 2C")
    window = events_of(step, EventKind.THROW_WINDOW)[0]
    assert window.rule == "p1.all.throw-on.window" and window.player == "B"
    state = game.state
    assert state.throw_window and state.contenders == ("B",) and state.table
    assert game.to_play == "B"  # starting with the winner
    assert illegal(game, "B: 5S").rule == "p1.all.throw-on.window"  # no plays in the window
    with pytest.raises(IllegalMove) as caught:
        game.play("C: throw KD")  # in turn only
    assert caught.value.rule == "p1.all.throw-on.window"
    game.play("B: pass")
    assert game.to_play == "C"  # A holds nothing of 4, K, 2: skipped
    step = game.play("C: pass")
    assert events_of(step, EventKind.TRICK_WON) and game.to_play == "B" and not game.state.throw_window


def test_p1_all_end() -> None:
    game = phase1({"A": "9C", "B": "KS 5S", "C": "2C"}, rules=ALL_OFF, trump_card=("A", "7H"))
    for move in ("A: 9C", "B: KS", "C: 2C"):
        game.play(move)
    step = game.play("B: 5S")  # C is due and has no card
    over = events_of(step, EventKind.PHASE1_OVER)[0]
    assert over.rule == "p1.all.end" and game.phase == 2
    returned = events_of(step, EventKind.TRICK_RETURNED)[0]
    assert returned.rule == "p1.open-trick" and returned.player == "B" and codes(returned.cards) == ["5S"]
    assert game.to_play == "A"  # the trump card's holder leads


def test_p1_all_end_finish_trick() -> None:
    hands = {"A": "9C 4H 2S", "B": "KS 5S 2D", "C": "KD 2C 3C"}
    game = phase1(hands, "JS QS", rules={**ALL_OFF, "phase1_end": "finish-trick"})
    game.play("A: 9C")
    game.play("B: KS")  # B sets the last card aside
    assert game.phase == 1
    step = game.play("C: 2C")
    over = events_of(step, EventKind.PHASE1_OVER)[0]
    assert over.rule == "p1.all.end.finish-trick" and game.phase == 2
    normal = phase1(hands, "JS QS", rules=ALL_OFF)
    for move in ("A: 9C", "B: KS", "C: 2C"):
        normal.play(move)
    assert normal.phase == 1 and normal.to_play == "B"


# -- phase 1 with a turned-up trump --------------------------------------------------------------------
def _trump_game() -> Game:
    # Hearts are trumps: the talon's last card is the turned-up 8H.
    return phase1({"A": "9C 4H 2S", "B": "QC KD 3S", "C": "5D 6D 7D"}, "JS QS 8H", rules=TRUMP)


def test_p1_trump_turn_up() -> None:
    from skitgubbe import DECK

    game = Game.deal(3, rules=TRUMP, deck=list(DECK))  # 2C..10C dealt; JC turned up
    state = game.state
    assert codes(state.talon)[-1] == "JC" and codes(state.talon)[0] == "QC"
    assert state.trump is not None and state.trump.value == "C"
    assert _trump_game().state.trump.value == "H"  # type: ignore[union-attr]


def test_p1_trump_follow() -> None:
    game = _trump_game()
    game.play("A: 9C")
    assert illegal(game, "B: KD").rule == "p1.trump.follow"  # B holds clubs
    step = game.play("B: QC")
    assert step.rule == "p1.trump.follow"
    game = _trump_game()
    game.play("A: 9C")
    assert game.is_legal("B: QC") and not game.is_legal("B: 3S")


def test_p1_trump_trump_void() -> None:
    game = phase1({"A": "9C 4S 2S", "B": "2H KD 3S", "C": "5D 6D 7D"}, "JS QS 8H", rules=TRUMP)
    game.play("A: 9C")
    step = game.play("B: 2H")  # void in clubs: a trump
    assert step.rule == "p1.trump.trump-void"
    assert events_of(step, EventKind.TRICK_WON)[0].player == "B"


def test_p1_trump_no_discard() -> None:
    game = phase1({"A": "9C 4S 2S", "B": "2H KD 3S", "C": "5D 6D 7D"}, "JS QS 8H", rules=TRUMP)
    game.play("A: 9C")
    assert illegal(game, "B: KD").rule == "p1.trump.no-discard"
    game = _trump_game()
    game.play("A: 2S")
    game.play("B: 3S")
    game.play("B: QC")
    assert illegal(game, "C: 5D").rule == "p1.trump.no-discard"  # neither clubs nor hearts
    assert [str(m) for m in game.legal_moves()] == ["pick up"]


def test_p1_trump_wins() -> None:
    game = _trump_game()
    game.play("A: 9C")
    step = game.play("B: QC")
    won = events_of(step, EventKind.TRICK_WON)[0]
    assert won.rule == "p1.trump.wins" and won.player == "B" and game.to_play == "B"
    game = _trump_game()
    game.play("A: 2S")
    step = game.play("B: 3S")
    assert events_of(step, EventKind.TRICK_WON)[0].player == "B"
    game = phase1({"A": "9C 4S 2S", "B": "2C KD 3S", "C": "5D 6D 7D"}, "JS QS 8H", rules=TRUMP)
    game.play("A: 9C")
    step = game.play("B: 2C")  # lower in suit: the leader wins
    assert events_of(step, EventKind.TRICK_WON)[0].player == "A" and game.to_play == "A"


def test_p1_trump_pick_up() -> None:
    game = _trump_game()
    assert illegal(game, "A: pick up").rule == "p1.trump.pick-up"  # nothing led yet
    game.play("A: 9C")
    step = game.play("B: pick up")  # B could play QC but will not
    assert step.rule == "p1.trump.pick-up"
    taken = events_of(step, EventKind.TAKEN)[0]
    assert taken.rule == "p1.trump.pick-up" and codes(taken.cards) == ["9C"]
    assert sorted(codes(game.hand("B"))) == ["3S", "9C", "KD", "QC"]  # hands may grow past three


def test_p1_trump_lead_again() -> None:
    game = _trump_game()
    game.play("A: 9C")
    step = game.play("B: pick up")
    leads = events_of(step, EventKind.LEADS)[0]
    assert leads.rule == "p1.trump.lead-again" and leads.player == "A"
    assert game.to_play == "A" and game.state.table == ()
    game.play("A: 4H")
    assert game.to_play == "B"  # against the same player


def test_p1_trump_draw() -> None:
    game = _trump_game()
    step = game.play("A: 9C")  # three cards, two left: draw one
    assert events_of(step, EventKind.DREW)[0].rule == "p1.trump.draw" and len(game.hand("A")) == 3
    game.play("B: pick up")  # B now holds four
    game.play("A: 4H")
    step = game.play("B: pick up")  # five
    game.play("A: 2S")
    step = game.play("B: 3S")  # four left after playing: no draw
    assert not events_of(step, EventKind.DREW) and len(game.hand("B")) == 4


def test_p1_trump_last_card() -> None:
    game = phase1({"A": "9C 4H 2S", "B": "QC KD 3S", "C": "5D 6D 7D"}, "8H", rules=TRUMP)
    step = game.play("A: 9C")
    aside = events_of(step, EventKind.SET_ASIDE)[0]
    assert aside.rule == "p1.trump.last-card" and aside.player == "A"
    state = game.state
    assert state.trump_card is not None and state.trump_card[0] == "A" and str(state.trump_card[1]) == "8H"
    assert len(game.hand("A")) == 2 and "face up" in aside.text("en")


def test_p1_trump_end() -> None:
    game = phase1({"A": "9C", "B": "KD 3S", "C": "5D"}, rules=TRUMP, trump_card=("C", "8H"))
    game.play("A: 9C")
    step = game.play("B: pick up")  # A must lead again but has no card
    over = events_of(step, EventKind.PHASE1_OVER)[0]
    assert over.rule == "p1.trump.end" and game.phase == 2
    game = phase1({"A": "9C 2C", "B": "", "C": "5D"}, rules=TRUMP, trump_card=("C", "8H"))
    game.play("A: 9C")
    assert [str(m) for m in game.legal_moves()] == ["pick up"]  # no card to answer: take the lead


def test_p1_trump_no_chansa() -> None:
    game = _trump_game()
    assert illegal(game, "A: chansa").rule == "p1.trump.no-chansa"
    with pytest.raises(RulesError, match=r"p1\.trump\.no-chansa"):
        Rules.from_spec({"preset": TRUMP, "chansa": True})


def test_p1_trump_phase2_lead() -> None:
    game = phase1({"A": "9C", "B": "KD 3S", "C": "5D"}, rules=TRUMP, trump_card=("C", "8H"), won={"A": "2D"})
    game.play("A: 9C")
    step = game.play("B: pick up")
    reveal = events_of(step, EventKind.TRUMP_REVEALED)[0]
    assert reveal.rule == "p1.trump.phase2-lead" and reveal.player == "C"
    assert game.to_play == "C" and game.trump is not None and game.trump.value == "H"
    assert sorted(codes(game.hand("C"))) == ["5D", "8H"]


# -- phase 1 of the special-card game ----------------------------------------------------------------------
def _beat_game(talon: str = "JS QS AS 2D 3D 4D 5D") -> Game:
    return phase1({"A": "5C 9D KH", "B": "4S 6H 9S", "C": "2C 3C 4C"}, talon, rules=SPECIAL)


def test_p1_beat_lead() -> None:
    game = _beat_game()
    assert game.play("A: 5C").rule == "p1.beat.lead"
    game.play("B: 9S")
    step = game.play("C: pick up")  # C cannot beat and takes the nine
    game.play("A: 9D")  # third card played: A wins, A leads
    assert game.to_play == "A" and game.play("A: KH").rule == "p1.beat.lead"
    game = phase1({"A": "KC", "B": "2D 3D", "C": "4D"}, rules=SPECIAL, trump_card=("A", "8H"))
    game.play("A: KC")
    step = game.play("B: pick up")  # the table empties: C leads
    empty = events_of(step, EventKind.TABLE_EMPTY)[0]
    assert empty.rule == "p1.beat.lead" and game.to_play == "C" and game.play("C: 4D").rule == "p1.beat.lead"


def test_p1_beat_must_beat() -> None:
    game = _beat_game()
    game.play("A: 5C")
    assert illegal(game, "B: 4S").rule == "p1.beat.must-beat"
    assert illegal(game, "B: pick up").rule == "p1.beat.must-beat"  # able, so must
    assert game.play("B: 6H").rule == "p1.beat.must-beat"
    game = _beat_game()
    game.play("A: 9D")
    assert game.play("B: 9S").rule == "p1.beat.must-beat"  # the same rank beats


def test_p1_beat_take() -> None:
    game = _beat_game()
    game.play("A: 5C")
    game.play("B: 9S")
    step = game.play("C: pick up")
    taken = events_of(step, EventKind.TAKEN)[0]
    assert taken.rule == "p1.beat.take" and codes(taken.cards) == ["9S"]
    assert codes(game.state.table[0][1]) == ["5C"] and game.to_play == "A"


def test_p1_beat_trick() -> None:
    game = _beat_game()
    game.play("A: 5C")
    game.play("B: 9S")
    game.play("C: pick up")
    assert game.state.trick_plays == 2
    step = game.play("A: 9D")  # three cards played (one taken back)
    won = events_of(step, EventKind.TRICK_WON)[0]
    assert won.rule == "p1.beat.trick" and won.player == "A" and sorted(codes(won.cards)) == ["5C", "9D"]
    assert game.state.trick_plays == 0


def test_p1_beat_draw() -> None:
    game = _beat_game()
    step = game.play("A: 5C")
    assert events_of(step, EventKind.DREW)[0].rule == "p1.beat.draw" and len(game.hand("A")) == 3
    game.play("B: 9S")
    step = game.play("C: pick up")
    assert not events_of(step, EventKind.DREW) and len(game.hand("C")) == 4  # holding more than three


def test_p1_beat_last_card() -> None:
    game = _beat_game("JS")
    step = game.play("A: 5C")
    aside = events_of(step, EventKind.SET_ASIDE)[0]
    assert aside.rule == "p1.beat.last-card" and game.state.trump_card == ("A", Card.parse("JS"))


def test_p1_beat_end() -> None:
    game = phase1({"A": "KC", "B": "AD", "C": "4D"}, rules=SPECIAL, trump_card=("C", "8H"))
    game.play("A: KC")
    game.play("B: AD")
    assert [str(m) for m in game.legal_moves()] == ["pick up"]
    game.play("C: pick up")  # C cannot beat the ace
    step = game.play("A: pick up")  # A has no card: cannot beat either
    over = events_of(step, EventKind.PHASE1_OVER)
    assert over and over[0].rule == "p1.beat.end"  # B must lead and has nothing
    assert game.phase == 2


def test_p1_beat_no_chansa() -> None:
    assert illegal(_beat_game(), "A: chansa").rule == "p1.beat.no-chansa"
    with pytest.raises(RulesError, match=r"p1\.beat\.no-chansa"):
        Rules.from_spec({"preset": SPECIAL, "chansa": True})


# -- phase 2 on one pile -------------------------------------------------------------------------------
def test_p2_pile_beat() -> None:
    game = phase2({"A": "9C 3S", "B": "QC 9H 8C 7D", "C": "JC 4S"}, trump="S", rules=SPECIAL)
    game.play("A: 9C")
    assert illegal(game, "B: 8C").rule == "p2.pile.beat"  # lower in the suit
    assert illegal(game, "B: 7D").rule == "p2.pile.beat"  # another suit
    assert game.play("B: 9H").rule == "p2.pile.beat"  # the same rank, any suit
    assert game.is_legal("C: JC") is False and game.play("C: 4S").rule == "p2.trump-when-unable"


def test_p2_trump_when_unable() -> None:
    game = phase2({"A": "9C 3S", "B": "QC 5S 7D", "C": "JC 4S"}, trump="S", rules=SPECIAL)
    game.play("A: 9C")
    assert illegal(game, "B: 5S").rule == "p2.trump-when-unable"  # B can go higher in clubs
    game = phase2({"A": "9C 3S", "B": "5S 7D", "C": "JC 4S"}, trump="S", rules=SPECIAL)
    game.play("A: 9C")
    assert game.play("B: 5S").rule == "p2.trump-when-unable"
    rules = {"preset": "pagat", "trump_when_unable": True}  # the option in the trick game too
    game = phase2({"A": "9C 2D", "B": "QC 2H 3D", "C": "KC 4D"}, trump="H", rules=rules)
    game.play("A: 9C")
    assert illegal(game, "B: 2H").rule == "p2.trump-when-unable"
    assert [str(m) for m in game.legal_moves()] == ["QC", "pick up"]


def test_p2_pile_must_play() -> None:
    game = phase2({"A": "AH 3S", "B": "2D 4C", "C": "JC 4S"}, trump="H", rules=SPECIAL)
    game.play("A: AH")
    assert illegal(game, "B: pick up").rule == "p2.pile.must-play"  # a two can always be laid
    game = phase2({"A": "AH 3S", "B": "4D 4C", "C": "JC 4S"}, trump="H", rules=SPECIAL)
    game.play("A: AH")
    assert game.play("B: pick up").rule == "p2.pile.pick-up"


def test_p2_pile_two() -> None:
    game = phase2({"A": "AH 3S", "B": "2D 4C", "C": "3C 4S"}, trump="H", rules=SPECIAL)
    game.play("A: AH")
    step = game.play("B: 2D")  # on a trump ace
    assert step.rule == "p2.pile.two"
    reset = events_of(step, EventKind.RESET)[0]
    assert reset.rule == "p2.pile.two" and reset.player == "B"
    assert game.play("C: 3C").rule == "p2.pile.two"  # after a reset anything goes


def test_p2_pile_ten() -> None:
    game = phase2({"A": "AH 3S", "B": "10C 4C", "C": "3C 4S"}, trump="H", rules=SPECIAL)
    game.play("A: AH")
    step = game.play("B: 10C")
    assert step.rule == "p2.pile.ten"
    burned = events_of(step, EventKind.BURNED)[0]
    assert burned.rule == "p2.pile.ten" and sorted(codes(burned.cards)) == ["10C", "AH"]
    leads = events_of(step, EventKind.LEADS)[0]
    assert leads.rule == "p2.pile.ten" and game.to_play == "B" and game.state.table == ()
    assert sorted(codes(game.state.discarded)) == ["10C", "AH"]
    game = phase2({"A": "10D", "B": "4C 5C", "C": "3C 4S"}, trump="H", rules=SPECIAL)
    step = game.play("A: 10D")  # led, and A's last card
    assert step.rule == "p2.pile.ten" and events_of(step, EventKind.BURNED)
    assert game.state.out == ("A",) and game.to_play == "B"


def test_p2_pile_four() -> None:
    game = phase2({"A": "9C 3S", "B": "9D 4C", "C": "9H 4S", "D": "9S 5D 6D"}, trump="H", rules=SPECIAL)
    for move in ("A: 9C", "B: 9D", "C: 9H"):
        game.play(move)
    step = game.play("D: 9S")
    burned = events_of(step, EventKind.BURNED)[0]
    assert burned.rule == "p2.pile.four" and len(burned.cards) == 4
    assert game.to_play == "D" and events_of(step, EventKind.LEADS)[0].rule == "p2.pile.four"


def test_p2_pile_pick_up() -> None:
    game = phase2({"A": "9C 8C 3S", "B": "QC 4D", "C": "5D 6D"}, trump="H", rules=SPECIAL)
    game.play("A: 9C")
    game.play("B: QC")
    step = game.play("C: pick up")
    assert step.rule == "p2.pile.pick-up"
    assert sorted(codes(events_of(step, EventKind.PICKED_UP)[0].cards)) == ["9C", "QC"]
    assert game.state.table == () and game.to_play == "A"
    assert events_of(step, EventKind.TABLE_EMPTY)[0].player == "A"


def test_p2_pile_out() -> None:
    game = phase2({"A": "9C", "B": "QC 4D", "C": "KC 6D"}, trump="H", rules=SPECIAL)
    step = game.play("A: 9C")
    out = events_of(step, EventKind.OUT)[0]
    assert out.rule == "p2.pile.out" and game.state.table and game.to_play == "B"  # the pile stays
    game.play("B: QC")
    game.play("C: KC")
    game.play("B: pick up")  # the whole pile; C leads
    assert game.to_play == "C"
    step = game.play("C: 6D")  # C's last card: out, B is the loser
    assert [e.kind for e in step.events] == [EventKind.OUT, EventKind.LOSER]
    assert game.over and game.loser == "B" and game.state.out == ("A", "C")
