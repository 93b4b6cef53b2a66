"""New deal and play again: the live game's next deal is the next deal number, with other cards.

`PlayController.new_deal` answers `{"op": "new"}` (the table's "New deal", and "Play again" at the end of a game):
the deal number after the one under way, unless the reader chose a number since (then that one); the new number is
in the answer's `options`, so the table's deal-number field shows it.
"""

from __future__ import annotations

import random

import pytest

from skitgubbe import Game
from skitgubbe.views.controllers import PlayController, replay_model
from skitgubbe.views.examples import EXAMPLES


def hands(controller: PlayController) -> dict[str, list[str]]:
    return {name: sorted(str(c) for c in controller.game.hand(name)) for name in controller.game.players}


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_new_deal_deals_the_next_deal_number_with_other_cards(lang: str) -> None:
    controller = PlayController(lang, {"rules": "pagat", "players": 3, "seed": 4})
    first = controller.state()
    assert first["options"]["seed"] == 4 and controller.dealt_seed == 4
    before = hands(controller)
    changes = controller.handle({"op": "new"})
    assert changes["options"]["seed"] == 5 and controller.dealt_seed == 5
    assert changes["view"]["moves"] == 0 and changes["needs_new_deal"] is False
    after = hands(controller)
    assert after != before
    # the cards are those of deal 5 (the record's seed replays it)
    assert after == {n: sorted(str(c) for c in Game.deal(3, seed=5).hand(n)) for n in controller.game.players}
    assert controller.record() is not None and controller.record()["seed"] == 5
    # and again: 6
    assert controller.handle({"op": "new"})["options"]["seed"] == 6


def test_a_deal_number_the_reader_chose_is_dealt_as_chosen() -> None:
    controller = PlayController("en", {"seed": 10})
    controller.state()
    changed = controller.handle({"op": "option", "key": "seed", "value": 42})
    assert changed["needs_new_deal"] is True
    assert controller.handle({"op": "new"})["options"]["seed"] == 42 and controller.dealt_seed == 42
    assert controller.handle({"op": "new"})["options"]["seed"] == 43
    # another option changed (not the number): the next number, under the new option
    controller.handle({"op": "option", "key": "players", "value": 4})
    changes = controller.handle({"op": "new"})
    assert changes["options"]["seed"] == 44 and len(controller.game.players) == 4


def test_play_again_after_a_finished_game_deals_the_next_number_and_clears_the_replay() -> None:
    controller = PlayController("en", {"rules": "pagat", "players": 2, "seed": 3, "opponents": "random"})
    controller.state()
    rng = random.Random(3)
    model: dict[str, object] = {}
    for _ in range(2000):
        model.update(controller.run_computer())
        if controller.game.over:
            break
        model.update(controller.handle({"op": "play", "move": str(rng.choice(controller.game.legal_moves()))}))
        if controller.game.over:
            break
    assert controller.game.over and model["final_replay"]
    changes = controller.handle({"op": "new"})
    assert changes["final_replay"] is None and changes["options"]["seed"] == 4
    assert not controller.game.over and controller.game.move_count == 0


def test_after_a_take_over_a_new_deal_deals_the_chosen_number() -> None:
    take = replay_model(EXAMPLES["klover-9"].load(), "en")["take_over"]
    controller = PlayController("en", {"seed": 7, "take_over": {"case": take["case"], "upto": 1}})
    controller.state()
    assert controller.dealt_seed is None
    changes = controller.handle({"op": "new"})
    # no deal was under way (a position from the book): the number in the field is dealt, then the next one
    assert changes["options"]["seed"] == 7 and controller.dealt_seed == 7
    assert controller.handle({"op": "new"})["options"]["seed"] == 8
