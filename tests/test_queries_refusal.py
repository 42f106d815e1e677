"""queries' refusals (why a target may not be attacked) agree with explain.why_not.

``attack_targets`` words a refused attack without enumerating the legal actions again
(the model builds it from the list it already has); this checks its answer is the
engine's explanation for every refused player and base in seeded games of every format.
"""

import pytest

from game.star_realms.engine import Action, legal_actions
from game.star_realms.engine.explain import why_not
from game.star_realms.engine.queries import attack_targets
from game.star_realms.engine.rules import acting_seat
from tests.test_model import MODES, positions


@pytest.mark.parametrize("fmt, players, options", MODES, ids=[m[0] for m in MODES])
def test_refusals_agree_with_why_not(fmt, players, options):
    checked = 0
    for st in positions(fmt, players, options, seed=11, turns=10):
        if st.is_over:
            continue
        seat = acting_seat(st)
        legal = legal_actions(st)
        combat = st.seats[seat].combat
        for t in attack_targets(st, seat, legal):
            if t.actions or t.kind == "strike":
                continue
            probe = (Action("attack_player", seat, target=t.seat, amount=max(combat, 1))
                     if t.kind == "player" else Action("attack_base", seat, card=t.card))
            assert t.reason == (why_not(st, probe) or ("illegal", {})), (fmt, t)
            checked += 1
    assert checked
