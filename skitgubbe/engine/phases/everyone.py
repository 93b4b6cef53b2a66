"""Phase 1 with everyone playing to each trick (*alla spelar*, Wikipedia): plays of one rank, ties replayed among
the players sharing the highest rank, the optional motlägg rules, and throwing on (*slänga på*).

Throwing on: in every throw-on option the decided trick stays on the table for a throw-on window before it is
turned (rule `p1.all.throw-on.window`): each player able to throw on, from the winner clockwise, gets a turn to
`throw` or `pass`; players with nothing to throw are skipped. In the variants (`own-rank`, `anytime`) throws may
also be made out of turn while the trick is on the table (`Game.play(move, player)` / `Game.legal_moves_for`).
"""

from __future__ import annotations

from itertools import combinations

from skitgubbe.engine.cards import Card, Rank
from skitgubbe.engine.events import LEGAL, Event, EventKind, Reason, reason
from skitgubbe.engine.illegal import IllegalMove
from skitgubbe.engine.moves import CHANSA, PASS, Chansa, Move, Pass, PickUp, Play, Throw, play_of
from skitgubbe.engine.phases.phase1_common import Phase1Base, can_act, check_chansa, draw, end_phase
from skitgubbe.engine.state import Working
from skitgubbe.rules.options import Phase1End, Rules, ThrowOn

_THROW_RULE = {
    ThrowOn.OFF: "p1.all.throw-on.off",
    ThrowOn.AFTER_TRICK: "p1.all.throw-on.after-trick",
    ThrowOn.OWN_RANK: "p1.all.throw-on.own-rank",
    ThrowOn.ANYTIME: "p1.all.throw-on.anytime",
}


class Trick:
    """The trick in progress: the current round's players and plays, the ranks in the trick, each player's own
    rank (for throwing on), and once decided the winner and the throw-on window still to come."""

    __slots__ = ("contenders", "own", "pos", "ranks", "round", "round_no", "win_rule", "window", "winner")

    def __init__(self, n: int, leader: int) -> None:
        self.contenders = [(leader + k) % n for k in range(n)]
        self.pos = 0  # index in contenders of the player due to play
        self.round: list[tuple[int, tuple[Card, ...]]] = []
        self.round_no = 1
        self.ranks: set[Rank] = set()
        self.own: list[Rank | None] = [None] * n
        self.winner: int | None = None
        self.window: list[int] = []  # the window's seats still to come; [0] acts now
        self.win_rule = "p1.all.higher-wins"

    @property
    def in_window(self) -> bool:
        return self.winner is not None

    def copy(self) -> Trick:
        other = Trick(len(self.own), 0)
        other.contenders = list(self.contenders)
        other.pos = self.pos
        other.round = list(self.round)
        other.round_no = self.round_no
        other.ranks = set(self.ranks)
        other.own = list(self.own)
        other.winner = self.winner
        other.window = list(self.window)
        other.win_rule = self.win_rule
        return other


def _trick(w: Working) -> Trick:
    trick = w.trick
    assert isinstance(trick, Trick)
    return trick


def _start_trick(w: Working, rules: Rules, leader: int, events: list[Event] | None) -> None:
    """The winner (or forehand) leads a new trick, unless they have no card: then phase 1 is over."""
    if not can_act(w, rules, leader):
        _end(w, rules, events, leader)
        return
    w.trick = Trick(w.n, leader)
    w.leader = w.to_play = leader


def _end(w: Working, rules: Rules, events: list[Event] | None, due: int | None = None) -> None:
    last = rules.phase1_end is Phase1End.FINISH_TRICK and not w.talon
    end_phase(w, rules, "p1.all.end.finish-trick" if last else "p1.all.end", events, due=due)


# -- what may be played --------------------------------------------------------------------------------
def _subsets(cards: list[Card]) -> list[tuple[Card, ...]]:
    out: list[tuple[Card, ...]] = []
    for k in range(1, len(cards) + 1):
        out.extend(combinations(cards, k))
    return out


def _forced_rank(t: Trick, rules: Rules, hand: list[Card]) -> Rank | None:
    """The rank a player must play under the must-motlägg rule, if any."""
    if not rules.must_motlagg or not t.round:
        return None
    held = {c.rank for c in hand}
    if not rules.motlagg_beats_singles:
        top = max(cards[0].rank for _, cards in t.round)
        return top if top in held else None
    counts = _rank_counts(t)
    floor = max((r for r, k in counts.items() if k >= 2), default=None)
    options = [r for r in counts if r in held and (floor is None or r >= floor)]
    return max(options) if options else None


def _rank_counts(t: Trick) -> dict[Rank, int]:
    counts: dict[Rank, int] = {}
    for _, cards in t.round:
        rank = cards[0].rank
        counts[rank] = counts.get(rank, 0) + 1
    return counts


def _plays(hand: list[Card], forced: Rank | None) -> list[Move]:
    groups: dict[Rank, list[Card]] = {}
    for card in hand:
        groups.setdefault(card.rank, []).append(card)
    moves: list[Move] = []
    for rank, cards in groups.items():
        if forced is not None and rank is not forced:
            continue
        if len(cards) == 1:
            moves.append(play_of(cards[0]))
        else:
            moves.extend(play_of(sub[0]) if len(sub) == 1 else Play(sub) for sub in _subsets(cards))
    return moves


def _candidates(w: Working, rules: Rules, seat: int, t: Trick) -> list[Card]:
    """Hand cards of ranks the player may throw on under the option, whatever the timing."""
    mode = rules.throw_on
    if mode is ThrowOn.OFF:
        return []
    if mode is ThrowOn.OWN_RANK:
        own = t.own[seat]
        return [] if own is None else [c for c in w.hands[seat] if c.rank is own]
    ranks = t.ranks
    return [c for c in w.hands[seat] if c.rank in ranks]


def _throwable(w: Working, rules: Rules, seat: int, t: Trick) -> list[Card]:
    """The cards the player may throw on right now."""
    mode = rules.throw_on
    if mode is ThrowOn.AFTER_TRICK and not (t.winner is not None and seat == w.to_play):
        return []
    return _candidates(w, rules, seat, t)


def _throws(cards: list[Card]) -> list[Move]:
    return [Throw(sub) for sub in _subsets(cards)]


class Everyone(Phase1Base):
    """Everyone plays to each phase-1 trick: plays of one rank, ties replayed, motlägg and throwing on."""

    def begin(self, w: Working, leader: int, dealt: bool) -> None:
        _start_trick(w, self.rules, leader, [])

    def legal_moves(self, w: Working, seat: int) -> list[Move]:
        rules = self.rules
        t = _trick(w)
        if seat != w.to_play:  # out of turn: the throws of the own-rank and anytime variants
            if rules.throw_on is not ThrowOn.OWN_RANK and rules.throw_on is not ThrowOn.ANYTIME:
                return []
            return _throws(_throwable(w, rules, seat, t))
        if t.winner is not None:
            return _throws(_throwable(w, rules, seat, t)) + [PASS]
        hand = w.hands[seat]
        forced = _forced_rank(t, rules, hand)
        moves = _plays(hand, forced)
        if rules.chansa and len(w.talon) > 1 and forced is None:
            moves.append(CHANSA)
        if rules.throw_on is ThrowOn.ANYTIME or rules.throw_on is ThrowOn.OWN_RANK:
            moves.extend(_throws(_throwable(w, rules, seat, t)))
        return moves

    def judge(self, w: Working, seat: int, move: Move, explain: bool = True) -> Reason:
        """The rule that allows the move; raises `IllegalMove` naming the rule that forbids it (`LEGAL` for a legal
        move when `explain` is False)."""
        rules = self.rules
        t = _trick(w)
        name = w.names[seat]
        if isinstance(move, Throw):
            key = _check_throw(w, rules, seat, move, t)
            return (
                Reason(_THROW_RULE[rules.throw_on], key, (("player", name), ("cards", move.cards)))
                if explain
                else LEGAL
            )
        if isinstance(move, Pass):
            if t.winner is None:
                raise IllegalMove(move, name, reason("game.pass", "pass-not-allowed", player=name))
            return Reason("p1.all.throw-on.window", "window-pass", (("player", name),)) if explain else LEGAL
        if t.winner is not None:
            winner = w.names[t.winner]
            raise IllegalMove(
                move, name, reason("p1.all.throw-on.window", "window-throw-or-pass", player=name, winner=winner)
            )
        if isinstance(move, PickUp):
            raise IllegalMove(move, name, reason("p1.no-pick-up", "p1-no-pick-up", player=name))
        if isinstance(move, Chansa):
            check_chansa(w, rules, move, name)
            forced = _forced_rank(t, rules, w.hands[seat])
            if forced is not None:
                raise _must_motlagg(move, name, forced)
            return Reason("p1.chansa", "p1-chansa", (("player", name),)) if explain else LEGAL
        assert isinstance(move, Play)
        rule_id, key = _check_play(w, rules, seat, move, t)
        return Reason(rule_id, key, (("player", name), ("cards", move.cards))) if explain else LEGAL

    def apply(self, w: Working, seat: int, move: Move, events: list[Event] | None) -> None:
        _apply(w, self.rules, seat, move, events)


def _must_motlagg(move: Move, name: str, forced: Rank) -> IllegalMove:
    return IllegalMove(
        move,
        name,
        reason(
            "p1.all.must-motlagg",
            "p1-all-must-motlagg",
            player=name,
            rank=forced.name_in("en"),
            rank_sv=forced.name_in("sv"),
        ),
    )


def _check_play(w: Working, rules: Rules, seat: int, move: Play, t: Trick) -> tuple[str, str]:
    """A play: cards in hand, all of one rank, the forced motlägg rank if there is one (else `IllegalMove`); the
    rule and the message key of the reason that allows it."""
    name = w.names[seat]
    hand = w.hands[seat]
    forced = _forced_rank(t, rules, hand)
    cards = move.cards
    missing = tuple(c for c in cards if c not in hand)
    if missing:
        raise IllegalMove(move, name, reason("game.own-cards", "not-in-hand", player=name, cards=missing))
    rank = cards[0].rank
    if any(c.rank is not rank for c in cards):
        raise IllegalMove(move, name, reason("p1.all.one-rank", "p1-all-one-rank", player=name, cards=cards))
    if forced is not None and rank is not forced:
        raise _must_motlagg(move, name, forced)
    if not t.round:
        return ("p1.all.lead", "p1-all-lead") if t.round_no == 1 else ("p1.all.tie", "p1-all-replay")
    if forced is not None:
        return ("p1.all.must-motlagg", "p1-all-motlagg-forced")
    matched = any(play[0].rank is rank for _, play in t.round)
    return ("p1.all.play", "p1-all-motlagg" if matched else "p1-all-play")


def _check_throw(w: Working, rules: Rules, seat: int, move: Throw, t: Trick) -> str:
    """Throwing on (slänga på): as the rules' throw-on mode allows, cards in hand of a rank the trick has (else
    `IllegalMove`); the message key of the reason that allows it."""
    name = w.names[seat]
    mode = rules.throw_on
    rule_id = _THROW_RULE[mode]
    if mode is ThrowOn.OFF:
        raise IllegalMove(move, name, reason(rule_id, "throw-off", player=name))
    cards = move.cards
    hand = w.hands[seat]
    missing = tuple(c for c in cards if c not in hand)
    if missing:
        raise IllegalMove(move, name, reason("game.own-cards", "not-in-hand", player=name, cards=missing))
    if mode is ThrowOn.OWN_RANK:
        _check_own_rank_throw(move, name, t.own[seat], rule_id)
        return "throw-own-rank"
    if mode is ThrowOn.AFTER_TRICK:
        if t.winner is None:
            raise IllegalMove(move, name, reason(rule_id, "throw-not-decided", player=name))
        if seat != w.to_play:
            raise IllegalMove(
                move,
                name,
                reason("p1.all.throw-on.window", "throw-window-turn", player=name, to_play=w.names[w.to_play or 0]),
            )
    elif not t.ranks:
        raise IllegalMove(move, name, reason(rule_id, "throw-before-lead", player=name))
    wrong = tuple(c for c in cards if c.rank not in t.ranks)
    if wrong:
        raise IllegalMove(move, name, reason(rule_id, "throw-rank-not-in-trick", player=name, cards=wrong))
    return "throw-on"


def _check_own_rank_throw(move: Throw, name: str, own: Rank | None, rule_id: str) -> None:
    """Throwing on by the own-rank rule: only cards of the rank the player played to this trick."""
    if own is None:
        raise IllegalMove(move, name, reason(rule_id, "throw-own-not-played", player=name))
    wrong = tuple(c for c in move.cards if c.rank is not own)
    if wrong:
        raise IllegalMove(
            move,
            name,
            reason(
                rule_id,
                "throw-not-own-rank",
                player=name,
                cards=wrong,
                rank=own.name_in("en"),
                rank_sv=own.name_in("sv"),
            ),
        )


# -- applying ----------------------------------------------------------------------------------------------
def _apply(w: Working, rules: Rules, seat: int, move: Move, events: list[Event] | None) -> None:
    """Carry out a move already judged legal."""
    t = _trick(w)
    if isinstance(move, Throw):
        _apply_throw(w, rules, seat, move, t, events)
        return
    if isinstance(move, Pass):
        t.window.pop(0)
        _advance_window(w, rules, t, events)
        return
    name = w.names[seat]
    if isinstance(move, Chansa):
        cards: tuple[Card, ...] = (w.talon.pop(),)
        if events is not None:
            events.append(Event(EventKind.CHANSA_CARD, "p1.chansa", name, cards))
    else:
        assert isinstance(move, Play)
        cards = move.cards
        hand = w.hands[seat]
        for card in cards:
            hand.remove(card)
        for _ in cards:
            draw(w, seat, events, "p1.all.draw")
    w.table.append((seat, cards))
    rank = cards[0].rank
    t.round.append((seat, cards))
    t.ranks.add(rank)
    t.own[seat] = rank
    t.pos += 1
    if t.pos < len(t.contenders):
        _due(w, rules, t.contenders[t.pos], events)
        return
    _decide(w, rules, t, events)


def _due(w: Working, rules: Rules, seat: int, events: list[Event] | None) -> None:
    """`seat` is due to play to the trick; without a card phase 1 ends and the trick goes back."""
    w.to_play = seat
    if not can_act(w, rules, seat):
        _end(w, rules, events)


def _round_leaders(t: Trick, rules: Rules) -> tuple[list[int], str]:
    """The players sharing the lead after a complete round, and the rule that put them there."""
    plays = t.round
    if rules.motlagg_beats_singles:
        counts = _rank_counts(t)
        multi = [r for r, k in counts.items() if k >= 2]
        if multi:
            top = max(multi)
            holders = [s for s, cards in plays if cards[0].rank is top]
            return holders, "p1.all.motlagg-beats" if max(counts) > top else "p1.all.tie"
    top = max(cards[0].rank for _, cards in plays)
    holders = [s for s, cards in plays if cards[0].rank is top]
    return holders, "p1.all.tie" if len(holders) > 1 else "p1.all.higher-wins"


def _decide(w: Working, rules: Rules, t: Trick, events: list[Event] | None) -> None:
    holders, rule_id = _round_leaders(t, rules)
    names = w.names
    if len(holders) > 1:
        tied = tuple(c for s, cards in t.round if s in holders for c in cards)
        if events is not None:
            events.append(
                Event(EventKind.REPLAY, rule_id, names[holders[0]], tied, players=tuple(names[s] for s in holders))
            )
        t.contenders = holders
        t.pos = 0
        t.round = []
        t.round_no += 1
        for s in holders:
            t.own[s] = None
        _due(w, rules, holders[0], events)
        return
    winner = holders[0]
    t.winner = winner
    t.contenders = [winner]
    t.win_rule = rule_id
    if rules.throw_on is ThrowOn.OFF:
        _turn(w, rules, t, events)
        return
    t.window = [(winner + k) % w.n for k in range(w.n)]
    _advance_window(w, rules, t, events, opening=True)


def _advance_window(w: Working, rules: Rules, t: Trick, events: list[Event] | None, opening: bool = False) -> None:
    """Give the window's turn to the next player able to throw on, or turn the trick when none is left."""
    window = t.window
    while window and not _candidates(w, rules, window[0], t):
        window.pop(0)
    if not window:
        _turn(w, rules, t, events)
        return
    if opening:
        assert t.winner is not None
        if events is not None:
            events.append(
                Event(
                    EventKind.THROW_WINDOW, "p1.all.throw-on.window", w.names[t.winner], players=(w.names[window[0]],)
                )
            )
    w.to_play = window[0]


def _apply_throw(w: Working, rules: Rules, seat: int, move: Throw, t: Trick, events: list[Event] | None) -> None:
    cards = move.cards
    hand = w.hands[seat]
    for card in cards:
        hand.remove(card)
    w.table.append((seat, cards))
    if events is not None:
        events.append(Event(EventKind.THROWN, _THROW_RULE[rules.throw_on], w.names[seat], cards))
    for _ in cards:
        draw(w, seat, events, "p1.all.draw")
    if t.winner is not None:
        if seat == w.to_play and (rules.throw_on is ThrowOn.AFTER_TRICK or not _candidates(w, rules, seat, t)):
            t.window.pop(0)
            _advance_window(w, rules, t, events)
        return
    if seat == w.to_play and not can_act(w, rules, seat):
        _end(w, rules, events)


def _turn(w: Working, rules: Rules, t: Trick, events: list[Event] | None) -> None:
    """The winner takes the trick (plays and throws); the winner leads next, or phase 1 ends."""
    winner = t.winner
    assert winner is not None
    taken = tuple(c for _, cards in w.table for c in cards)
    w.won[winner].extend(taken)
    w.table.clear()
    if events is not None:
        events.append(Event(EventKind.TRICK_WON, t.win_rule, w.names[winner], taken))
    if rules.phase1_end is Phase1End.FINISH_TRICK and not w.talon:
        end_phase(w, rules, "p1.all.end.finish-trick", events)
        return
    _start_trick(w, rules, winner, events)
