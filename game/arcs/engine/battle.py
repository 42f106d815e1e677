"""Battle («СРАЖЕНИЕ (АГРЕССИЯ)», RU p.14–16), destroying cities (Outrage and ransacking
the court) and raids.

A battle is a sequence of actions by the attacker (the seat whose turn it is), because
«Именно атакующий бросает кубики и применяет все результаты»:

``battle(target=system, index=defender)`` (spends the action symbol) · ``die(card=type)``
per die collected · ``roll`` · ``hit`` per hit to assign, in the book's order (the hits
to the attacker's own ships, then the hits to the defender's ships and then its
buildings, then the building hits) · ``ransack(index)`` after a city is destroyed ·
``steal`` while keys are left · ``stop`` to end the raid.  Each ``hit`` names the piece:
``card="ship"`` with ``fresh=1`` (damage a fresh ship) or ``damaged=1`` (destroy a
damaged one), or a building by its slot (``index``).  Phases with nothing left to do
are skipped.
"""

from __future__ import annotations

from collections import Counter

from game.arcs.engine import court, leaders, lore, slots
from game.arcs.engine.basic import influence, receive_resource, take_court_card
from game.arcs.engine.events import (
    BattleBegun,
    Hit,
    Outraged,
    Ransacked,
    Repaired,
    Rolled,
    Stole,
)
from game.arcs.engine.state import Action, Battle, State

DIE_ORDER = ("skirmish", "assault", "raid")


def _ships(state: State, seat: int, system: str) -> int:
    return state.fresh[system][seat] + state.damaged[system][seat]


def _building_slots(state: State, seat: int, system: str) -> list[int]:
    return [i for i, b in enumerate(state.buildings.get(system, ()))
            if b is not None and b.seat == seat]


def _has_buildings_anywhere(state: State, seat: int) -> bool:
    return any(b is not None and b.seat == seat
               for slots in state.buildings.values() for b in slots)


# ---------------------------------------------------------------------- starting


def battle_targets(state: State, seat: int) -> list[tuple[str, int]]:
    """«1. Выберите систему сражения. Выберите 1 систему, где есть сколько угодно ваших
    верных кораблей. … 2. Выберите защищающегося. Выберите 1 соперника, чьи компоненты
    есть в системе сражения.»"""
    assert state.topology is not None
    out = []
    for system in state.topology.systems:
        if not _ships(state, seat, system):
            continue
        for rival in range(state.n):
            if rival != seat and (_ships(state, rival, system)
                                  or _building_slots(state, rival, system)):
                out.append((system, rival))
    return out


def begin(state: State, seat: int, system: str, defender: int) -> None:
    """Railgun Arrays (``defend_pre_battle_hit``): «When you defend with a fresh ship,
    the attacker takes 1 hit before collecting dice» (facts §9) — phase "pre", the
    attacker assigning the hit to its own ships as for self-hits."""
    state.battle = b = Battle(system, defender)
    b.all_fresh = state.damaged[system][seat] == 0
    b.trophies = len(state.players[seat].trophies)
    state.events.append(BattleBegun(seat, system, defender))
    if state.fresh[system][defender]:
        pre = sum(ab.params["hits"] for ab in court.holds(state, defender,
                                                          "defend_pre_battle_hit"))
        if pre:
            b.own_hits, b.phase = pre, "pre"


def finish(state: State, seat: int) -> None:
    """The battle is over.  Repair Drones (``repair_after_attack``): «After you attack,
    repair 1 of your attacking ships» (facts §9) — a damaged ship left in the battle
    system; the ships are alike, so there is nothing to choose.  Then the Elder
    (``after_defending_influence``): «After defending in battle, you may influence if
    the attacker took any Trophies» — phase "beloved", the defender's choice.  Galactic
    Rifles' volley is not a battle: neither fires."""
    b = state.battle
    state.battle = None
    if b is None or b.rifles:
        return
    if (len(state.players[seat].trophies) > b.trophies and state.players[b.defender].agents
            and leaders.holds(state, b.defender, "after_defending_influence")):
        state.battle, b.phase = b, "beloved"
    for ab in court.holds(state, seat, "repair_after_attack"):
        for _ in range(ab.params["count"]):
            if state.damaged[b.system][seat]:
                state.damaged[b.system][seat] -= 1
                state.fresh[b.system][seat] += 1
                state.events.append(Repaired(seat, b.system, "ship"))


def raid_allowed(state: State, battle: Battle) -> bool:
    """«Вы можете получить кубики налёта, только если в системе есть защищающиеся здания
    или у защищающегося нет верных зданий ни в одной системе на поле.»  Hidden Harbors
    (``no_raid_against_fresh_starport``): «no raid dice against you if you have a fresh
    defending starport» (facts §9)."""
    if court.holds(state, battle.defender, "named", name="no_raid_against_fresh_starport") \
            and any(b is not None and b.seat == battle.defender and b.kind == "starport"
                    and not b.damaged for b in state.buildings.get(battle.system, ())):
        return False
    return bool(_building_slots(state, battle.defender, battle.system)) or (
        not _has_buildings_anywhere(state, battle.defender))


def dice_choices(state: State, seat: int) -> list[str]:
    """«Вы можете получить за каждый атакующий корабль 1 кубик тарана, перестрелки или
    налёта.» «… нельзя получить больше 6 кубиков одного типа.» — damaged attacking
    ships count too (facts §5)."""
    assert state.rules is not None and state.battle is not None
    b = state.battle
    # Gatekeepers' boost (``extra_dice``): «when battling in a gate, you may collect 2
    # extra dice» (facts §7); the limit of 6 of a type still holds.
    extra = sum(ab.params["count"] for ab in court.holds(state, seat, "extra_dice")
                if ab.params["where"] == "anywhere"
                or state.rules.map.systems[b.system].kind == ab.params["where"])
    if len(b.dice) >= _ships(state, seat, b.system) + extra:
        return []
    return [d for d in DIE_ORDER if b.dice.count(d) < state.rules.dice[d].supply
            and (d != "raid" or raid_allowed(state, b))]


def roll(state: State, seat: int) -> None:
    """«Бросьте полученные кубики.» Each die from the game's generator, in the order
    skirmish, assault, raid; the faces as dice.toml lists them.  Then «2) Если вам выпало
    сколько угодно [перехватов], защищающийся обороняется – нанесите один удар по одному
    из ваших атакующих кораблей за каждый неповреждённый защищающийся корабль. (Это
    может произойти только раз за сражение!)» — the self-hits and these hits are dealt
    together, the attacker choosing each (the book's Maria: «Она получает 2 удара …»)."""
    assert state.rules is not None and state.battle is not None
    b = state.battle
    b.faces = [(die, state.rng.below(len(state.rules.dice[die].faces)))
               for die in sorted(b.dice, key=DIE_ORDER.index)]
    _count_roll(state, seat)
    b.phase = "reroll" if reroll_choices(state, seat) else "own"


def _count_roll(state: State, seat: int) -> None:
    assert state.rules is not None and state.battle is not None
    b = state.battle
    totals: Counter[str] = Counter()
    for die, i in b.faces:
        totals.update(state.rules.dice[die].faces[i])
    # Signal Breaker (``ignore_own_intercept``): «If all your attacking ships start
    # fresh, ignore 1 intercept you roll»; Mirror Plating (``defend_add_intercept``):
    # «When you defend against assault dice: add 1 intercept to the roll» (facts §9).
    if b.all_fresh:
        ignored = sum(ab.params["count"] for ab in court.holds(state, seat,
                                                               "ignore_own_intercept"))
        totals["intercept"] = max(0, totals["intercept"] - ignored)
    totals["intercept"] += sum(1 for ab in court.holds(state, b.defender,
                                                       "defend_add_intercept")
                               if ab.params["die"] in b.dice)
    b.own_hits = totals["self_hit"] + (
        state.fresh[b.system][b.defender] if totals["intercept"] else 0)
    b.hits = totals["hit"]
    b.building_hits = totals["building_hit"]
    b.keys = totals["key"]
    state.events.append(Rolled(seat, tuple(b.faces), b.hits, totals["self_hit"],
                               totals["intercept"], b.building_hits, b.keys))


def _misses(state: State, die: str) -> list[int]:
    """Positions of the rolled dice of the type that show no hit."""
    assert state.rules is not None and state.battle is not None
    return [k for k, (d, i) in enumerate(state.battle.faces)
            if d == die and not state.rules.dice[d].faces[i].get("hit")]


def reroll_choices(state: State, seat: int) -> list[tuple[str, int]]:
    """Skirmishers' boost (``reroll_dice``): «after rolling, you may reroll skirmish
    dice, up to your total Weapon icons (resources + cards)» (facts §7).  The dice are
    rerolled together, once a battle: (type, how many).  Only dice showing no hit are
    offered — a skirmish die shows a hit or nothing, so rerolling a hit never helps."""
    assert state.battle is not None
    out = []
    for ab in court.holds(state, seat, "reroll_dice"):
        die = ab.params["die"]
        if ab.params["limit"] == "weapon_icons":
            limit = court.weapon_icons(state, seat)
        else:
            limit = state.fresh[state.battle.system][seat]
        out += [(die, k) for k in range(1, min(limit, len(_misses(state, die))) + 1)]
    return sorted(set(out))


def reroll(state: State, seat: int, die: str, count: int) -> None:
    assert state.rules is not None and state.battle is not None
    b = state.battle
    for k in _misses(state, die)[:count]:
        b.faces[k] = (die, state.rng.below(len(state.rules.dice[die].faces)))
    _count_roll(state, seat)
    b.phase = "own"


# ---------------------------------------------------------------------- the choices


def _ship_hits(state: State, seat: int, owner: int, system: str) -> list[Action]:
    out = []
    if state.fresh[system][owner]:
        out.append(Action("hit", seat, card="ship", target=system, fresh=1))
    if state.damaged[system][owner]:
        out.append(Action("hit", seat, card="ship", target=system, damaged=1))
    return out


def _building_hits(state: State, seat: int, owner: int, system: str) -> list[Action]:
    slots = state.buildings.get(system, [])
    return [Action("hit", seat, card=b.kind, target=system, index=i)
            for i in _building_slots(state, owner, system) if (b := slots[i]) is not None]


def ransack_targets(state: State) -> list[int]:
    """«Присвойте любую карту с любым количеством (не менее 1) агентов защищающегося.»"""
    assert state.battle is not None
    d = state.battle.defender
    return [i for i, c in enumerate(state.court) if c is not None and c.agents[d] > 0]


def steal_targets(state: State, seat: int) -> list[Action]:
    """«… потратить выпавшие [ключи], чтобы украсть ресурсы и карты гильдий у
    защищающегося по одной единице за раз. Для этого потратите столько [ключей], сколько
    указано в стоимости налёта над ячейкой ресурса на планшете игрока или в верхнем левом
    углу карты гильдии.»"""
    assert state.rules is not None and state.battle is not None
    b = state.battle
    assert b.slots is not None
    keys = slots.raid_keys(state, b.defender)  # Ancient Holdings' slot too
    guarded = court.protected(state, b.defender)
    out = [Action("steal", seat, target=r, index=i) for i, r in enumerate(b.slots)
           if r and keys[i] <= b.keys and not guarded]
    costs = {c.id: c.keys for c in state.rules.court}
    out += [Action("steal", seat, card=c) for c in state.players[b.defender].guild
            if costs[c] <= b.keys and not court.protected(state, b.defender, c)]
    return out


def legal(state: State, seat: int) -> list[Action]:
    assert state.battle is not None
    b = state.battle
    if b.ransacks:
        return [Action("ransack", seat, index=i) for i in ransack_targets(state)]
    if b.phase == "dice":
        return [Action("die", seat, card=d) for d in dice_choices(state, seat)] + [
            Action("roll", seat)]
    if b.phase == "reroll":
        return [Action("reroll", seat, card=d, fresh=k)
                for d, k in reroll_choices(state, seat)] + [Action("keep_roll", seat)]
    if b.phase in ("pre", "own"):
        return _ship_hits(state, seat, seat, b.system)
    if b.phase == "hits":
        # «Когда защищающихся кораблей не осталось, нанесите удар по одному из
        # защищающихся зданий.»
        return (_ship_hits(state, seat, b.defender, b.system)
                or _building_hits(state, seat, b.defender, b.system))
    if b.phase == "buildings":
        return _building_hits(state, seat, b.defender, b.system)
    if b.phase == "beloved":
        return [Action("beloved", b.defender, index=i) for i, c in enumerate(state.court)
                if c is not None] + [Action("beloved", b.defender)]
    return steal_targets(state, seat) + [Action("stop", seat)]


def advance(state: State, seat: int) -> None:
    """Skip what has nothing left to do; end the battle after the raid."""
    b = state.battle
    assert b is not None
    while True:
        if b.ransacks:
            if ransack_targets(state):
                return
            b.ransacks = 0
        if b.phase == "pre":
            if b.own_hits and _ships(state, seat, b.system):
                return
            b.own_hits, b.phase = 0, "dice"
        if b.phase in ("dice", "reroll", "beloved"):
            return
        if b.phase == "own":
            if b.own_hits and _ships(state, seat, b.system):
                return
            b.own_hits, b.phase = 0, "hits"
        elif b.phase == "hits":
            if b.hits and (_ships(state, b.defender, b.system)
                           or _building_slots(state, b.defender, b.system)):
                return
            b.hits, b.phase = 0, "buildings"
        elif b.phase == "buildings":
            if b.building_hits and _building_slots(state, b.defender, b.system):
                return
            b.building_hits, b.phase = 0, "raid"
            b.slots = list(state.players[b.defender].resources)
        else:
            # «5) Налётом заберите ресурсы и карты защищающегося, потратив [ключи], если
            # у вас остались атакующие корабли»
            if b.keys and _ships(state, seat, b.system) and steal_targets(state, seat):
                return
            finish(state, seat)
            return


# ---------------------------------------------------------------------- applying them


def hit(state: State, seat: int, a: Action) -> None:
    """«Если вы нанесли удар по неповреждённому компоненту, он повреждён … Если вы
    нанесли удар по повреждённому компоненту, он разрушен – уберите его. Атакующий
    получает разрушенные компоненты защищающегося в качестве трофеев, а защищающийся –
    разрушенные компоненты атакующего.»"""
    assert state.rules is not None and state.battle is not None
    b = state.battle
    owner = seat if b.phase in ("pre", "own") else b.defender
    taker = b.defender if owner == seat else seat
    destroyed = False
    if a.card == "ship":
        if a.fresh:
            state.fresh[b.system][owner] -= 1
            state.damaged[b.system][owner] += 1
        else:
            state.damaged[b.system][owner] -= 1
            destroyed = True
    else:
        building = state.buildings[b.system][a.index]
        assert building is not None
        if not building.damaged:
            state.buildings[b.system][a.index] = building._replace(damaged=True)
        else:
            state.buildings[b.system][a.index] = None
            destroyed = True
    if destroyed:
        state.players[taker].trophies.append((owner, a.card))
    state.events.append(Hit(seat, owner, b.system, a.card, destroyed,
                            taker if destroyed else -1))
    if b.phase in ("pre", "own"):
        b.own_hits -= 1
    elif b.phase == "hits":
        b.hits -= 1
    else:
        b.building_hits -= 1
    if destroyed and a.card == "city":
        for kind in lore.city_types(state, b.system):  # a gate city: several
            outrage(state, seat, kind)
        # the Elder (``no_ransack_against``): «Rivals cannot Ransack the Court when they
        # battle you» — a volley is no battle
        if b.rifles or not leaders.holds(state, b.defender, "no_ransack_against"):
            b.ransacks += 1


def beloved(state: State, a: Action) -> None:
    """The Elder's influence after defending (or none: ``index`` -1); the battle ends."""
    if a.index >= 0:
        influence(state, a.seat, a.index)
    state.battle = None


def outrage(state: State, seat: int, resource: str) -> None:
    """«Наложите запрет. Сбросьте все свои ресурсы и карты гильдий того же типа, что и
    планета этого города … Поместите агента на свой планшет, накрывая символ запрета …
    Если у вас нет верных агентов, используйте любой компонент для замены, пока агент не
    станет доступен. Если у вас уже есть запрет этого типа, пройдите оба этапа, но не
    помещайте агента.»"""
    assert state.rules is not None
    player = state.players[seat]
    lost = slots.remove_all(state, seat, resource)
    state.supply[resource] += lost
    suits = {c.id: c.suit for c in state.rules.court}
    # the Loyal cards (``keep_on_outrage``): «this card is kept rather than discarded»
    kept = {c.id for c in state.rules.court
            if any(ab.kind == "keep_on_outrage" for ab in c.abilities)}
    cards = tuple(c for c in player.guild if suits[c] == resource and c not in kept)
    player.guild = [c for c in player.guild if c not in cards]
    state.court_discard.extend(cards)
    if resource not in player.outrage:
        player.outrage.append(resource)
    settle_outrage(state)
    state.events.append(Outraged(seat, resource, lost, cards))


def settle_outrage(state: State) -> None:
    """A placeholder on an Outrage icon gives way to an agent as soon as one is in the
    seat's supply («пока агент не станет доступен»)."""
    for player in state.players:
        while player.outrage_agents < len(player.outrage) and player.agents > 0:
            player.agents -= 1
            player.outrage_agents += 1


def ransack(state: State, seat: int, index: int) -> None:
    """«Разграбьте двор. Присвойте любую карту … Возьмите всех агентов соперников с карты
    в качестве трофеев, а не пленников.» As in securing, the seat's own agents go back to
    its supply and the court is refilled from its deck."""
    assert state.battle is not None
    slot = state.court[index]
    assert slot is not None
    player = state.players[seat]
    returned = slot.agents[seat]
    player.agents += returned
    taken = tuple(o for o, count in enumerate(slot.agents) if o != seat
                  for _ in range(count))
    player.trophies.extend((o, "agent") for o in taken)
    state.battle.ransacks -= 1
    state.events.append(Ransacked(seat, slot.card, returned, taken))
    take_court_card(state, seat, index)  # «Присвойте»: a vox card's effect resolves


def steal(state: State, seat: int, a: Action) -> None:
    """A resource taken leaves its slot empty (facts §6: no rearranging when a resource
    is removed; the hole stays after the raid too, slots.py); the attacker places it as
    any gained resource, discarding if it has no room."""
    assert state.rules is not None and state.battle is not None
    b = state.battle
    assert b.slots is not None
    victim = state.players[b.defender]
    if a.card:
        cost = next(c.keys for c in state.rules.court if c.id == a.card)
        court.take_guild_card(state, seat, b.defender, a.card)
        state.events.append(Stole(seat, b.defender, "", a.card, cost))
    else:
        cost = slots.raid_keys(state, b.defender)[a.index]
        b.slots[a.index] = ""
        if slots.legacy(state):  # the old row packed left again after the raid
            victim.resources = [r for r in b.slots if r]
        else:  # the hole stays: the others keep their slots and raid costs
            victim.resources[a.index] = ""
        receive_resource(state, seat, a.target)
        state.events.append(Stole(seat, b.defender, a.target, "", cost))
    b.keys -= cost
