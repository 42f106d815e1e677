"""Arcs engine speed work (issue 41): the trusted ``apply``, the view without the log,
the bots' faster position value and move list, each checked against the plain reading."""

from __future__ import annotations

import pytest

from game.arcs import sim
from game.arcs.ai import knowledge
from game.arcs.ai.base import make_player
from game.arcs.data import load_arcs_rules
from game.arcs.engine import board, fleet, rules, slots, tactics
from game.arcs.engine import leaders as leader_cards
from game.arcs.engine import view as view_module
from game.arcs.engine.rules import IllegalAction, acting_seat, apply, apply_trusted, legal_actions
from game.arcs.engine.setup import new_game
from game.arcs.engine.state import HIDDEN, OVER, Action, GameConfig, State
from game.arcs.engine.view import LazyView, StaleView, lazy_view, player_view
from game.arcs.sim import ENGINE

RULES = load_arcs_rules()


def _form(state: State) -> tuple:
    """Everything a game holds, as plain values (the slots of the state and its parts)."""
    def plain(x: object) -> object:
        if isinstance(x, (list, tuple)):
            return tuple(plain(v) for v in x)
        if isinstance(x, dict):
            return tuple(sorted((k, plain(v)) for k, v in x.items()))
        slots = getattr(type(x), "__slots__", None)
        if slots and not isinstance(x, tuple) and type(x).__name__ != "Rng":
            return tuple(plain(getattr(x, n)) for n in slots)
        if type(x).__name__ == "Rng":
            return ("rng", x.state)  # type: ignore[attr-defined]
        return x
    return tuple(plain(getattr(state, n)) for n in State.__slots__
                 if n not in ("rules", "cards", "topology"))


def _positions(games: int, leaders: bool, kinds: tuple[str, ...] = ("greedy", "random"),
               cap: int = 300):
    """(state, seat) pairs along seeded bot games, 2–4 players."""
    for g in range(games):
        n = 2 + g % 3
        state = new_game(RULES, GameConfig(n, 4100 + g, leaders=leaders))
        players = [make_player(kinds[s % len(kinds)], 4100 + g + s) for s in range(n)]
        steps = 0
        while state.step != OVER and steps < cap:
            seat = acting_seat(state)
            yield state, seat
            legal = legal_actions(state)
            apply_trusted(state, players[seat].choose(player_view(state, seat), legal))
            steps += 1


@pytest.mark.parametrize("leaders", [False, True])
def test_trusted_apply_changes_a_game_exactly_as_the_checked_one(leaders: bool) -> None:
    """Every legal action of every position along random games: the trusted path and
    the checked path leave identical games (log included)."""
    checked = 0
    for state, _ in _positions(1, leaders, ("random",), cap=200):
        for action in legal_actions(state)[:3]:
            a, b = state.clone(), state.clone()
            apply(a, action)
            apply(b, action, trusted=True)
            assert _form(a) == _form(b), action
            checked += 1
    assert checked > 150


def test_the_checked_path_still_refuses_what_is_not_legal() -> None:
    state = new_game(RULES, GameConfig(2, 7))
    seat = acting_seat(state)
    bogus = Action("lead", seat, card="not-a-card")
    assert bogus not in legal_actions(state)
    with pytest.raises(IllegalAction):
        apply(state, bogus)


def test_bot_games_apply_their_checked_choices_without_a_second_check() -> None:
    """The sim loop checks each choice against the legal list itself (sim_kit.play)."""
    assert ENGINE.apply is apply_trusted


def test_a_view_leaves_the_log_behind_and_clone_keeps_it() -> None:
    state = new_game(RULES, GameConfig(2, 11))
    for _ in range(30):
        apply(state, legal_actions(state)[0])
    assert state.log is not None and len(state.log) == 30
    assert state.clone().log == state.log and state.clone().log is not state.log
    assert state.clone(log=False).log is None
    assert player_view(state, 0).log is None
    # the view's configuration hides the seed, and is one shared (frozen) copy
    assert player_view(state, 0).config.seed == 0
    assert player_view(state, 1).config is player_view(state, 0).config


def test_the_fast_position_value_is_the_plain_one_to_the_last_bit() -> None:
    """Floats: the same terms in the same order, so a tie (and a bot's choice) never
    turns on the rewrite.  Views and the positions a bot judges, with and without Leaders
    & Lore, 2–4 players."""
    seen = 0
    for leaders in (False, True):
        for state, seat in _positions(2, leaders):
            view = player_view(state, seat)
            assert knowledge.seat_values(view) == knowledge.seat_values_plain(view)
            for action in legal_actions(state)[:2]:
                sim = view.clone()
                apply(sim, action, trusted=True)
                assert knowledge.seat_values(sim) == knowledge.seat_values_plain(sim)
                seen += 1
    assert seen > 500


def _move_targets_plain(state: State, seat: int) -> list[tuple[str, str, int, int]]:
    """fleet.move_targets as it read before it was written out."""
    assert state.topology is not None
    limit = min([ab.params["max_ships"]
                 for ab in leader_cards.holds(state, seat, "move_limit")], default=0)
    out: list[tuple[str, str, int, int]] = []
    for system in state.topology.systems:
        f, d = state.fresh[system][seat], state.damaged[system][seat]
        if f or d:
            out.extend(g for g in fleet._groups(system, state.topology.neighbours(system),
                                                f, d)
                       if not limit or g[2] + g[3] <= limit)
    return out


def test_move_targets_and_neighbours_are_unchanged() -> None:
    checked = 0
    for leaders in (False, True):
        for state, seat in _positions(2, leaders):
            assert fleet.move_targets(state, seat) == _move_targets_plain(state, seat)
            # the legal list's moves, built from plain tuples, are the same Actions
            assert [a for a in rules._actions(state, seat, {"move"}) if a.kind == "move"] \
                == [Action("move", seat, source=s, target=t, fresh=f, damaged=d)
                    for s, t, f, d in _move_targets_plain(state, seat)]
            checked += 1
    topo = state.topology
    assert topo is not None
    for system in topo.systems:
        assert topo.neighbours(system) == tuple(sorted(
            next(iter(e - {system})) for e in topo.edges if system in e))
    assert checked > 300


def test_the_rebel_limit_is_kept_in_the_written_out_move_list() -> None:
    """The Rebel's «Move at most 2 ships at a time» (facts §9) filters the groups."""
    state = new_game(RULES, GameConfig(2, 3))
    seat = acting_seat(state)
    system = next(s for s in state.topology.systems if state.fresh[s][seat])  # type: ignore[union-attr]
    state.fresh[system][seat] = 4
    state.players[seat].leader = next(c.id for c in RULES.leaders
                                      if any(ab.kind == "move_limit" for ab in c.abilities))
    moves = fleet.move_targets(state, seat)
    assert moves == _move_targets_plain(state, seat)
    assert moves and all(f + d <= 2 for _, _, f, d in moves)


def test_the_table_applies_its_checked_choices_trusted() -> None:
    """TableSession checks a human's, a bot's and a phone's choice against the legal
    list before applying it (game/ui/table_session.py)."""
    from game.arcs.ui.session import ArcsSession

    assert ArcsSession.engine.apply is apply_trusted


def test_a_lazy_view_reads_as_the_player_view_at_every_step() -> None:
    """The bot loop's view (view.lazy_view) is built at its first read, and is then the
    player view to the last field; unread it holds nothing of the game's."""
    checked = 0
    for state, seat in _positions(2, leaders=True, cap=150):
        lazy = lazy_view(state, seat)
        assert type(lazy) is LazyView  # nothing built yet
        assert lazy.step == state.step  # the first read builds it
        assert type(lazy) is State
        assert _form(lazy) == _form(player_view(state, seat))
        # a method call builds it too
        other = lazy_view(state, seat)
        assert other.seats_with_cards() == state.seats_with_cards()
        assert _form(other) == _form(lazy)
        checked += 1
    assert checked > 200


def test_a_lazy_view_hides_what_the_player_view_hides() -> None:
    state = new_game(RULES, GameConfig(3, 21))
    seat = acting_seat(state)
    view = lazy_view(state, seat)
    for p in view.players:
        assert (p.hand == state.players[p.index].hand) == (p.index == seat or not p.hand)
    assert view.log is None and view.config.seed == 0
    assert set(view.action_deck) <= {HIDDEN} and set(view.court_deck) <= {HIDDEN}


def test_a_lazy_view_first_read_after_the_game_moved_on_is_refused() -> None:
    state = new_game(RULES, GameConfig(2, 5))
    seat = acting_seat(state)
    stale, read = lazy_view(state, seat), lazy_view(state, seat)
    before = read.step
    apply_trusted(state, legal_actions(state)[0])
    assert read.step == before  # built before the move: it keeps the old position
    with pytest.raises(StaleView):
        _ = stale.players
    # a write is a first use too
    late = lazy_view(state, acting_seat(state))
    apply_trusted(state, legal_actions(state)[0])
    with pytest.raises(StaleView):
        late.turn = 3


def test_random_games_build_no_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """Random players never read their views: the bot loop builds none; the normal bot
    builds one only for a choice it has to think about."""
    built: list[int] = []
    real = view_module.player_view

    def counting(state: State, seat: int) -> State:
        built.append(seat)
        return real(state, seat)

    monkeypatch.setattr(view_module, "player_view", counting)
    assert ENGINE.player_view is lazy_view
    state = sim.play(new_game(RULES, GameConfig(2, 77)),
                     [make_player("random", 1), make_player("random", 2)], 400)
    assert state.log is not None and len(state.log) > 100 and built == []
    state = sim.play(new_game(RULES, GameConfig(2, 77)),
                     [make_player("normal", 1), make_player("normal", 2)], 200)
    assert 0 < len(built) < 200  # forced choices (one legal action) read nothing


def test_the_system_terms_memo_gives_the_same_values_cold_warm_and_when_full(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """seat_values adds each system's remembered terms (knowledge._system_terms): the
    same bits with an empty memo, a warm one, and one cleared whenever it fills."""
    positions = [player_view(s, seat) for s, seat in _positions(1, False, ("normal",))]
    knowledge._SYSTEM_MEMO.clear()
    knowledge._COURT_MEMO.clear()
    cap = knowledge._MEMO_CAP
    cold = [knowledge.seat_values(v) for v in positions]
    warm = [knowledge.seat_values(v) for v in positions]
    monkeypatch.setattr(knowledge, "_MEMO_CAP", 8)
    full = [knowledge.seat_values(v) for v in positions]
    plain = [knowledge.seat_values_plain(v) for v in positions]
    assert cold == warm == full == plain
    # checked before each position: at most one position's systems (16) past the cap
    assert all(len(m) <= 8 + 1 + 16 for m in knowledge._SYSTEM_MEMO.values())
    assert len(knowledge._COURT_MEMO) <= cap + 1  # cleared on a miss once full


def test_the_prelude_existence_check_is_the_legal_list_being_non_empty() -> None:
    """rules._has_actions (a resource is offered only for an action with a target) says
    exactly what bool(rules._actions(...)) says, for every kind a resource pays for."""
    kinds = ("tax", "influence", "secure", "build", "repair", "move", "battle")
    checked = 0
    for leaders in (False, True):
        for state, seat in _positions(2, leaders, cap=200):
            for k in kinds:
                assert rules._has_actions(state, seat, {k}) == bool(
                    rules._actions(state, seat, {k})), k
                checked += 1
            assert rules._has_actions(state, seat, set(kinds)) == bool(
                rules._actions(state, seat, set(kinds)))
    assert checked > 3000


def test_the_neighbour_table_and_the_row_costs_are_the_plain_ones() -> None:
    state = new_game(RULES, GameConfig(3, 8))
    topo = state.topology
    assert topo is not None
    table = board.neighbours_of(topo)
    assert set(table) == set(topo.systems)
    for system in topo.systems:
        assert table[system] == tuple(sorted(next(iter(e - {system})) for e in topo.edges
                                             if system in e))
    plain = [s.raid_keys for s in sorted(RULES.board.resource_slots, key=lambda s: s.position)]
    for c in RULES.lore:
        plain += [ab.params["keys"] for ab in c.abilities if ab.kind == "extra_resource_slot"]
    keys = slots.row_keys(state)
    assert keys == plain
    keys.append(99)  # a caller's copy: the remembered costs stay as they were
    assert slots.row_keys(state) == plain


def test_the_extra_action_is_found_only_with_the_card_and_a_copied_or_pivoted_play() -> None:
    """tactics._ability now asks for the leader's ability before reading the plays: the
    same answer in all four cases."""
    state = new_game(RULES, GameConfig(2, 9))
    seat = 0
    warrior = next(c.id for c in RULES.leaders
                   if any(ab.kind == "follow_extra_action" for ab in c.abilities))
    for leader in ("", warrior):
        state.players[seat].leader = leader
        for mode in ("lead", "pivot", "copy", "surpass"):
            state.plays = [(1, "x", "lead"), (seat, "y", mode)]
            found = tactics._ability(state, seat)
            assert (found is not None) == (bool(leader) and mode in ("copy", "pivot"))
