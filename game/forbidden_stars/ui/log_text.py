"""Forbidden Stars' move log in words (game.ui.log_panel): round and phase headings,
each action as its seat's line, and what every seat saw it do — orders revealed,
combats with their dice, damage, retreats and winner, objectives taken, the game's end.

Each viewer's lines are worded from its own player view (game.forbidden_stars.engine.
view): the action through :func:`labels.told` (a rival's order, combat card, event or
effect choice named only by its player until the book reveals it: an order when it is
revealed, a combat card when the cards are turned over), its events as that view shows
them.  The phone page and the table read these same lines.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from game import i18n
from game.forbidden_stars import labels
from game.forbidden_stars.engine.events import (
    CardChosen,
    CardRevealed,
    Collected,
    CombatEnded,
    CombatStarted,
    Damaged,
    Destroyed,
    DiceRolled,
    GameOver,
    MoraleCompared,
    OrderPlaced,
    OrderRevealed,
    Rallied,
    Retreated,
    Routed,
)
from game.forbidden_stars.engine.state import (
    COMBAT,
    CULL,
    NOBODY,
    OPERATIONS,
    ORDER,
    OVER,
    PLANNING,
    SETUP,
    STORMS,
    Action,
    State,
)
from game.forbidden_stars.engine.view import player_view
from game.forbidden_stars.ui import combat_text
from game.forbidden_stars.ui.combat_result import capture_text, morale_text
from game.ui.log_panel import PUBLIC, LogLine, Told

# the phase a step belongs to (an effect's step belongs to the phase it came in)
PHASES = {SETUP: "setup", PLANNING: "planning", OPERATIONS: "operations",
          ORDER: "operations", COMBAT: "operations", CULL: "operations", STORMS: "refresh"}
PHASE_KEYS = {"setup": "fs_log.setup", "planning": "forbidden_stars.step.planning",
              "operations": "forbidden_stars.step.operations", "refresh": "fs_log.refresh"}
# told by the reveal before them (which order, where) or by their event (a declined one)
QUIET_KINDS = ("resolve", "decline")
SECRET_EVENTS = (OrderPlaced, CardChosen)  # events a player view shows only to their seat


def _t(key: str, lang: str, **kw: object) -> str:
    return i18n.t(key, lang, **kw)


def _part(view: State, ident: str, lang: str) -> str:
    """One part of an effect's option (``a>b>c``): a unit, structure, asset, card,
    order, upgrade, area or system by its printed name; "materiel" as a word."""
    r = view.rules
    if ident.endswith(combat_text.ROUTED):
        return combat_text.t("routed_unit", lang, unit=_part(
            view, ident.removesuffix(combat_text.ROUTED), lang))
    for group in (r.units, r.structures, r.assets, r.combat_cards, r.orders, r.upgrades,
                  r.events):
        if ident in group:
            return combat_text.name(group[ident], lang)
    if ident in r.faces:
        return labels.system_name(view, ident, lang)
    system, dot, index = ident.partition(".")
    if dot and system in r.faces and index.isdigit():
        return labels.area_name(view, ident, lang)
    if ident == "materiel":
        return _t("fs_table.materiel", lang)
    return ident


def option_words(view: State, option: str, effect: object, lang: str) -> str:
    """An effect's option the way its button words it (combat_text.option_text); an
    option of several parts (a unit and where it goes, a structure swapped for another,
    a combat card for the one it replaces) part by part."""
    if ">" in option:
        return " → ".join(_part(view, p, lang) for p in option.split(">"))
    words = combat_text.option_text(view.rules, option, effect,  # type: ignore[arg-type]
                                    lambda area, lg: _part(view, area, lg), lang)
    return _part(view, option, lang) if words == option else words


class FsTeller:
    """Words Forbidden Stars' actions for every viewer (each seat and the public view)
    in both languages, heading each round and phase (game.ui.log_panel.Teller)."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)
        self.round = 0
        self.phase = ""

    def _viewers(self, state: State) -> list[int]:
        return [PUBLIC, *range(len(state.players))]

    def _headings(self, state: State) -> list[tuple[str, dict[str, object]]]:
        """The headings (i18n key, params) the game has come to since the last ones."""
        out: list[tuple[str, dict[str, object]]] = []
        phase = PHASES.get(state.step, self.phase)
        if state.step != SETUP and state.round != self.round:
            self.round = state.round
            self.phase = ""
            out.append(("fs_log.round", {"n": state.round,
                                         "total": state.rules.constants["rounds"]}))
        if phase != self.phase:
            self.phase = phase
            out.append((PHASE_KEYS[phase], {}))
        return out

    def start(self, state: State) -> Told:
        heads = self._headings(state)
        return {(v, lang): tuple(LogLine(_t(k, lang, **kw), heading=True) for k, kw in heads)
                for v in self._viewers(state) for lang in i18n.LANGUAGES}

    def tell(self, state: State, action: Action, apply: Callable[[State, Action], None],
             word: bool = True) -> Told:
        # Views of the acting seat and the public only: every other seat reads an action
        # as the public does (labels.told names a rival's secret the same way for each)
        # unless an event names a secret of another seat (then each seat's own view).
        own_seats = {PUBLIC, action.seat}
        before = {v: player_view(state, v) for v in own_seats
                  if v == PUBLIC or 0 <= v < len(state.players)} if word else {}
        apply(state, action)
        heads = self._headings(state) if state.step != OVER else []
        if not word:
            return {}
        own_seats |= {e.seat for e in state.events if isinstance(e, SECRET_EVENTS)}
        told: Told = {}
        for v in self._viewers(state):
            if v not in own_seats:
                for lang in i18n.LANGUAGES:
                    told[(v, lang)] = told[(PUBLIC, lang)]
                continue
            view_before = before.get(v, before[PUBLIC])
            after = player_view(state, v)
            for lang in i18n.LANGUAGES:
                lines = [] if action.kind in QUIET_KINDS else [
                    self._action_line(view_before, after, v, action, lang)]
                lines += self._event_lines(after, lang)
                lines += [LogLine(_t(k, lang, **kw), heading=True) for k, kw in heads]
                told[(v, lang)] = tuple(lines)
        return told

    def _who(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else "?"

    def _action_line(self, before: State, after: State, viewer: int, action: Action,
                     lang: str) -> LogLine:
        o = after.order
        if action.kind == "reveal" and o is not None and o.order in after.rules.orders:
            # turned face up: every view shows the order now (the book reveals it)
            return LogLine(_t("fs_log.revealed", lang, name=self._who(action.seat),
                              order=combat_text.name(after.rules.orders[o.order], lang),
                              system=labels.system_name(after, o.system, lang)), action.seat)
        if action.kind == "effect" and viewer == action.seat:
            # its own choice, worded from the effect it answered (as its buttons were)
            pending = (before.combat.pending if before.combat is not None
                       else before.play.pending if before.play is not None else None)
            effect = pending.effect if pending is not None else None
            text = _t("forbidden_stars.action.effect", lang,
                      option=option_words(before, action.card, effect, lang))
            return LogLine(f"{self._who(action.seat)}: {text}", action.seat)
        # the phone's wording: a rival's secret named only by its player
        return LogLine(labels.told(before, viewer, action, self.names, lang), action.seat)

    def _event_lines(self, view: State, lang: str) -> list[LogLine]:
        rules = view.rules
        events = view.events
        # a unit routed by damage is told once (its Damaged), not again by its Routed
        damaged = {(e.seat, e.unit) for e in events if isinstance(e, Damaged)}
        out: list[LogLine] = []
        for e in events:
            if isinstance(e, OrderRevealed) and e.declined:
                order = combat_text.name(rules.orders[e.order], lang) \
                    if e.order in rules.orders else "?"
                out.append(LogLine(_t("fs_log.declined", lang, name=self._who(e.seat),
                                      order=order,
                                      system=labels.system_name(view, e.system, lang)),
                                   e.seat))
            elif isinstance(e, CombatStarted):
                area = labels.area_name(view, e.area, lang)
                if e.orbital:
                    text = _t("fs_log.orbital", lang, area=area, attacker=self._who(e.attacker))
                else:
                    text = _t("fs_log.combat", lang, area=area, attacker=self._who(e.attacker),
                              defender=self._who(e.defender))
                out.append(LogLine(text, e.attacker, heading=True))
            elif isinstance(e, DiceRolled):
                counts = Counter(e.faces)
                faces = ", ".join(f"{n}× {combat_text.face_word(f, lang)}"
                                  for f, n in counts.items())
                out.append(LogLine(_t("fs_log.dice", lang, name=self._who(e.seat), faces=faces)
                                   if faces else _t("fs_log.no_dice", lang,
                                                    name=self._who(e.seat)), e.seat))
            elif isinstance(e, Damaged | Destroyed | Rallied | Routed):
                if isinstance(e, Routed) and (e.seat, e.unit.removesuffix(
                        combat_text.ROUTED)) in damaged:
                    continue
                if isinstance(e, Rallied) and view.combat is None:
                    continue  # the refresh rallies every unit: not a move to read
                key = e.result if isinstance(e, Damaged) else e.tag
                unit = combat_text.unit_word(rules, e.unit.removesuffix(combat_text.ROUTED),
                                             lang)
                out.append(LogLine(combat_text.t(f"event.{key}", lang, player=self._who(e.seat),
                                                 unit=unit), e.seat))
            elif isinstance(e, Retreated):
                where = labels.area_name(view, e.to, lang) if e.to else ""
                out.append(LogLine(combat_text.t(
                    "event.retreated" if e.to else "event.retreat_lost", lang,
                    player=self._who(e.seat), area=where, n=e.count), e.seat))
            elif isinstance(e, CardRevealed) and e.card in rules.combat_cards:
                out.append(LogLine(combat_text.t(
                    "event.revealed", lang, player=self._who(e.seat),
                    card=combat_text.name(rules.combat_cards[e.card], lang)), e.seat))
            elif isinstance(e, MoraleCompared):  # the third round's end decided it
                out.append(LogLine(morale_text(self._who(e.attacker), self._who(e.defender),
                                               e.attacker_morale, e.defender_morale, lang),
                                   e.winner))
            elif isinstance(e, CombatEnded):
                text = (combat_text.t("winner", lang, player=self._who(e.winner))
                        if e.winner != NOBODY else combat_text.t("winner_none", lang))
                out.append(LogLine(text, e.winner))
                if e.winner == e.attacker != NOBODY and not e.orbital:  # world taken
                    out.append(LogLine(capture_text(
                        rules, self._who(e.attacker), labels.area_name(view, e.area, lang),
                        e.captured, lang), e.attacker))
            elif isinstance(e, Collected):
                out.append(LogLine(_t("fs_log.collected", lang, name=self._who(e.seat),
                                      world=labels.area_name(view, e.world, lang)), e.seat))
            elif isinstance(e, GameOver):
                winners = ", ".join(self._who(s) for s in e.winners)
                out.append(LogLine(_t("fs_log.winners", lang, names=winners), heading=True))
        return out
