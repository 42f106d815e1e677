"""Build the opening state of a game (RU p.4–5, «Подготовка») and replay an action log.

«Выдайте маркер инициативы случайному игроку» (RU p.4): ``GameConfig.first`` names the
seat, or RANDOM_FIRST draws it with the seeded generator.  The holder takes the setup
card's seat 1 and the others follow clockwise («В порядке по часовой стрелке от владельца
инициативы 2, 3 и 4-й игроки подготавливаются тем же образом»).  The court deck holds the
25 guild cards and the 6 vox cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from types import MappingProxyType

from game.arcs.engine import slots
from game.arcs.engine.board import topology
from game.arcs.engine.components import ArcsRules
from game.arcs.engine.deal import deal
from game.arcs.engine.leaders import place, start_draft
from game.arcs.engine.rng import Rng
from game.arcs.engine.rules import apply
from game.arcs.engine.state import RANDOM_FIRST, CourtSlot, GameConfig, Player, State

# «Возьмите из неё 3 карты (2 игрока) или 4 карты (3–4 игрока) и выложите их лицом вверх
# в ряд двора.» (RU p.4)
COURT_ROW = {2: 3, 3: 4, 4: 4}
START_SHIPS_AB = 3  # «Поместите 3 корабля и 1 город … 3 корабля и 1 космопорт»
START_SHIPS_C = 2  # «Поместите 2 корабля в систему (3–4 игрока) или в 2 системы»


class SetupError(ValueError):
    """The configuration cannot make a game (player count, unknown setup card)."""


def new_game(rules: ArcsRules, config: GameConfig) -> State:
    n = config.players
    if n not in COURT_ROW:
        raise SetupError(f"Arcs is for 2, 3 or 4 players, not {n}")
    cards = [c for c in rules.setup_cards if c.players == n]
    if config.setup_card and not any(c.id == config.setup_card for c in cards):
        raise SetupError(f"no setup card {config.setup_card!r} for {n} players")
    if not (config.first == RANDOM_FIRST or 0 <= config.first < n):
        raise SetupError(f"no seat {config.first} to hold the initiative among {n}")
    state = State()
    state.rules = rules
    state.cards = MappingProxyType({c.id: c for c in rules.action_cards})
    state.config = config
    state.n = n
    state.rng = rng = Rng(config.seed)
    # drawn only when random, so a chosen seat (and every save from before the choice,
    # seat 0) leaves the generator's sequence as it was
    state.initiative = rng.below(n) if config.first == RANDOM_FIRST else config.first
    # «Поместите 3 маркера замыслов синей стороной с меньшими номерами вверх»
    state.available = [m.id for m in rules.markers]
    state.markers_on = {a: [] for a in rules.ambitions}
    state.supply = {r: res.supply for r, res in rules.resources.items()}
    # «Перемешайте все 6 карт гласа и 25 карт гильдий, соберите их в колоду двора»
    state.court_deck = [c.id for c in rules.court]
    rng.shuffle(state.court_deck)
    state.court = [CourtSlot(state.court_deck.pop(), n) for _ in range(COURT_ROW[n])]
    # «Перемешайте карты подготовки для вашего количества игроков. Возьмите 1 случайную»
    card = next(c for c in cards if c.id == config.setup_card) if config.setup_card \
        else cards[rng.below(len(cards))]
    state.setup_card = card.id
    state.topology = topo = topology(rules.map, card.out_of_play)
    for sid in topo.systems:
        state.fresh[sid] = [0] * n
        state.damaged[sid] = [0] * n
        system = rules.map.systems[sid]
        if system.kind == "planet":
            state.buildings[sid] = [None] * system.slots
    if n == 2:
        # «Поместите 6 жетонов ресурсов, совпадающих с 6 планетами, накрытыми маркерами
        # «вне игры», на клетки замыслов.»
        box = {r: a.id for a in rules.ambitions.values() for r in a.two_player_tokens}
        state.ambition_tokens = {a: [] for a in rules.ambitions}
        for system in rules.map.planets():
            if system.cluster in card.out_of_play and state.supply[system.type] > 0:
                state.supply[system.type] -= 1
                state.ambition_tokens[box[system.type]].append(system.type)
    pieces = rules.board.pieces
    for seat in range(n):
        start = card.seats[setup_position(state, seat)]
        player = Player(seat)
        player.resources = slots.new_row(state)
        player.ships = pieces["ships"]
        player.starports = pieces["starports"]
        player.agents = pieces["agents"]
        state.players.append(player)
        if config.leaders:
            continue  # the leaders' boxes and resources, after the draft (leaders.py)
        place(state, seat, start.a, START_SHIPS_AB, "city")
        place(state, seat, start.b, START_SHIPS_AB, "starport")
        for sid in start.c:
            place(state, seat, sid, START_SHIPS_C, "")
        # «Каждый игрок получает 2 жетона ресурсов с тем же символом, что и на планетах в
        # его системах А и Б, и помещает эти жетоны в две крайние слева круглые ячейки»
        for sid in (start.a, start.b):
            kind = rules.map.systems[sid].type
            if state.supply[kind] > 0:
                state.supply[kind] -= 1
                slots.put(state, seat, kind)
    if config.leaders:
        start_draft(state)  # «Замените шаги О–П подготовки» (RU p.21); the deal follows
    else:
        deal(state, [c.id for c in rules.deck(n)])
    state.events = []
    return state


def setup_position(state: State, seat: int) -> int:
    """The setup card's position (0 = «1A–B») a seat takes: counted clockwise from the
    initiative holder."""
    return (seat - state.initiative) % state.n


def replay(rules: ArcsRules, config: GameConfig, actions: Iterable) -> State:
    """Rebuild a game from its configuration and action log."""
    state = new_game(rules, config)
    for action in actions:
        apply(state, action)
    return state
