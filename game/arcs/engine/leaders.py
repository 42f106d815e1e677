"""Leaders & Lore («Лидеры и обычаи», RU p.21): the draft, the leaders' starting pieces
and resources, and the seat's own abilities (its leader and lore cards).

«Замените шаги О–П подготовки (с. 5) на следующие: Выложите карты обычаев и лидеров
лицевой стороной вверх в ряды так, чтобы в каждом из них было на 1 карту больше, чем
число игроков. В обратном порядке хода, начиная с игрока справа от владельца инициативы
и против часовой стрелки, каждый участник может взять 1 карту лидера или обычая.
Продолжайте, пока все игроки не возьмут по 1 карте лидера и 1 карте обычая.»

Abilities go by kind (game/arcs/engine/vocabulary.py), never by card: :func:`holds`
gives the seat's leader and lore abilities of a kind, and ``court.holds`` adds them to
the guild cards' so the kinds the court already implements (``extra_dice``,
``reroll_dice``) work for leaders and lore too.  Only the cards whose every ability the
engine implements (:data:`IMPLEMENTED`) are dealt into the rows; :func:`missing` lists
the rest (docs/arcs-rulings.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from game.arcs.engine import slots
from game.arcs.engine.components import Ability, ArcsRules, Leader, Lore
from game.arcs.engine.deal import deal
from game.arcs.engine.events import Drafted, Gave
from game.arcs.engine.state import DRAFT, Action, Building, State

# The kinds (or named effects) of leader and lore abilities the engine applies, and the
# module that asks for each.
IMPLEMENTED: frozenset[str] = frozenset({
    "follow_gain",  # rules._basic (Copy/Pivot into Tax)
    "cover_outrage",  # here, at setup
    "discard_after_scoring",  # scoring.end_chapter (who = "self")
    "extra_dice",  # battle.dice_choices (court.holds)
    "move_limit",  # fleet.move_targets
    "on_declare_gain",  # rules.legal_actions / rules._declare
    "tax_own_requires_control",  # basic.tax_targets
    "on_declare_influence_each",  # rules.legal_actions / rules._declare
    "secure_min_agents",  # basic.secure_targets
    "reroll_dice",  # battle.reroll_choices (court.holds)
    "build_undamaged",  # fleet.build
    "no_raid_against_fresh_starport",  # battle.raid_allowed (named)
    "defend_add_intercept",  # battle._count_roll
    "ignore_own_intercept",  # battle._count_roll
    "repair_after_attack",  # battle.finish
    "defend_pre_battle_hit",  # battle.begin
    "after_defending_influence",  # battle.finish (phase "beloved")
    "no_ransack_against",  # battle.hit
    "score_as_second",  # scoring.score_ambitions
    "follow_extra_action",  # tactics.py
    "declare_cost_give_guild_card",  # here (gifts), rules.legal_actions / _declare
    "build_ship_at_city", "rifle_volley", "nourish", "transform",  # lore.py (new actions)
    "move_again",  # fleet.end_move / sprint
    "build_in_gates", "extra_city_slot",  # lore.build_targets
    "gate_port_toll",  # lore.gate_toll (named)
    "gate_city_every_type",  # lore.city_types (named)
    "extra_resource_slot",  # State.slot_keys
})


def _key(ab: Ability) -> str:
    return ab.params["name"] if ab.kind == "named" else (
        ab.params["action"] if ab.when == "new_action" else ab.kind)


def missing(card: Leader | Lore) -> list[str]:
    """The card's abilities the engine does not implement yet: such a card is never
    dealt into the draft rows."""
    return [_key(ab) for ab in card.abilities if _key(ab) not in IMPLEMENTED]


def pool(rules: ArcsRules) -> tuple[list[str], list[str]]:
    """The leaders and lore cards that may be drafted (every ability implemented)."""
    return ([c.id for c in rules.leaders if not missing(c)],
            [c.id for c in rules.lore if not missing(c)])


def leader(state: State, card_id: str) -> Leader:
    assert state.rules is not None
    return next(c for c in state.rules.leaders if c.id == card_id)


def lore(state: State, card_id: str) -> Lore:
    assert state.rules is not None
    return next(c for c in state.rules.lore if c.id == card_id)


def cards(state: State, seat: int) -> list[tuple[str, Sequence[Ability]]]:
    """The seat's leader and lore cards: (id, abilities)."""
    p = state.players[seat]
    out: list[tuple[str, Sequence[Ability]]] = []
    if not p.leader and not p.lore:  # a base game: asked for on every legal list
        return out
    if p.leader:
        out.append((p.leader, leader(state, p.leader).abilities))
    out += [(c, lore(state, c).abilities) for c in p.lore]
    return out


def holds(state: State, seat: int, kind: str, **params: object) -> list[Ability]:
    """The seat's leader and lore abilities of the kind whose parameters match."""
    p = state.players[seat]
    if not p.leader and not p.lore:
        return []
    return [ab for _, abilities in cards(state, seat) for ab in abilities
            if ab.kind == kind and all(ab.params.get(k) == v for k, v in params.items())]


def named(state: State, seat: int, name: str) -> bool:
    return bool(holds(state, seat, "named", name=name))


def declare_gains(state: State, seat: int) -> list[str]:
    """The Upstart (``on_declare_gain``): «On declaring, gain any 1 resource» (facts
    §9) — the resource is part of the ``declare`` action (``card``); none when the
    supply has nothing to give."""
    out: list[str] = []
    for ab in holds(state, seat, "on_declare_gain"):
        kind = ab.params["resource"]
        out += [r for r in state.supply if kind in ("any", r) and state.supply[r] > 0]
    return sorted(set(out)) or [""]


def declare_influences(state: State, seat: int) -> list[str]:
    """The Demagogue (``on_declare_influence_each``): «On declaring, may influence any
    number of court cards once each» (facts §9) — the court slots, comma-separated, are
    part of the ``declare`` action (``source``); at most one agent each, from supply."""
    if not holds(state, seat, "on_declare_influence_each"):
        return [""]
    slots = [i for i, c in enumerate(state.court) if c is not None]
    most = min(len(slots), state.players[seat].agents)
    return [",".join(map(str, chosen)) for k in range(most + 1)
            for chosen in combinations(slots, k)]


def gifts(state: State, seat: int) -> list[tuple[str, int]]:
    """The Feastbringer (``declare_cost_give_guild_card``): «To declare an ambition, you
    must give 1 Guild card to your Rival with the least Power.» — (guild card, rival),
    any rival tied for the least; none without a guild card (no declaring).  Without the
    ability: [("", -1)], nothing to give."""
    if not holds(state, seat, "declare_cost_give_guild_card"):
        return [("", -1)]
    rivals = [s for s in range(state.n) if s != seat]
    least = min(state.players[s].power for s in rivals)
    return [(c, r) for r in rivals if state.players[r].power == least
            for c in sorted(set(state.players[seat].guild))]


def give(state: State, seat: int, card: str, rival: int) -> None:
    state.players[seat].guild.remove(card)
    state.players[rival].guild.append(card)
    state.events.append(Gave(seat, rival, card))


# ---------------------------------------------------------------------- the draft


def start_draft(state: State) -> None:
    """Deal the rows (players + 1 of each, from the drafted pool) and set the order:
    reverse turn order from the seat right of the initiative holder, twice round."""
    assert state.rules is not None
    leaders, lores = pool(state.rules)
    need = state.n + 1
    assert len(leaders) >= need and len(lores) >= need, "too few implemented leaders/lore"
    state.rng.shuffle(leaders)
    state.rng.shuffle(lores)
    state.draft_leaders = sorted(leaders[:need])
    state.draft_lore = sorted(lores[:need])
    back = [(state.initiative - i) % state.n for i in range(1, state.n + 1)]
    state.draft_order = back + back
    state.step = DRAFT
    state.turn = state.draft_order[0]


def draft_actions(state: State) -> list[Action]:
    """«Нельзя взять карту лидера или обычая, если одна соответствующая карта у вас уже
    есть.»"""
    seat = state.draft_order[0]
    p = state.players[seat]
    out = []
    if not p.leader:
        out += [Action("draft", seat, card=c, target="leader") for c in state.draft_leaders]
    if not p.lore:
        out += [Action("draft", seat, card=c, target="lore") for c in state.draft_lore]
    return out


def draft(state: State, a: Action) -> None:
    p = state.players[a.seat]
    if a.target == "leader":
        state.draft_leaders.remove(a.card)
        p.leader = a.card
    else:
        state.draft_lore.remove(a.card)
        p.lore.append(a.card)
    state.events.append(Drafted(a.seat, a.card, a.target))
    state.draft_order.pop(0)
    if state.draft_order:
        state.turn = state.draft_order[0]
        return
    _finish(state)


def _finish(state: State) -> None:
    """«Каждый игрок помещает свои начальные компоненты на поле – в системы, указанные на
    карте подготовки, как изображено на клетках A, Б и В на карте лидера. … Каждый
    игрок получает 2 жетона ресурсов, изображённых на его карте лидера, и помещает в 2
    крайние слева ячейки в указанном порядке. Наконец, если карты лидеров требуют
    дополнительной подготовки, игроки выполняют её в порядке хода.»  Then step Р (the
    deal) as in the base game."""
    assert state.rules is not None
    card = next(c for c in state.rules.setup_cards if c.id == state.setup_card)
    order = [(state.initiative + i) % state.n for i in range(state.n)]
    for seat in order:
        boxes = leader(state, state.players[seat].leader).boxes
        start = card.seats[(seat - state.initiative) % state.n]  # clockwise from 1A–B
        place(state, seat, start.a, boxes["a"].ships, boxes["a"].building)
        place(state, seat, start.b, boxes["b"].ships, boxes["b"].building)
        for sid in start.c:  # 2 players: each C system gets the C box
            place(state, seat, sid, boxes["c"].ships, boxes["c"].building)
        for r in leader(state, state.players[seat].leader).resources:
            if state.supply[r] > 0:
                state.supply[r] -= 1
                slots.put(state, seat, r)
    for seat in order:
        for ab in holds(state, seat, "cover_outrage"):
            cover_outrage(state, seat, ab.params["resources"])
    state.draft_order = []
    deal(state, [c.id for c in state.rules.deck(state.n)])


def place(state: State, seat: int, system: str, ships: int, building: str) -> None:
    """Starting pieces: ships and a building from the seat's supply."""
    player = state.players[seat]
    state.fresh[system][seat] += ships
    player.ships -= ships
    if building == "city":
        player.cities_off += 1  # «Берите крайний слева город со своего планшета.»
    elif building == "starport":
        player.starports -= 1
    if building:
        slots = state.buildings[system]
        slots[slots.index(None)] = Building(seat, building)


def cover_outrage(state: State, seat: int, resources: Sequence[str]) -> None:
    """The Mystic: «your Material and Fuel Outrage icons start covered» (facts §9): the
    types are under Outrage from the start, an agent from the supply on each icon."""
    p = state.players[seat]
    for r in resources:
        if r not in p.outrage:
            p.outrage.append(r)
            if p.agents > 0:
                p.agents -= 1
                p.outrage_agents += 1
