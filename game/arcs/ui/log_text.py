"""Arcs' move log in words (game.ui.log_panel): chapter and round headings, each action
as its seat's line, and what it did that every seat saw — the dice and their results,
hits, resources taken, the ambitions scored, the Power at a chapter's end.

Each viewer's lines are worded from its own player view (game.arcs.engine.view): the
action through :func:`labels.masked` (a rival's face-down copy or seizing card a card
back, a rival's Farseers swap unnamed) and labelled from the view *before* it (so a
secured court card is named, not the card that replaced it), its events as that view
shows them.  The phone page and the table read these same lines.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from game import i18n
from game.arcs.engine.events import (
    PRIVATE,
    ChapterEnd,
    GameOver,
    Hit,
    Outraged,
    Rolled,
    RoundEnd,
    Scored,
    Stole,
    Taxed,
)
from game.arcs.engine.state import DRAFT, Action, State
from game.arcs.engine.view import player_view
from game.arcs.ui.labels import action_label, dice_taken, masked, name, system_name
from game.ui.log_panel import PUBLIC, LogLine, Told

QUIET_KINDS = ("proceed",)  # "Go on" (out of the prelude): a step, not a move to read
# the totals of a roll, in the book's order of resolving them
ROLL_TOTALS = ("self_hits", "intercepts", "hits", "building_hits", "keys")


def _t(key: str, lang: str, **kw: object) -> str:
    return i18n.t(key, lang, **kw)


def intercept_hits(view: State, e: Rolled) -> int:
    """The hits an intercept deals the attacker: «нанесите один удар по одному из ваших
    атакующих кораблей за каждый неповреждённый защищающийся корабль» — counted from
    the view just after the roll (no piece has been hit yet).  A battle already over
    then had nothing to intercept with (its hits would still be to assign)."""
    b = view.battle
    if not e.intercepts or b is None:
        return 0
    return view.fresh[b.system][b.defender]


def roll_steps(e: Rolled, attacker: str, defender: str, intercepted: int,
               lang: str) -> list[tuple[str, str]]:
    """What a roll does, (kind, words) per kind of result in the book's order: «Вы
    должны применить все выпавшие результаты в таком порядке: 1) [самоудары] … 2)
    [перехват] … 3) [удары] … 4) [удары по зданиям] … 5) Налётом заберите ресурсы …»
    (RU p.15)."""
    kw = {"attacker": attacker, "defender": defender}
    out = []
    if e.self_hits:
        out.append(("self_hits", _t("arcs.battle.self_hits", lang, n=e.self_hits, **kw)))
    if e.intercepts:
        key = "arcs.battle.intercept" if intercepted else "arcs.battle.intercept_none"
        out.append(("intercept", _t(key, lang, n=intercepted, **kw)))
    if e.hits:
        out.append(("hits", _t("arcs.battle.hits", lang, n=e.hits, **kw)))
    if e.building_hits:
        out.append(("building_hits", _t("arcs.battle.building_hits", lang,
                                         n=e.building_hits, **kw)))
    if e.keys:
        out.append(("keys", _t("arcs.battle.keys", lang, n=e.keys, **kw)))
    return out or [("nothing", _t("arcs.battle.nothing", lang))]


def roll_consequences(e: Rolled, attacker: str, defender: str, intercepted: int,
                      lang: str) -> list[str]:
    """:func:`roll_steps`' words only (the log's lines under a roll)."""
    return [text for _kind, text in roll_steps(e, attacker, defender, intercepted, lang)]


def rolled_title(e: Rolled, attacker: str, lang: str) -> str:
    """"Red rolls 2 Assault, 1 Raid"."""
    return _t("arcs.battle.rolled", lang, name=attacker,
              dice=dice_taken([die for die, _face in e.dice], lang))


class ArcsTeller:
    """Words Arcs' actions for every viewer (each seat and the public view) in both
    languages, counting the rounds of a chapter as it goes (game.ui.log_panel.Teller)."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)
        self.round = 1

    def _viewers(self, state: State) -> list[int]:
        return [PUBLIC, *range(len(state.players))]

    def _heading(self, state: State, lang: str) -> LogLine:
        if state.step == DRAFT:
            return LogLine(_t("arcs.table.draft", lang), heading=True)
        return LogLine(_t("arcs.log.round", lang, chapter=state.chapter, n=self.round),
                       heading=True)

    def start(self, state: State) -> Told:
        return {(v, lang): (self._heading(state, lang),) for v in self._viewers(state)
                for lang in i18n.LANGUAGES}

    def tell(self, state: State, action: Action, apply: Callable[[State, Action], None],
             word: bool = True) -> Told:
        drafting = state.step == DRAFT
        # The wording needs the views of the acting seat and of the public only: every
        # other seat reads an action as the public does (labels.masked hides the same
        # from each of them) unless it has an event only some seats see (Farseers):
        # then each seat's own view words it.  (Views cost a copy of the game each.)
        groups = [action.seat, PUBLIC] if 0 <= action.seat < len(state.players) else [PUBLIC]
        before = {v: player_view(state, v) for v in groups} if word else {}
        apply(state, action)
        events = state.events
        new_round = any(isinstance(e, (RoundEnd, ChapterEnd)) for e in events)
        if any(isinstance(e, ChapterEnd) for e in events):
            self.round = 1
        elif any(isinstance(e, RoundEnd) for e in events):
            self.round += 1
        if not word:
            return {}
        private = any(isinstance(e, PRIVATE) for e in events)
        over = any(isinstance(e, GameOver) for e in events)
        heading = (new_round or (drafting and state.step != DRAFT)) and not over
        told: Told = {}
        for v in self._viewers(state):
            own = v in groups or private
            # a rival's label: its masked action, worded from the public's view before
            view_before = before.get(v, before[PUBLIC])
            after = player_view(state, v) if own else None
            for lang in i18n.LANGUAGES:
                if not own:  # as the public reads it (see above)
                    told[(v, lang)] = told[(PUBLIC, lang)]
                    continue
                assert after is not None
                lines = [] if action.kind in QUIET_KINDS else [
                    self._action_line(view_before, action, v, lang)]
                lines += self._event_lines(after, lang, view_before, action)
                if heading:
                    lines.append(self._heading(state, lang))
                told[(v, lang)] = tuple(lines)
        return told

    def _who(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else "?"

    def _action_line(self, view: State, action: Action, viewer: int, lang: str) -> LogLine:
        a = masked(action, viewer)  # the phone's masking: one function for both
        label = action_label(view, a, self.names, lang)
        if 0 <= a.seat < len(self.names):
            return LogLine(f"{self.names[a.seat]}: {label}", a.seat)
        return LogLine(label)

    def _defender(self, view: State, before: State | None, action: Action | None) -> int:
        """Who a roll was against: the battle's defender (in the view after the roll,
        or before it when the roll ended the battle; a volley names it itself)."""
        for v in (view, before):
            if v is not None and v.battle is not None:
                return v.battle.defender
        if action is not None and action.kind == "rifle_volley":
            return action.index
        return -1

    def _event_lines(self, view: State, lang: str, before: State | None = None,
                     action: Action | None = None) -> list[LogLine]:
        rules = view.rules
        assert rules is not None

        def nm(ident: str) -> str:
            return name(rules, ident, lang)

        out: list[LogLine] = []
        for e in view.events:
            if isinstance(e, Rolled):
                counts = Counter(die for die, _face in e.dice)
                dice = ", ".join(f"{n}× {nm(die)}" for die, n in counts.items())
                results = [i18n.plural(getattr(e, f), f"arcs.log.{f}", lang)
                           for f in ROLL_TOTALS if getattr(e, f)]
                out.append(LogLine(_t("arcs.log.rolled", lang, name=self._who(e.seat),
                                      dice=dice or "—",
                                      results=", ".join(results) or _t("arcs.log.blank",
                                                                       lang)), e.seat))
                d = self._defender(view, before, action)
                defender = self._who(d) if d >= 0 else _t("arcs.battle.the_defender", lang)
                out += [LogLine(f"· {line}", e.seat) for line in roll_consequences(
                    e, self._who(e.seat), defender, intercept_hits(view, e), lang)]
            elif isinstance(e, Hit):
                key = "arcs.battle.destroyed" if e.destroyed else "arcs.battle.damaged"
                out.append(LogLine(_t(key, lang, owner=self._who(e.owner), piece=nm(e.piece),
                                      system=system_name(rules, e.system, lang),
                                      taker=self._who(e.to)), e.owner))
            elif isinstance(e, Taxed) and e.resource:
                out.append(LogLine(_t("arcs.log.gained", lang, name=self._who(e.seat),
                                      resource=nm(e.resource)), e.seat))
            elif isinstance(e, Stole):
                what = nm(e.resource) if e.resource else nm(e.card)
                out.append(LogLine(_t("arcs.log.stole", lang, name=self._who(e.seat),
                                      what=what, victim=self._who(e.victim)), e.seat))
            elif isinstance(e, Outraged):
                out.append(LogLine(_t("arcs.log.outraged", lang, name=self._who(e.seat),
                                      resource=nm(e.resource)), e.seat))
            elif isinstance(e, Scored):
                place = _t(f"arcs.chapter.place_{min(max(e.place, 1), 3)}", lang)
                out.append(LogLine(_t("arcs.chapter.scored", lang, name=self._who(e.seat),
                                      power=e.power, ambition=nm(e.ambition),
                                      place=place), e.seat))
            elif isinstance(e, ChapterEnd):
                power = " · ".join(f"{self._who(p.index)} {p.power}" for p in view.players)
                out.append(LogLine(_t("arcs.log.chapter_end", lang, n=e.chapter,
                                      power=power), heading=True))
            elif isinstance(e, GameOver):
                out.append(LogLine(_t("arcs.log.winner", lang, name=self._who(e.winner),
                                      power=e.power[e.winner] if 0 <= e.winner < len(
                                          e.power) else 0), e.winner, heading=True))
        return out
