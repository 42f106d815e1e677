"""The steps of a combat («БИТВА», RB p.12-15) and of an orbital strike's damage (RB p.11).

1. Preparation: «оба игрока … одновременно бросают кубики» (unrouted units and the
   bastion, at most 8), «тянет пять верхних боевых карт», then «вначале атакующий, а
   затем защищающийся» place reinforcement tokens (at most one per unit of theirs in the
   combat, facts §7 [X]).
2. Up to three rounds: both choose a card face down (modelled as two hidden choices, the
   attacker's first: the defender's view never shows it), the attacker's card resolves,
   then the defender's (main abilities, then unit abilities when an unrouted listed unit
   is there); the assess-damage step, attacker first.  «Если … в зоне конфликта остались
   только отряды и/или бастионы одного игрока, этот игрок выигрывает битву».  Combat
   tokens end with the round.
3. The finale: most morale wins, «при равенстве побеждает защищающийся»; the loser
   retreats (retreat.py); the winning attacker takes the world's structures; reinforcement
   tokens go back to the supply and every card back into its deck, shuffled.

When every defender is routed and the area holds no structure, the defenders retreat and
no combat is fought (facts §7, CFAQ/RSE).  Both sides wiped out: nobody wins, the
defender keeps its structures (facts §7).
"""

from __future__ import annotations

from game.forbidden_stars.engine import effects, forces, pieces, plays, retreat, uses
from game.forbidden_stars.engine.combat_state import (
    CHOOSE,
    DAMAGE,
    ORBITAL,
    REINFORCE,
    RETREAT,
    REVEAL,
    Combat,
    Side,
)
from game.forbidden_stars.engine.components import Effect
from game.forbidden_stars.engine.events import (
    CardChosen,
    CardRevealed,
    CombatEnded,
    CombatStarted,
    Damaged,
    DiceRolled,
    EffectResolved,
    MoraleCompared,
)
from game.forbidden_stars.engine.orders import finish_order
from game.forbidden_stars.engine.state import COMBAT, NOBODY, ORDER, Action, State

HAND = 5  # «тянет пять верхних боевых карт»
ROUNDS = 3  # «до трёх боевых раундов»


def start(state: State, area: str, attacker: int, defender: int, came_from: list[str],
          opening: list[tuple[int, Effect]] | None = None) -> None:
    """``opening``: effects at the combat's start (Crusade, Through the Warp's die)."""
    c = Combat(area, attacker, defender, came_from=sorted(set(came_from)))
    c.sides = {attacker: Side(attacker), defender: Side(defender)}
    c.queue.extend(opening or [])
    state.combat = c
    state.step = COMBAT
    state.events.append(CombatStarted(attacker, defender, area))
    if not forces.unrouted_count(state, c, defender) and not state.structures.get(area):
        c.winner = attacker
        c.phase = RETREAT
        c.retreating = [defender]
        proceed(state)
        return
    for seat in (attacker, defender):
        side = c.sides[seat]
        side.dice = [forces.roll(state) for _ in range(forces.start_dice(state, seat, area))]
        state.events.append(DiceRolled(seat, tuple(side.dice)))
        deck = state.players[seat].combat_deck
        side.hand = [deck.pop() for _ in range(min(HAND, len(deck)))]
    c.phase = REINFORCE
    c.turn = attacker
    proceed(state)


def strike(state: State, world: str, seat: int, victim: int, faces: list[str],
           opening: list[tuple[int, Effect]]) -> None:
    """An orbital strike's damage: «Вражеские отряды выбранного мира получают столько
    урона, сколько знаков нападения (☞) выпало на кубах» (RB p.11), fixed once the
    strike's upgrades and Schemes (``opening``) have resolved."""
    c = Combat(world, seat, victim, phase=ORBITAL, orbital=True, fixed=False)
    c.sides = {seat: Side(seat, dice=list(faces)), victim: Side(victim)}
    c.queue.extend(opening)
    state.combat = c
    state.step = COMBAT
    state.events.append(CombatStarted(seat, victim, world, orbital=True))
    state.events.append(DiceRolled(seat, tuple(faces)))
    proceed(state)


# ---------------------------------------------------------------------- choices


def reinforce_max(state: State, c: Combat, seat: int) -> int:
    units = sum(pieces.faction_units(state, c.area, seat).values())
    return min(state.players[seat].assets.get(forces.TOKEN, 0), units)


def acting(state: State) -> int:
    c = state.combat
    assert c is not None
    if c.pending is not None:
        return c.pending.chooser
    if c.phase == RETREAT:
        return c.retreating[0]
    if c.phase == ORBITAL and c.first_pick != NOBODY:
        return c.first_pick
    return c.hit if c.phase in (DAMAGE, ORBITAL) else c.turn


def choices(state: State) -> list[Action]:
    c = state.combat
    assert c is not None
    if c.pending is not None:
        return [Action("effect", c.pending.chooser, card=o) for o in c.pending.options]
    if c.phase == REINFORCE:
        return [Action("reinforce", c.turn, target=str(k))
                for k in range(reinforce_max(state, c, c.turn) + 1)]
    if c.phase == CHOOSE:
        return [Action("play", c.turn, card=card) for card in sorted(set(c.sides[c.turn].hand))]
    if c.phase in (DAMAGE, ORBITAL):
        return [Action("damage", acting(state), card=g)
                for g in forces.damage_targets(state, c, c.hit)]
    if c.phase == RETREAT:
        seat = c.retreating[0]
        return [Action("retreat", seat, target=a)
                for a in retreat.destinations(state, c, seat)]
    raise AssertionError(f"no choice in combat phase {c.phase}")


def reinforce(state: State, a: Action) -> None:
    """Tokens from the play area into the combat (they count as CL-0 units, unrouted)."""
    c = state.combat
    assert c is not None
    k = int(a.target)
    if k:
        # out of the play area (no longer counting toward its limit, FFGFAQ) until the
        # cleanup returns them to the supply
        state.players[a.seat].assets[forces.TOKEN] -= k
        c.sides[a.seat].reinf += k
        state.events.append(EffectResolved(a.seat, "reinforce", str(k)))
    _next_turn(c, CHOOSE)
    proceed(state)


def play(state: State, a: Action) -> None:
    c = state.combat
    assert c is not None
    side = c.sides[a.seat]
    side.hand.remove(a.card)
    side.chosen = a.card
    state.events.append(CardChosen(a.seat, a.card))
    _next_turn(c, REVEAL)
    if c.phase == REVEAL:
        _reveal(state, c, c.attacker)
    proceed(state)


def damage(state: State, a: Action) -> None:
    """«Если урон равен или превышает здоровье отряда, отряд уничтожен … Если урон меньше
    … отряд становится деморализованным. Если урон превышает … оставшийся урон должен
    быть назначен другому дружественному отряду» (RB p.13); a bastion is destroyed by
    damage at least its health, else holds (RB p.14)."""
    c = state.combat
    assert c is not None
    seat, group = c.hit, a.card  # Tactical Strikes: the striker may pick the first one
    c.first_pick = NOBODY
    h = forces.health(state, c, seat, group)
    unit = group.removesuffix(forces.ROUTED)
    # one event per unit damaged (forces' own Destroyed / Routed kept quiet): the
    # combat's lines never say the same loss twice
    if c.left >= h:
        c.left -= h
        forces.destroy(state, c, seat, group, quiet=True)
        state.events.append(Damaged(seat, unit, c.area, "destroyed"))
    else:
        c.left = 0
        if (not c.orbital or c.rout_damaged) and forces.rout(state, c, seat, group,
                                                             quiet=True):
            state.events.append(Damaged(seat, unit, c.area, "routed"))
            effects.after_rout(state, c, seat, group)  # may destroy it: its own event
        else:
            state.events.append(Damaged(seat, unit, c.area, "held"))
    proceed(state)


def retreat_to(state: State, a: Action) -> None:
    c = state.combat
    assert c is not None
    retreat.retreat_all(state, c, a.seat, a.target)
    c.retreating.pop(0)
    proceed(state)


def effect(state: State, a: Action) -> None:
    effects.pick(state, a.card)
    proceed(state)


# ---------------------------------------------------------------------- the steps


def _next_turn(c: Combat, then: str) -> None:
    if c.turn == c.attacker:
        c.turn = c.defender
    else:
        c.phase, c.turn = then, c.attacker


def _reveal(state: State, c: Combat, seat: int) -> None:
    """«вначале разыгрывает все основные свойства (зелёная область), затем … свойства
    отрядов (коричневая область)» (RB p.13)."""
    side = c.sides[seat]
    c.turn = seat
    if not side.chosen:
        return
    card = state.rules.combat_cards[side.chosen]
    side.played.append(side.chosen)
    side.chosen = ""
    state.events.append(CardRevealed(seat, card.id))
    c.queue.extend((seat, e) for e in card.main)
    if card.unit:
        c.queue.append((seat, Effect("_unit", {"card": card.id})))


def start_damage(state: State, c: Combat) -> None:
    """The step begins: the Schemes of its start (attacker's first), then the amounts."""
    c.phase = DAMAGE
    c.hit, c.left = NOBODY, 0
    c.damage_order = []
    c.fixed = c.closed = False
    c.queue.extend(_scheme_gates(state, c, "damage_step_start"))


def _scheme_gates(state: State, c: Combat, when: str) -> list[tuple[int, Effect]]:
    return [(seat, uses.gate(uses.SCHEME, card, when)) for seat in (c.attacker, c.defender)
            for card in uses.schemes_at(state, seat, when)]


def fix_damage(state: State, c: Combat) -> None:
    """«начиная с атакующего, игроки получают урон в размере, равном общему количеству
    знаков нападения соперника … Каждый знак защиты … уменьшает получаемый урон на
    единицу» (RB p.12): both amounts are fixed when the step begins."""
    c.fixed = True
    for seat in (c.attacker, c.defender):
        rival = c.sides[c.rival(seat)]
        dmg = forces.total(state, rival, "bolter") - forces.total(state, c.sides[seat], "shield")
        c.damage_order.append((seat, max(0, dmg)))


def end_round(state: State, c: Combat) -> None:
    for side in c.sides.values():
        side.tokens.clear()
        side.borrowed.clear()
        side.no_tokens = ()
        side.cannot_rout = side.doom = side.doom_unless = side.peek = False
    c.extra_damage = c.extra_done = c.no_damage = False
    att, dfd = forces.alive(state, c, c.attacker), forces.alive(state, c, c.defender)
    if not (att and dfd):
        c.winner = c.attacker if att else c.defender if dfd else NOBODY
        _finish(state, c)
    elif c.round >= ROUNDS:
        # «при равенстве побеждает защищающийся»
        m_att, m_dfd = forces.morale(state, c, c.attacker), forces.morale(state, c, c.defender)
        c.winner = c.attacker if m_att > m_dfd else c.defender
        state.events.append(MoraleCompared(c.attacker, c.defender, m_att, m_dfd, c.winner))
        c.phase, c.retreating = RETREAT, [c.rival(c.winner)]
    else:
        c.round += 1
        c.phase, c.turn = CHOOSE, c.attacker


def proceed(state: State) -> None:
    """Run the combat until it waits for a choice or ends."""
    c = state.combat
    while state.combat is c and c is not None:
        if c.pending is not None:
            return
        if c.queue:
            effects.run_next(state)
            continue
        if c.phase == REINFORCE:
            if reinforce_max(state, c, c.turn) > 0:
                return
            _next_turn(c, CHOOSE)
        elif c.phase == CHOOSE:
            if c.sides[c.turn].hand:
                return
            _next_turn(c, REVEAL)
            if c.phase == REVEAL:
                _reveal(state, c, c.attacker)
        elif c.phase == REVEAL:
            if c.turn == c.attacker:
                _reveal(state, c, c.defender)
            else:
                start_damage(state, c)
        elif c.phase in (DAMAGE, ORBITAL) and not c.fixed:
            if c.phase == DAMAGE:
                fix_damage(state, c)
            else:
                c.fixed = True
                c.hit, c.left = c.defender, c.sides[c.attacker].dice.count("bolter")
        elif c.phase in (DAMAGE, ORBITAL):
            if c.left > 0 and c.hit != NOBODY and forces.damage_targets(state, c, c.hit):
                return
            if c.phase == ORBITAL:
                _finish_strike(state, c)
            elif c.damage_order:
                c.hit, c.left = c.damage_order.pop(0)
            elif not c.closed:
                c.closed = True
                c.queue.extend(_scheme_gates(state, c, "damage_step_end"))
            elif c.extra_damage and not c.extra_done:
                # Armoured Advance: one more step, tokens kept (facts §2, CFAQ)
                c.extra_done = True
                start_damage(state, c)
            else:
                end_round(state, c)
        elif c.phase == RETREAT:
            if not c.retreating:
                _finish(state, c)
            elif not pieces.faction_units(state, c.area, c.retreating[0]) and \
                    not forces.groups(state, c, c.retreating[0]):
                c.retreating.pop(0)
            elif retreat.destinations(state, c, c.retreating[0]):
                return
            else:
                retreat.retreat_all(state, c, c.retreating.pop(0), "")


def _finish(state: State, c: Combat) -> None:
    """«Захват построек: если атакующий выигрывает сражение, он берёт контроль над любыми
    постройками мира»; «Зачистка»: tokens to the supply, cards back into the deck."""
    area = c.area
    before = state.owner.get(area, NOBODY)
    holders = [s for s in (c.attacker, c.defender) if pieces.faction_units(state, area, s)]
    if holders:
        state.owner[area] = holders[0] if len(holders) == 1 else c.defender
    elif state.structures.get(area):
        state.owner[area] = c.attacker if c.winner == c.attacker else c.defender
    else:
        state.owner.pop(area, None)
    for side in c.sides.values():
        state.supply[forces.TOKEN] += side.reinf + side.reinf_routed
        side.reinf = side.reinf_routed = 0
        deck = state.players[side.seat].combat_deck
        deck.extend([*side.hand, *side.played, *side.icon_cards, *side.discard,
                     *([side.chosen] if side.chosen else [])])
        state.rng.shuffle(deck)
    taken = state.owner.get(area, NOBODY) == c.attacker != before
    captured = tuple(state.structures.get(area, ())) if taken else ()
    state.events.append(CombatEnded(c.winner, area, c.attacker, c.defender, captured))
    nxt = c.then
    if nxt and state.owner.get(nxt) is not None and state.units.get(nxt):
        movers = [s for s in c.sides if s != state.owner[nxt]
                  and pieces.faction_units(state, nxt, s)]
        if movers:  # Wave Serpent: «this may start one more combat after this one»
            start(state, nxt, movers[0], state.owner[nxt], [])
            return
    _leave(state)


def _finish_strike(state: State, c: Combat) -> None:
    """Drop Pods' Space Marine on the struck world «can start a combat afterwards»
    (facts §4): it does if the world still holds the victim's pieces, else it is taken."""
    state.events.append(CombatEnded(NOBODY, c.area, c.attacker, c.defender, orbital=True))
    if pieces.faction_units(state, c.area, c.attacker):
        if pieces.faction_units(state, c.area, c.defender) or state.structures.get(c.area):
            state.combat = None
            start(state, c.area, c.attacker, c.defender, [])  # placed: cannot retreat
            return
        state.owner[c.area] = c.attacker
    _leave(state)


def _leave(state: State) -> None:
    """After an Advance's combat, Corsair Raid may add an orbital strike (facts §4)."""
    c = state.combat
    state.combat = None
    state.step = ORDER
    o = state.order
    if c is not None and not c.orbital and o is not None and o.order == "advance":
        plays.start(state, o.seat, uses.offers(state, o.seat, "after_combat"),
                    "after_combat", o.system)
    else:
        finish_order(state)
