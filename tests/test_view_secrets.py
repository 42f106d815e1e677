"""A player view tells nothing of what its seat cannot see (issue 19, "No peeking").

Not directly — other hands, deck orders, the trade deck, face-down boss piles read
HIDDEN — and not indirectly: no seed, no action log, no generator to replay the real game
from.  The strong check: two games that differ only in what the seat cannot see (every
deck below its known top dealt again, other hands swapped with their decks, the trade
deck and face-down boss piles reshuffled, another seed, generator and log) give views
that are equal field by field, over random games of several formats and adventures.
"""

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.star_realms.engine.rng import Rng
from game.star_realms.engine.rules import acting_seat
from game.star_realms.engine.state import HIDDEN, Action, Decision, Seat, State
from game.star_realms.engine.view import player_view
from tests.scene import KINDS, played


def dump(view: State) -> dict:
    """Every field of a state, as plain comparable values (nothing left out)."""
    out = {}
    for name in State.__slots__:
        value = getattr(view, name)
        if name == "seats":
            value = [{k: getattr(s, k) for k in Seat.__slots__} for s in value]
        elif name == "cards":
            value = [(c.id, c.upgrade) for c in value]
        elif name in ("used", "latched"):
            value = sorted(value)
        elif name == "rng":
            value = value.state
        elif name == "boss":
            value = value.to_json() if value is not None else None
        elif name == "db":
            value = id(value)
        elif name == "format":
            value = (type(value).__name__, value.id)
        out[name] = repr(value)
    return out


def redeal_hidden(state: State, viewer: int, rng: Rng) -> State:
    """The same game with everything ``viewer`` cannot see dealt again, and another seed,
    generator and action log.  A question another seat is answering about cards of its
    hand or deck follows those cards' places (its k-th hand card is still a candidate)."""
    other = state.clone()
    fmt = state.format
    renamed: dict[int, int] = {}
    for s in other.seats:
        split = len(s.deck) - s.known_top
        if fmt.sees_hand(state, viewer, s.index):
            old = s.deck[:split]
            new = old[:]
            rng.shuffle(new)
            s.deck[:split] = new
            if s.index != viewer:
                renamed.update(zip(old, new, strict=True))
        else:  # it knows neither the hand nor the deck: one pool
            old = s.hand + s.deck[:split]
            new = old[:]
            rng.shuffle(new)
            s.hand, s.deck[:split] = new[:len(s.hand)], new[len(s.hand):]
            renamed.update(zip(old, new, strict=True))
    d = other.pending
    if d is not None and d.seat != viewer and d.kind == "card":
        cands = tuple(renamed.get(c, c) if isinstance(c, int) else c for c in d.candidates)
        other.pending = Decision(d.seat, d.source, d.kind, d.purpose, cands, d.optional,
                                 d.effect, d.ctx)
    rng.shuffle(other.trade_deck)
    if other.boss is not None:
        shows = fmt.script.pile_shows
        for name, pile in other.boss.piles.items():
            down = {"none": len(pile), "top": len(pile) - 1}.get(shows(name), 0)
            if down > 1:
                part = pile[:down]
                rng.shuffle(part)
                pile[:down] = part
    other.rng = Rng(rng.next64())
    other.config = replace(state.config, seed=rng.next64())
    other.log = None
    for _ in range(other.log_len):  # as long a log, of other moves
        other.log = (Action("end_turn", rng.below(len(other.seats))), other.log)
    return other


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(KINDS), seed=st.integers(0, 2**32), steps=st.integers(0, 90),
       salt=st.integers(0, 2**32), who=st.integers(0, 5))
def test_view_is_the_same_whatever_the_seat_cannot_see(kind, seed, steps, salt, who):
    state = played(kind, seed, steps)
    viewer = who % len(state.seats)
    other = redeal_hidden(state, viewer, Rng(salt))
    assert dump(player_view(state, viewer)) == dump(player_view(other, viewer))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(KINDS), seed=st.integers(1, 2**32), steps=st.integers(0, 90))
def test_view_carries_no_seed_log_or_generator(kind, seed, steps):
    state = played(kind, seed, steps)
    for viewer in range(len(state.seats)):
        view = player_view(state, viewer)
        assert view.config.seed == 0 and view.config.seats == state.config.seats
        assert view.config.options == state.config.options
        assert view.log is None and view.actions() == []
        assert view.log_len == state.log_len  # (the table counts moves)
        assert view.rng.state == Rng(0).state
        assert view.events == []
        assert HIDDEN not in view.trade_row


def test_redealing_really_changes_the_hidden_cards():
    """The strong check is not vacuous: the re-dealt games differ from the real ones
    where the seat cannot look (and the views still agree)."""
    differ = 0
    for n, kind in enumerate(KINDS):
        state = played(kind, n, 40)
        viewer = acting_seat(state) if not state.is_over else 0
        other = redeal_hidden(state, viewer, Rng(n))
        hidden = [(s.hand if i != viewer else [], s.deck) for i, s in enumerate(state.seats)]
        again = [(s.hand if i != viewer else [], s.deck) for i, s in enumerate(other.seats)]
        differ += hidden != again or state.trade_deck != other.trade_deck
        assert dump(player_view(state, viewer)) == dump(player_view(other, viewer))
    assert differ == len(KINDS)


def test_a_gift_question_does_not_tell_another_seats_hand_from_its_deck():
    """An eliminated Raid raider gives a card away, choosing among its hand, deck and
    discard pile: the boss, who sees neither its hand nor its deck, must not learn
    which card is where."""
    state = played("raid", 7, 0)
    giver = state.seats[1]
    cands = tuple(giver.hand) + tuple(sorted(giver.deck)) + tuple(giver.discard)
    state.pending = Decision(1, -1, "card", "gift", cands, True, ("gift", {"to": 2}), None)
    boss = player_view(state, 0).pending
    assert boss.candidates == (HIDDEN,) * (len(giver.hand) + len(giver.deck)) + tuple(
        giver.discard)
    ally = player_view(state, 2).pending  # raiders see each other's hands, not decks
    assert ally.candidates == tuple(giver.hand) + (HIDDEN,) * len(giver.deck) + tuple(
        giver.discard)
    assert player_view(state, 1).pending.candidates == cands  # the giver sees its own
