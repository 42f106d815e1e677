"""What a seat sees of a rival's choice under way (game/forbidden_stars/engine/view.py):
that there is one, not its options nor how many there are — the options may be the
distinct cards of the rival's hand, so their number would tell how many different
cards it holds."""

from __future__ import annotations

from game.forbidden_stars.ai.base import make_player
from game.forbidden_stars.engine.rules import acting_seat, apply, legal_actions
from game.forbidden_stars.engine.setup import new_game
from game.forbidden_stars.engine.state import HIDDEN, OVER, GameConfig
from game.forbidden_stars.engine.view import player_view
from tests.test_fs_support import RULES


def test_a_rivals_pending_choice_shows_neither_its_options_nor_their_number():
    seen = 0
    for seed in range(12):
        state = new_game(RULES, GameConfig(3, seed))
        bots = [make_player("random", seed * 10 + i) for i in range(3)]
        while state.step != OVER and len(state.log) < 1500:
            for holder in (state.combat, state.play):
                pending = None if holder is None else holder.pending
                if pending is None or len(pending.options) < 2:
                    continue
                for seat in range(3):
                    mine = player_view(state, seat)
                    shown = (mine.combat if holder is state.combat else mine.play).pending
                    if seat == pending.chooser:
                        assert shown.options == pending.options
                    else:
                        assert shown.options == [HIDDEN]
                        seen += 1
            seat = acting_seat(state)
            apply(state, bots[seat].choose(player_view(state, seat), legal_actions(state)))
    assert seen, "no rival choice with two or more options in these games"
