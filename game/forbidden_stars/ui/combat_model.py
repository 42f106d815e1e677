"""What the combat panel shows, built from one seat's view and its legal actions only.

:func:`build_combat_model` reads ``player_view(state, seat)`` (a rival's hand and its
face-down card are already hidden there) and the seat's legal actions; it returns
``None`` when no combat or orbital strike is under way.  Every word is in the language
asked for; totals (attack, defence, morale, health) are read with the engine's own
functions, and what may be done comes only from ``legal``: the panel decides no rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.forbidden_stars import labels
from game.forbidden_stars.engine import combat, forces
from game.forbidden_stars.engine.combat_state import Combat, Side
from game.forbidden_stars.engine.events import (
    CardRevealed,
    CombatEnded,
    Damaged,
    Destroyed,
    MoraleCompared,
    Rallied,
    Retreated,
    Routed,
)
from game.forbidden_stars.engine.state import COMBAT, HIDDEN, NOBODY, Action, State
from game.forbidden_stars.ui import combat_text
from game.forbidden_stars.ui.combat_text import t

ROUNDS = combat.ROUNDS
FACES = ("bolter", "shield", "morale")


@dataclass(frozen=True)
class CardInfo:
    """A combat card face up (or in this seat's own hand): its words and icons."""

    id: str
    name: str
    icons: tuple[str, ...]
    main: str  # the green area's ability, worded
    unit: str  # the brown area's ability, worded ("" when blank)
    units: str  # the unit types the brown ability needs
    level: int
    action: Action | None = None  # the legal ``play`` of this card, when there is one


@dataclass(frozen=True)
class UnitRow:
    """One group of a side's units: a unit type (routed or not), reinforcement tokens or
    the bastion, with ``action`` its legal damage assignment when there is one."""

    group: str
    name: str
    count: int
    health: int
    morale: int
    routed: bool
    ship: bool = False
    bastion: bool = False
    token: bool = False
    action: Action | None = None


@dataclass(frozen=True)
class Choice:
    label: str
    action: Action


@dataclass(frozen=True)
class SideModel:
    seat: int
    faction: str
    faction_name: str
    name: str  # "Player 2"
    role: str  # "attacker" | "defender"
    me: bool
    units: tuple[UnitRow, ...]
    dice: tuple[str, ...]  # faces showing, in the order rolled
    dice_counts: dict[str, int]
    tokens: dict[str, int]  # combat tokens this round, by face
    attack: int  # bolter symbols on dice, tokens and face-up cards
    defence: int
    morale: int  # the finale's morale total
    reinf: int
    reinf_routed: int
    hand: tuple[CardInfo, ...]  # only this seat's own hand
    hand_count: int
    played: tuple[CardInfo, ...]  # face up, in the order revealed
    icon_cards: tuple[CardInfo, ...]  # played for their icons only
    discard: tuple[CardInfo, ...]
    chosen: CardInfo | None  # the face-down card, when this seat may see it
    has_chosen: bool  # a card lies face down (seen or not)
    damage_due: int  # the damage still to take in the current step


@dataclass(frozen=True)
class CombatModel:
    lang: str
    seat: int  # whose screen this is
    area: str
    area_name: str
    title: str
    orbital: bool
    round: int
    rounds: int
    phase: str
    phase_text: str
    prompt: str
    acting: int  # the seat the combat waits for (-1: none)
    attacker: SideModel
    defender: SideModel
    card_plays: dict[str, Action] = field(default_factory=dict)
    damage: dict[str, Action] = field(default_factory=dict)  # unit group → action
    damage_left: int = 0
    retreats: tuple[tuple[str, str, Action], ...] = ()  # (area, its name, action)
    choices: tuple[Choice, ...] = ()  # everything else legal, worded
    pending_text: str = ""  # the ability waiting for a choice
    results: tuple[str, ...] = ()  # what the last action did in the combat
    winner: int = NOBODY

    @property
    def sides(self) -> tuple[SideModel, SideModel]:
        return (self.attacker, self.defender)

    def side_of(self, seat: int) -> SideModel | None:
        return next((s for s in self.sides if s.seat == seat), None)

    @property
    def mine(self) -> SideModel | None:
        return self.side_of(self.seat)

    @property
    def rival(self) -> SideModel | None:
        me = self.mine
        if me is None:
            return None
        return self.defender if me is self.attacker else self.attacker

    def card_ids(self) -> list[str]:
        """Every combat card id the model names (the tests check none is a secret)."""
        out: list[str] = []
        for side in self.sides:
            for cards in (side.hand, side.played, side.icon_cards, side.discard):
                out.extend(c.id for c in cards)
            if side.chosen is not None:
                out.append(side.chosen.id)
        out.extend(self.card_plays)
        out.extend(c.action.card for c in self.choices if c.action.card)
        return out


def card_info(view: State, card: str, lang: str, action: Action | None = None) -> CardInfo:
    rules = view.rules
    c = rules.combat_cards[card]
    return CardInfo(card, combat_text.name(c, lang), c.icons,
                    combat_text.effects_text(rules, c.main, lang),
                    combat_text.effects_text(rules, c.unit, lang),
                    combat_text.units_word(rules, c.units, lang), c.level, action)


def _units(view: State, c: Combat, seat: int, damage: dict[str, Action],
           lang: str) -> tuple[UnitRow, ...]:
    rules = view.rules
    side = c.sides[seat]
    rows: list[UnitRow] = []
    for group in forces.groups(view, c, seat):
        base = group.removesuffix(forces.ROUTED)
        routed = group.endswith(forces.ROUTED)
        token = base == forces.TOKEN
        if token:
            count = side.reinf_routed if routed else side.reinf
        else:
            down = view.routed.get(c.area, {}).get(base, 0)
            count = down if routed else view.units[c.area][base] - down
        unit = forces.unit_of(view, c, seat, group)
        rows.append(UnitRow(group, combat_text.unit_word(rules, base, lang), count,
                            forces.health(view, c, seat, group),
                            unit.morale if unit is not None else 0, routed,
                            ship=unit is not None and unit.type == "ship", token=token,
                            action=damage.get(group)))
    if forces.has_bastion(view, c, seat):
        b = rules.structures[forces.BASTION]
        rows.append(UnitRow(forces.BASTION, combat_text.name(b, lang), 1, b.health,
                            b.morale, False, bastion=True,
                            action=damage.get(forces.BASTION)))
    return tuple(rows)


def _who(seat: int, names: Sequence[str] | None, lang: str) -> str:
    """A seat's player name as the table shows it ("Player N" when none was given)."""
    if names and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return t("player", lang, n=seat + 1)


def _side(view: State, c: Combat, seat: int, me: int, damage: dict[str, Action],
          plays: dict[str, Action], lang: str,
          names: Sequence[str] | None = None) -> SideModel:
    side: Side = c.sides[seat]
    faction = view.faction(seat)
    own = seat == me
    hand = tuple(card_info(view, card, lang, plays.get(card)) for card in side.hand
                 if own and card != HIDDEN)
    chosen = card_info(view, side.chosen, lang) if side.chosen and \
        side.chosen != HIDDEN else None
    due = c.left if c.hit == seat else 0
    due += sum(d for s, d in c.damage_order if s == seat)
    return SideModel(
        seat=seat, faction=faction,
        faction_name=combat_text.name(view.rules.factions[faction], lang),
        name=_who(seat, names, lang),
        role="attacker" if seat == c.attacker else "defender", me=own,
        units=_units(view, c, seat, damage, lang), dice=tuple(side.dice),
        dice_counts={f: n for f, n in Counter(side.dice).items()},
        tokens={f: n for f, n in side.tokens.items() if n},
        attack=forces.total(view, side, "bolter"), defence=forces.total(view, side, "shield"),
        morale=forces.morale(view, c, seat), reinf=side.reinf,
        reinf_routed=side.reinf_routed, hand=hand, hand_count=len(side.hand),
        played=tuple(card_info(view, x, lang) for x in side.played),
        icon_cards=tuple(card_info(view, x, lang) for x in side.icon_cards),
        discard=tuple(card_info(view, x, lang) for x in side.discard if x != HIDDEN),
        chosen=chosen, has_chosen=bool(side.chosen), damage_due=due)


def _pending_text(view: State, c: Combat, lang: str) -> str:
    p = c.pending
    if p is None:
        return ""
    rules = view.rules
    e = p.effect
    card = str(e.params.get("card", ""))
    if card in rules.combat_cards:
        cc = rules.combat_cards[card]
        body = combat_text.effects_text(rules, cc.unit if e.kind == "_unit" else cc.main,
                                        lang)
        return f"{t('resolving', lang, card=combat_text.name(cc, lang))}: {body}"
    if e.kind.startswith("_"):
        return ""
    body = combat_text.effects_text(rules, (e,), lang)
    played = c.sides[p.seat].played if p.seat in c.sides else []
    if c.phase == "reveal" and played and played[-1] in rules.combat_cards:
        # a main ability resolves from the card its owner revealed last
        card_name = combat_text.name(rules.combat_cards[played[-1]], lang)
        return f"{t('resolving', lang, card=card_name)}: {body}"
    return body


def _label(view: State, c: Combat, a: Action, lang: str) -> str:
    # the same words as the table's action list beside the panel
    return combat_text.action_label(view, a, lang)


def _results(view: State, lang: str,
             names: Sequence[str] | None = None) -> tuple[str, ...]:
    """What the last action did in the combat: one line per fact, equal facts merged
    with a count («Ork Boyz routed ×2», never the same line twice)."""
    rules = view.rules
    out: list[str] = []
    for e in view.events:
        if isinstance(e, (Damaged, Routed, Destroyed, Rallied)):
            unit = combat_text.unit_word(rules, e.unit.removesuffix(forces.ROUTED), lang)
            key = f"event.{e.result}" if isinstance(e, Damaged) else f"event.{e.tag}"
            out.append(t(key, lang, player=_who(e.seat, names, lang), unit=unit))
        elif isinstance(e, Retreated):
            where = labels.area_name(view, e.to, lang) if e.to else ""
            out.append(t("event.retreated" if e.to else "event.retreat_lost", lang,
                         player=_who(e.seat, names, lang), area=where, n=e.count))
        elif isinstance(e, CardRevealed) and e.card in rules.combat_cards:
            out.append(t("event.revealed", lang, player=_who(e.seat, names, lang),
                         card=combat_text.name(rules.combat_cards[e.card], lang)))
        elif isinstance(e, MoraleCompared):
            out.append(t("result.morale_tie" if e.attacker_morale == e.defender_morale
                         else "result.morale", lang,
                         attacker=_who(e.attacker, names, lang),
                         defender=_who(e.defender, names, lang), a=e.attacker_morale,
                         d=e.defender_morale))
        elif isinstance(e, CombatEnded):
            out.append(t("winner", lang, player=_who(e.winner, names, lang))
                       if e.winner != NOBODY else t("winner_none", lang))
    merged = Counter(out)
    lines = [line + (f" ×{merged[line]}" if merged[line] > 1 else "")
             for line in dict.fromkeys(out)]
    return tuple(lines[-6:])


def build_combat_model(view: State, seat: int, legal: list[Action], lang: str,
                       names: Sequence[str] | None = None) -> CombatModel | None:
    """The combat as ``seat`` may see it (``view`` = player_view(state, seat), ``legal`` =
    its legal actions when it acts, else []; ``names``: the players' names by seat)."""
    c = view.combat
    if c is None or view.step != COMBAT:
        return None
    plays = {a.card: a for a in legal if a.kind == "play"}
    damage = {a.card: a for a in legal if a.kind == "damage"}
    retreats = tuple((a.target, labels.area_name(view, a.target, lang), a)
                     for a in legal if a.kind == "retreat")
    others = tuple(Choice(_label(view, c, a, lang), a) for a in legal
                   if a.kind not in ("play", "damage", "retreat"))
    attacker = _side(view, c, c.attacker, seat, damage, plays, lang, names)
    defender = _side(view, c, c.defender, seat, damage, plays, lang, names)
    acting = combat.acting(view)
    area_name = labels.area_name(view, c.area, lang)
    phase_text = t(f"phase.{c.phase}", lang)
    acting_name = _who(acting, names, lang)
    if plays:
        prompt = t("drag_hint", lang)
    elif damage:
        prompt = t("damage_hint", lang, n=c.left)
    elif retreats:
        prompt = t("retreat_hint", lang)
    elif others:
        prompt = t("your_choice", lang)
    elif c.phase in ("damage", "orbital") and c.hit != NOBODY:
        prompt = t("damage_wait", lang, player=_who(c.hit, names, lang), n=c.left)
    else:
        prompt = t("wait", lang, player=acting_name)
    return CombatModel(
        lang=lang, seat=seat, area=c.area, area_name=area_name,
        title=t("orbital_title" if c.orbital else "title", lang, area=area_name),
        orbital=c.orbital, round=c.round, rounds=ROUNDS, phase=c.phase,
        phase_text=phase_text, prompt=prompt, acting=acting, attacker=attacker,
        defender=defender, card_plays=plays, damage=damage,
        damage_left=c.left if c.hit == seat else 0, retreats=retreats, choices=others,
        pending_text=_pending_text(view, c, lang), results=_results(view, lang, names),
        winner=c.winner)

