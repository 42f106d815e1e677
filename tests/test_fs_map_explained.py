"""Issue 38 items 1 and 3: Forbidden Stars' map explained (every drawn symbol has a
tooltip in words, a legend one key away lists every kind with its icon, units drawn as
distinct icons, routed ones turned) and what a decision needs (Deploy's prices, an
order upgrade's cost and text, combat and event cards readable on hover and in a
right-click zoom)."""

from __future__ import annotations

import re

import pygame
import pytest

from game.forbidden_stars.ai import make_player
from game.forbidden_stars.data import load_fs_rules
from game.forbidden_stars.engine.rules import acting_seat, apply, legal_actions
from game.forbidden_stars.engine.setup import new_game
from game.forbidden_stars.engine.state import OVER, Action, GameConfig, State
from game.forbidden_stars.engine.view import player_view
from game.forbidden_stars.ui import style
from game.forbidden_stars.ui.combat_text import effects_text
from game.forbidden_stars.ui.hits import Tip
from game.forbidden_stars.ui.map_legend import LEGEND, draw_legend, legend_rows, tip_text
from game.forbidden_stars.ui.model import build_model, model_of
from game.forbidden_stars.ui.scenes.table import FsTableScene
from game.forbidden_stars.ui.session import FsSession, FsSetup
from game.forbidden_stars.ui.table_view import draw_table

RULES = load_fs_rules()
IDS = set(RULES.units) | set(RULES.structures) | set(RULES.upgrades) | set(RULES.events) \
    | set(RULES.combat_cards) | set(RULES.faces)
RAW = re.compile(r"[{}]|\bfs_map\.|\b[a-z]+_[a-z_]+\b|\bt\d+[ab]")
CYRILLIC = re.compile(r"[а-яА-ЯёЁ]")
# what the map draws and must explain (storms and objectives where the board has them)
MAP_KINDS = {"system", "area", "materiel", "capacity", "asset", "objective", "structure",
             "unit", "stack", "storm"}


@pytest.fixture(autouse=True)
def fonts_ready():
    pygame.font.init()
    yield


def states(players: int, seed: int, actions: int, every: int):
    state = new_game(RULES, GameConfig(players=players, seed=seed))
    bots = [make_player("random", seed * 10 + i) for i in range(players)]
    for i in range(actions):
        if state.step == OVER:
            return
        if i % every == 0:
            yield state
        seat = acting_seat(state)
        apply(state, bots[seat].choose(player_view(state, seat), legal_actions(state)))


def words_ok(text: str, lang: str) -> list[str]:
    bad = [f"raw {m.group(0)!r}" for m in RAW.finditer(text)]
    bad += [f"id {w}" for w in re.findall(r"[a-z_0-9]+", text) if w in IDS]
    if lang == "ru" and text and not CYRILLIC.search(text) and not re.fullmatch(
            r"[\W\d×]*", text):
        bad.append("no Russian")
    return bad


@pytest.mark.parametrize("players,seed", [(2, 3), (4, 7)])
def test_every_drawn_map_symbol_has_a_tooltip_in_words(players: int, seed: int) -> None:
    kinds: set[str] = set()
    checked = 0
    for state in states(players, seed, 500, 61):
        for lang in ("en", "ru"):
            model = build_model(state, 0, lang)
            hits = draw_table(pygame.Surface((1400, 1080)), model, 1.0, lang=lang)
            for tip in hits.tips:
                kinds.add(tip.kind)
                title, kind, body = tip_text(model, tip, lang)
                assert title and body, (tip.kind, lang)
                for text in (title, kind, body):
                    assert not words_ok(text, lang), (tip.kind, text, words_ok(text, lang))
                checked += 1
    assert kinds >= MAP_KINDS, MAP_KINDS - kinds
    assert checked > 200


def test_a_unit_tip_names_it_with_its_figures_and_a_routed_one_says_so() -> None:
    state = new_game(RULES, GameConfig(players=2, seed=3))
    model = build_model(state, 0, "en")
    area = next(a for s in model["systems"] for a in s["areas"] if a["units"])
    u = area["units"][0]
    data = RULES.units[u["unit"]]
    title, kind, body = tip_text(model, Tip("unit", pygame.Rect(0, 0, 1, 1), {
        "unit": u["unit"], "seat": u["seat"], "count": 2, "routed": True}), "en")
    assert title.startswith(f"{data.name_en} ×2") and "routed" in title
    assert f"Cost {data.cost} materiel" in body and f"health {data.health}" in body
    assert f"command level {data.cl}" in kind


def test_a_routed_unit_is_drawn_turned() -> None:
    """The same icon routed is the upright one turned a quarter (and greyed)."""
    for cls in style.UNIT_CLASSES:
        up = pygame.Surface((40, 40), pygame.SRCALPHA)
        down = pygame.Surface((40, 40), pygame.SRCALPHA)
        style.unit_icon(up, (20, 20), 16, (220, 60, 56), cls)
        style.unit_icon(down, (20, 20), 16, (220, 60, 56), cls, routed=True)
        mask_up = pygame.mask.from_surface(up)
        turned = pygame.mask.from_surface(pygame.transform.rotate(up, -90))
        assert pygame.mask.from_surface(down).overlap_area(turned, (0, 0)) > \
            0.9 * turned.count()
        assert mask_up.count() > 0
        assert down.get_at((20, 20)) != up.get_at((20, 20)) or cls == "infantry"


def test_the_six_unit_kinds_are_drawn_differently() -> None:
    masks = []
    for cls in style.UNIT_CLASSES:
        s = pygame.Surface((40, 40), pygame.SRCALPHA)
        style.unit_icon(s, (20, 20), 16, (70, 130, 240), cls)
        masks.append(pygame.image.tobytes(s, "RGBA"))
    assert len(set(masks)) == len(style.UNIT_CLASSES)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
def test_the_legend_lists_every_kind_with_words_and_fits(lang: str,
                                                         size: tuple[int, int]) -> None:
    model = build_model(new_game(RULES, GameConfig(players=4, seed=7)), 0, lang)
    rows = legend_rows(model, lang)
    assert [k for k, _, _ in rows] == list(LEGEND)
    for kind, name, body in rows:
        assert name and body, kind
        assert not words_ok(name + " " + body, lang), (kind, name, body)
    # every kind a tooltip names has its legend row
    for tip_kind in ("world", "void", "materiel", "capacity", "objective", "stack", "storm",
                     "routed", "contested", "held"):
        assert tip_kind in LEGEND
    assert {f"asset.{a}" for a in RULES.assets} <= set(LEGEND)
    assert {f"structure.{s}" for s in RULES.structures} <= set(LEGEND)
    surface = pygame.Surface(size)
    area = surface.get_rect()
    card = draw_legend(surface, area, model, size[1] / 1080, lang)
    assert area.contains(card)


def deploy_state(players: int = 2, seed: int = 3) -> State:
    for state in states(players, seed, 4000, 1):
        if any(a.kind in ("buy", "build") for a in legal_actions(state)):
            return state
    raise AssertionError("no Deploy purchase came")


def model_for(state: State, lang: str) -> dict:
    seat = acting_seat(state)
    return model_of(player_view(state, seat), seat, seat, legal_actions(state), lang)


def price_words(n: int, lang: str) -> str:
    """A price as the book says it: «1 материал», «2 материала», «5 материалов»."""
    if lang == "en":
        return f"{n} materiel"
    if n % 10 == 1 and n % 100 != 11:
        return f"{n} материал"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return f"{n} материала"
    return f"{n} материалов"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_deploy_labels_show_the_price_this_action_pays(lang: str) -> None:
    state = deploy_state()
    seen = 0
    for e in model_for(state, lang)["actions"]:
        a = Action.from_json(e["action"])
        if a.kind not in ("buy", "build"):
            continue
        base = RULES.units[a.card].cost if a.kind == "buy" else RULES.structures[a.card].cost
        paid = base - (2 if "cache" in a.extra else 0)  # a supply cache: 2 off
        if "scheme" in a.extra:
            continue
        assert e["label"].endswith(f"— {price_words(max(0, paid), lang)}"), e["label"]
        seen += 1
    assert seen


def upgrade_state() -> State:
    for seed in (3, 5, 7, 11):
        for state in states(2, seed, 4000, 1):
            if any(a.kind == "upgrade" for a in legal_actions(state)):
                return state
    raise AssertionError("no order upgrade came")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_upgrade_label_says_its_cost_and_its_text(lang: str) -> None:
    state = upgrade_state()
    seen = 0
    for e in model_for(state, lang)["actions"]:
        a = Action.from_json(e["action"])
        if a.kind != "upgrade":
            continue
        g = RULES.upgrades[a.card]
        assert f", {price_words(g.cost, lang)}:" in e["label"], e["label"]
        assert effects_text(RULES, g.effects, lang) in e["label"]
        assert not words_ok(e["label"], lang)
        seen += 1
    assert seen


# ---------------------------------------------------------------------- at the table

def scene_at(app, done) -> FsTableScene:
    session = FsSession(FsSetup(("human", "random"), ("Anna", "Boris"), seed=3),
                        bot_delay=0.0, autosave=False)
    scene = FsTableScene(app, session)
    app.push(scene)
    rng_bot = make_player("random", 99)
    for _ in range(6000):
        app.frame([], 0.0)
        if done(scene):
            return scene
        if scene.my_turn():
            scene.play(rng_bot.choose(session.view(session.acting), session.legal()))
        scene.session.combats.unseen.clear()
        scene.session.combats.close() if scene.session.combats.shown else None
        app.frame([], 1.0)
    raise AssertionError("the moment never came")


def key(app, k: int) -> None:
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")], 0.0)


def test_l_opens_the_legend_and_its_button_and_esc_close_it(app) -> None:
    scene = scene_at(app, lambda s: s.my_turn())
    assert not scene.legend_open
    key(app, pygame.K_l)
    assert scene.legend_open
    key(app, pygame.K_ESCAPE)  # closes the legend, not a pause menu over it
    assert not scene.legend_open and app.top is scene
    assert scene.legend_button.w > 0
    pos = scene.legend_button.center
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)], 0.0)
    assert scene.legend_open


def test_a_right_click_on_a_combat_card_zooms_its_whole_text(app) -> None:
    def hand(s: FsTableScene) -> bool:
        return s.panel is not None and s.my_turn() and bool(s.panel._shown)
    scene = scene_at(app, hand)
    rect, card, _faction = scene.panel._shown[0]
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=rect.center)], 0.0)
    face = scene.card_zoom.face
    assert face is not None and face.title == card.name
    assert card.main in face.body and (not card.unit or card.unit in face.body)
