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
from game.forbidden_stars.engine import uses
from game.forbidden_stars.engine.events import (
    CardChosen,
    CardRevealed,
    Collected,
    CombatEnded,
    CombatStarted,
    Damaged,
    Destroyed,
    DiceRolled,
    EventsDrawn,
    Gained,
    GameOver,
    MoraleCompared,
    OrderPlaced,
    OrderRevealed,
    Rallied,
    RefreshStarted,
    Retreated,
    Routed,
    StormMoved,
)
from game.forbidden_stars.engine.state import (
    COMBAT,
    CULL,
    EFFECT,
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
        self.card_play: tuple[int, str] = (NOBODY, "")  # an event card being resolved
        self._card_play = self.card_play  # ... as it was before the action being told

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
        gate = _event_gate(state, action) or _event_gate(state, action, uses.SCHEME)
        card_play = self.card_play  # the card whose choice this action may be
        apply(state, action)
        self._follow_card(gate, state, action)
        heads = self._headings(state) if state.step != OVER else []
        if not word:
            return {}
        own_seats |= {e.seat for e in state.events if isinstance(e, SECRET_EVENTS)}
        self._card_play = card_play
        told: Told = {}
        for v in self._viewers(state):
            if v not in own_seats:
                for lang in i18n.LANGUAGES:
                    told[(v, lang)] = told[(PUBLIC, lang)]
                continue
            view_before = before.get(v, before[PUBLIC])
            after = player_view(state, v)
            split = next((i for i, e in enumerate(after.events)
                          if isinstance(e, RefreshStarted)), len(after.events))
            for lang in i18n.LANGUAGES:
                lines = [] if action.kind in QUIET_KINDS else [
                    self._action_line(view_before, after, v, action, lang)]
                lines += self._event_lines(after, lang, after.events[:split])
                lines += [LogLine(_t(k, lang, **kw), heading=True) for k, kw in heads]
                if split < len(after.events):  # the refresh's steps, under its heading
                    lines += refresh_lines(after, after.events[split:], self._who, lang)
                told[(v, lang)] = tuple(lines)
        return told

    def _follow_card(self, gate: str, after: State, action: Action) -> None:
        """Remember the event card a seat chose to use while its effects wait for
        choices, so that those choices are told as the card's."""
        if gate and action.card == uses.USE:
            self.card_play = (action.seat, gate)
        if after.play is None or after.step != EFFECT:
            self.card_play = (NOBODY, "")

    def _who(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else "?"

    def _action_line(self, before: State, after: State, viewer: int, action: Action,
                     lang: str) -> LogLine:
        o = after.order
        if action.kind == "storm":
            return LogLine(storm_line(before, after, viewer, action, self._who(action.seat),
                                      lang), action.seat)
        gate = _event_gate(before, action)
        if gate:  # a drawn event card played or not (played: everyone sees it)
            return LogLine(event_line(before, viewer, action, gate, self._who(action.seat),
                                      lang), action.seat)
        scheme = _event_gate(before, action, uses.SCHEME)
        if scheme:
            return LogLine(scheme_line(before, action, scheme, self._who(action.seat), lang),
                           action.seat)
        seat, card = self._card_play
        if action.kind == "effect" and action.seat == seat and card:
            name = combat_text.name(after.rules.events[card], lang)
            if viewer != action.seat:  # its options may name a secret (labels.told)
                return LogLine(_t("fs_refresh.card_secret", lang, name=self._who(seat),
                                  card=name), seat)
            pending = before.play.pending if before.play is not None else None
            option = option_words(before, action.card,
                                  pending.effect if pending is not None else None, lang)
            return LogLine(_t("fs_refresh.card_choice", lang, name=self._who(seat), card=name,
                              option=option), seat)
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

    def _event_lines(self, view: State, lang: str,
                     events: Sequence[object] | None = None) -> list[LogLine]:
        rules = view.rules
        events = view.events if events is None else events
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


# ---------------------------------------------------------------------- the refresh


def _event_gate(before: State, action: Action, what: str = uses.EVENT) -> str:
    """The event card (``what``: drawn, or a face-up Scheme) whose use ``action``
    answers ("" when it answers none)."""
    play = before.play
    if action.kind != "effect" or play is None or play.pending is None:
        return ""
    effect = play.pending.effect
    if effect.kind != "_use" or effect.params.get("what") != what:
        return ""
    card = str(effect.params.get("card", ""))
    return card if card in before.rules.events else ""


def scheme_line(before: State, action: Action, card: str, who: str, lang: str) -> str:
    """A face-up Scheme (public, RB p.6) used or kept for later."""
    entry = before.rules.events[card]
    name = combat_text.name(entry, lang)
    if action.card == uses.USE:
        return _t("fs_refresh.scheme_used", lang, name=who, card=name,
                  text=combat_text.effects_text(before.rules, entry.effects, lang))
    return _t("fs_refresh.scheme_kept", lang, name=who, card=name)


def event_line(before: State, viewer: int, action: Action, card: str, who: str,
               lang: str) -> str:
    """A drawn event card played (its name and text: now everyone sees it), kept face up
    (a Scheme) or not played (named only to its owner)."""
    entry = before.rules.events[card]
    name = combat_text.name(entry, lang)
    if action.card == uses.USE:
        key = "event_kept" if entry.kind == "scheme" else "event_played"
        return _t(f"fs_refresh.{key}", lang, name=who, card=name,
                  text=combat_text.effects_text(before.rules, entry.effects, lang))
    if viewer == action.seat:
        return _t("fs_refresh.event_passed", lang, name=who, card=name)
    return _t("fs_refresh.event_hidden_pass", lang, name=who)


def storm_line(before: State, after: State, viewer: int, action: Action, who: str,
               lang: str) -> str:
    """A storm moved by a card's icon: from where to where; the card named to its owner,
    or to everyone when it was the top card of the deck, shown (RB p.6 «вскрывает»)."""
    shown = not before.players[action.seat].drawn
    if viewer == action.seat or shown:
        card = _t("fs_refresh.card_named", lang,
                  card=combat_text.name(before.rules.events[action.card], lang))
    else:
        card = _t("fs_refresh.their_card", lang)
    moved = next((e for e in after.events if isinstance(e, StormMoved)), None)
    if moved is None or moved.storm < 0 or not action.target.isdigit():
        return _t("fs_refresh.storm_none", lang, name=who, card=card)
    old = ",".join(map(str, before.storms[int(action.target)]))
    return _t("fs_refresh.storm", lang, name=who, card=card,
              old=labels.border_name(before, old, lang),
              new=labels.border_name(after, moved.to, lang))


def _friendly_worlds(view: State, seat: int) -> list[tuple[str, int]]:
    """The seat's friendly worlds that produce materiel (area id, value)."""
    return sorted((a, pa.area.materiel) for a, pa in view.topology.areas.items()
                  if view.owner.get(a) == seat and pa.area.materiel > 0)


def refresh_lines(view: State, events: Sequence[object], who: Callable[[int], str],
                  lang: str) -> list[LogLine]:
    """The refresh phase's steps 1-4 in turn (RB p.6), each saying what happened and why:
    objective tokens taken from friendly worlds, materiel by world (or why none), routed
    units standing up, event cards drawn for the order tokens on each event deck; the
    game's end when an objective count won it.  ``events``: from RefreshStarted on."""
    out: list[LogLine] = []
    collected = [e for e in events if isinstance(e, Collected)]
    for e in collected:
        out.append(LogLine(_t("fs_refresh.objective", lang, name=who(e.seat),
                              world=labels.area_name(view, e.world, lang)), e.seat))
    if not collected:
        out.append(LogLine(_t("fs_refresh.objective_none", lang)))
    over = [e for e in events if isinstance(e, GameOver)]
    if over:  # the objectives ended the game before the other steps
        winners = ", ".join(who(s) for s in over[0].winners)
        return [*out, LogLine(_t("fs_log.winners", lang, names=winners), heading=True)]
    cap = view.rules.constants["materiel_cap"]
    gained = {e.seat: e.count for e in events
              if isinstance(e, Gained) and e.what == "materiel"}
    for p in view.players:
        worlds = _friendly_worlds(view, p.seat)
        names = ", ".join(f"{labels.area_name(view, a, lang)} +{m}" for a, m in worlds)
        n = gained.get(p.seat, 0)
        if n:
            key = "materiel" if n >= sum(m for _, m in worlds) else "materiel_capped"
            text = _t(f"fs_refresh.{key}", lang, name=who(p.seat), n=n, worlds=names, cap=cap)
        else:
            key = "materiel_full" if worlds else "materiel_none"
            text = _t(f"fs_refresh.{key}", lang, name=who(p.seat), cap=cap)
        out.append(LogLine(text, p.seat))
    rallied = [e for e in events if isinstance(e, Rallied)]
    for e in rallied:
        out.append(LogLine(_t("fs_refresh.rallied", lang, name=who(e.seat),
                              area=labels.area_name(view, e.area, lang),
                              unit=combat_text.unit_word(view.rules, e.unit, lang), n=e.count),
                           e.seat))
    if not rallied:
        out.append(LogLine(_t("fs_refresh.rallied_none", lang)))
    drawn = [e for e in events if isinstance(e, EventsDrawn)]
    if drawn:
        out.append(LogLine(_t("fs_refresh.drawn", lang, list=", ".join(
            f"{who(e.seat)} {e.count}" for e in drawn))))
    out += [LogLine(_t("fs_refresh.drawn_none", lang, name=who(e.seat)), e.seat)
            for e in drawn if not e.count]
    return out


def refresh_shown(state: State, viewer: int) -> int:
    """The round whose refresh the table's card tells now, 0 for none: during the
    refresh phase (its storms and event cards included), and after it until the viewer
    places their first order of the next round."""
    if state.step == STORMS or (state.step == EFFECT and state.play is not None
                                and state.play.resume == "storm_next"):
        return state.round
    if state.step == PLANNING and state.round > 1 and 0 <= viewer < len(state.players) \
            and state.players[viewer].placed == 0:
        return state.round - 1
    return 0


def refresh_card_lines(lines: Sequence[LogLine], lang: str) -> list[str]:
    """The lines of the latest refresh phase in a viewer's move log (after its heading,
    up to the next heading)."""
    head = _t("fs_log.refresh", lang)
    start = next((i for i in range(len(lines) - 1, -1, -1)
                  if lines[i].heading and lines[i].text == head), None)
    if start is None:
        return []
    out: list[str] = []
    for line in lines[start + 1:]:
        if line.heading:
            break
        out.append(line.text)
    return out
