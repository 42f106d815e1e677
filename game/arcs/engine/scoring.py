"""The end of a chapter (RU p.18–19): ambitions scored, trophies and captives returned,
markers returned and flipped, the end of the game, the next deal.
"""

from __future__ import annotations

from game.arcs.engine import cartels, leaders, slots
from game.arcs.engine.basic import return_city_to_board
from game.arcs.engine.deal import deal
from game.arcs.engine.events import ChapterEnd, GameOver, Scored
from game.arcs.engine.state import NOBODY, OVER, State

# «В партии на четырех … хотя бы 27 очков власти, на троих – 30 очков власти, на двоих –
# 33 очка власти.» (RU p.2, p.19)
POWER_TO_WIN = {2: 33, 3: 30, 4: 27}
LAST_CHAPTER = 5
GHOST = -2  # 2 players: the ambition boxes' tokens, scored «как если бы они были у
# третьего игрока» (RU p.19); they take places but gain nothing


def ambition_count(state: State, seat: int, ambition: str) -> int:
    """What the ambition counts for a seat (RU p.18): resources and guild cards of the
    listed types («символов топлива и материалов» …; Weapon cards count for nothing, and
    no ambition lists Weapon), captives (Tyrant) or trophies (Warlord).  A Cartel's
    holder also counts the supply on it («You add it to Tycoon», cartels.py)."""
    assert state.rules is not None
    amb = state.rules.ambitions[ambition]
    player = state.players[seat]
    if amb.counts == "captives":
        return len(player.captives)
    if amb.counts == "trophies":
        return len(player.trophies)
    suits = {c.id: c.suit for c in state.rules.court}
    return (sum(r in amb.resources for r in player.resources)
            + sum(suits[c] in amb.resources for c in player.guild)
            + sum(cartels.held(state, seat, r) for r in amb.resources))


def places(counts: list[tuple[int, int]]) -> tuple[int, list[int]]:
    """(first, second places) from (who, count) pairs.

    «Ничьи. При ничьей за первое место все претендующие игроки занимают второе. При
    ничьей за второе место никто из претендентов не получает власть. Минимальное
    количество. Нельзя получить власть за замысел, если у вас нет того, что учитывается
    при его исполнении.» (RU p.18)"""
    counted = [(w, c) for w, c in counts if c > 0]
    if not counted:
        return NOBODY, []
    top = max(c for _, c in counted)
    best = [w for w, c in counted if c == top]
    if len(best) > 1:
        return NOBODY, best
    rest = [c for _, c in counted if c < top]
    if not rest:
        return best[0], []
    runner = max(rest)
    seconds = [w for w, c in counted if c == runner]
    return best[0], seconds if len(seconds) == 1 else []


def score_ambitions(state: State) -> list[str]:
    """Stage 1: every ambition with a marker on it; returns the ambitions scored."""
    assert state.rules is not None
    scored = []
    for ambition in state.rules.ambitions:
        markers = state.markers_on.get(ambition, [])
        if not markers:
            continue
        scored.append(ambition)
        values = [state.marker_values(m) for m in markers]
        counts = [(s, ambition_count(state, s, ambition)) for s in range(state.n)]
        if state.n == 2:
            counts.append((GHOST, len(state.ambition_tokens.get(ambition, []))))
        first, seconds = places(counts)
        if first >= 0:
            # «Вы можете получить этот бонус власти только 1 раз за замысел»
            power = sum(v[0] for v in values) + state.city_bonus(first)
            if _as_second(state, first, ambition):
                power = sum(v[1] for v in values)
            state.players[first].power += power
            state.events.append(Scored(first, ambition, 1, power))
        for seat in seconds:
            if seat >= 0 and not _as_second(state, seat, ambition):
                power = sum(v[1] for v in values)
                state.players[seat].power += power
                state.events.append(Scored(seat, ambition, 2, power))
    return scored


def _as_second(state: State, seat: int, ambition: str) -> bool:
    """The Elder (Tyrant), the Warrior (Empath) (``score_as_second``): «When you're
    scoring Tyrant, gain no Power for second place, and gain Power for second place if
    you get first place. (Don't get bonus city Power.)»"""
    return seat >= 0 and bool(leaders.holds(state, seat, "score_as_second",
                                            ambition=ambition))


def _return_trophies(state: State) -> None:
    """«Начислив очки за «Полководца», верните все трофеи» — each piece to its owner.
    «Города возвращаются в крайнюю справа пустую ячейку на своих изначальных планшетах»;
    a city covering a full slot pushes the rightmost resources back to the supply (the
    owner does not choose which: docs/arcs-rulings.md)."""
    for player in state.players:
        for owner, kind in player.trophies:
            back = state.players[owner]
            if kind == "ship":
                back.ships += 1
            elif kind == "starport":
                back.starports += 1
            elif kind == "agent":
                back.agents += 1
            else:
                return_city_to_board(state, owner)
        player.trophies = []


def _discard_after_scoring(state: State, scored: list[str]) -> None:
    """The Fuel-Drinker (``discard_after_scoring``, ``who = "self"``): «After scoring,
    discard all Fuel if Tycoon was scored» (facts §9).  Only leaders' and lore's
    abilities; the Cartels' (``who = "rivals"``) are the court's (cartels.py)."""
    for seat in range(state.n):
        for ab in leaders.holds(state, seat, "discard_after_scoring", who="self"):
            if ab.params.get("if_scored") not in (None, *scored):
                continue
            r = ab.params["resource"]
            state.supply[r] += slots.remove_all(state, seat, r)
    cartels.discard_after_scoring(state)


def end_chapter(state: State) -> None:
    assert state.rules is not None
    scored = score_ambitions(state)
    _discard_after_scoring(state, scored)
    # Stage 2: «Начислив очки за «Полководца», верните все трофеи. Начислив очки за
    # «Тирана», верните всех пленников.»
    if "warlord" in scored:
        _return_trophies(state)
    if "tyrant" in scored:
        for player in state.players:
            for owner in player.captives:
                state.players[owner].agents += 1
            player.captives = []
    # «Верните все маркеры замыслов в ячейки доступных маркеров на поле. Переверните ещё
    # не перевёрнутый маркер замыслов с наименьшей властью на сторону с большей властью.»
    for markers in state.markers_on.values():
        state.available.extend(markers)
        markers.clear()
    unflipped = [m for m in state.rules.markers if m.id not in state.flipped]
    if unflipped:
        state.flipped.append(min(unflipped, key=lambda m: m.front).id)
    state.available.sort(key=lambda m: state.marker_values(m), reverse=True)
    state.events.append(ChapterEnd(state.chapter))
    # Stage 3: the end of the game, or the next chapter.
    goal = POWER_TO_WIN[state.n]
    if state.chapter >= LAST_CHAPTER or any(p.power >= goal for p in state.players):
        state.winner = winner(state)
        state.step = OVER
        state.events.append(GameOver(state.winner, tuple(p.power for p in state.players)))
        return
    state.chapter += 1
    # Stage 4: «Перемешайте все карты действий. Каждый игрок берёт в руку 6 карт.»
    deal(state, [c.id for c in state.rules.deck(state.n)])


def winner(state: State) -> int:
    """«Если партия закончилась, побеждает участник с наибольшей властью. При ничьей
    побеждает игрок, стоящий раньше в порядке хода.» (RU p.19) — turn order from the
    initiative holder clockwise."""
    order = [(state.initiative + i) % state.n for i in range(state.n)]
    top = max(p.power for p in state.players)
    return next(s for s in order if state.players[s].power == top)
