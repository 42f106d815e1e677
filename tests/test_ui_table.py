"""The table, driven headless with synthetic mouse and keyboard events."""

from dataclasses import replace

import pygame
import pygame_gui
import pytest

from game import i18n
from game.settings import Settings
from game.star_realms import card_text
from game.star_realms.ui.scenes.table import TableScene
from game.star_realms.ui.session import Session
from game.ui.main import make_app
from tests.scene import DB, Scene


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("STAR_REALMS_CONFIG_DIR", str(tmp_path / "config"))
    settings = replace(Settings(), language="en", animation_speed=0.0, auto_apply=False)
    application = make_app(size=(1920, 1080), settings=settings, persist=False)
    yield application
    for scene in application.stack:
        if hasattr(scene, "session"):
            scene.session.close()


def table(app, scene: Scene, controllers=("human", "greedy")) -> TableScene:
    session = Session(DB, scene.state, list(controllers))
    t = app.push(TableScene(app, session))
    frame(app)
    return t


def frame(app, events=(), n=1):
    """One or more ticks; also delivers what pygame-gui posted to the event queue."""
    for _ in range(n):
        app.frame(list(events) + pygame.event.get(), 1 / 60)
        events = ()


def mouse(kind, pos, button=1):
    """A synthetic mouse event; the cursor really moves there too (pygame-gui reads it)."""
    pygame.mouse.set_pos(pos)
    if kind == "motion":
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    etype = pygame.MOUSEBUTTONDOWN if kind == "down" else pygame.MOUSEBUTTONUP
    return pygame.event.Event(etype, pos=pos, button=button)


def drag(app, start, end, steps=5):
    frame(app, [mouse("motion", start), mouse("down", start)])
    for i in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * i // steps,
             start[1] + (end[1] - start[1]) * i // steps)
        frame(app, [mouse("motion", p)])
    frame(app, [mouse("up", end)])


def click(app, pos, button=1):
    frame(app, [mouse("motion", pos), mouse("down", pos, button)])
    frame(app, [mouse("up", pos, button)])
    frame(app)  # pygame-gui posts the button press during the release


def key(app, k):
    frame(app, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])


def card_center(t: TableScene, iid: int):
    return t.card_rects[iid].center


def test_drag_a_hand_card_onto_the_table_plays_it(app):
    sc = Scene(hand=["frontier_runner", "scout"])
    t = table(app, sc)
    runner = sc.id("frontier_runner")
    drag(app, card_center(t, runner), t.layout.zones()["my_field"].center)
    assert runner in sc.me.in_play and sc.me.trade == 2 and sc.authority(0) == 52


def test_drag_a_trade_row_card_onto_the_discard_pile_buys_it(app):
    sc = Scene(trade=5)
    t = table(app, sc)
    boat = sc.id("patrol_boat", sc.state.trade_row)
    drag(app, card_center(t, boat), t.layout.zones()["my_discard"].center)
    assert boat in sc.me.discard and sc.me.trade == 2


def test_unaffordable_buy_snaps_back_and_says_why(app):
    sc = Scene(trade=1)
    t = table(app, sc)
    boat = sc.id("patrol_boat", sc.state.trade_row)
    before = sc.state.log_len
    drag(app, card_center(t, boat), t.layout.zones()["my_discard"].center)
    assert sc.state.log_len == before and boat in sc.state.trade_row
    assert any("costs 3, you have 1" in text for text, *_ in t.toasts)
    frame(app, n=2)
    assert t.card_rects[boat].topleft == t.sprites[("card", boat)].current(
        app.clock_ms).topleft


def test_drag_combat_onto_a_base_destroys_it(app):
    sc = Scene(combat=5, opp_bases=["defense_system", "spike_cluster"])
    t = table(app, sc)
    outpost = sc.id("defense_system")
    drag(app, t.combat_rect().center, card_center(t, outpost))
    assert outpost in sc.opp.discard and sc.me.combat == 0


def test_click_equivalents_for_attacks(app):
    sc = Scene(combat=9, opp_bases=["spike_cluster"])
    t = table(app, sc)
    click(app, card_center(t, sc.id("spike_cluster")))
    assert sc.opp.discard and sc.me.combat == 6
    click(app, t.layout.zones()["opp_info"].center)
    assert t.amount_panel is not None
    click(app, t.amount_panel["ok"].rect.center)
    assert sc.authority(1) == 44 and sc.me.combat == 0


def test_illegal_attack_past_an_outpost_changes_nothing(app):
    sc = Scene(combat=9, opp_bases=["defense_system", "spike_cluster"])
    t = table(app, sc)
    behind = sc.id("spike_cluster")
    drag(app, t.combat_rect().center, card_center(t, behind))
    assert behind in sc.opp.bases and sc.me.combat == 9
    assert any("outpost" in text for text, *_ in t.toasts)


def test_drag_combat_onto_the_opponent_asks_the_amount(app):
    sc = Scene(combat=7)
    t = table(app, sc)
    drag(app, t.combat_rect().center, t.layout.zones()["opp_info"].center)
    assert t.amount_panel is not None and sc.authority(1) == 50
    t.amount_panel["slider"].set_current_value(4)
    click(app, t.amount_panel["ok"].rect.center)
    assert sc.authority(1) == 46 and sc.me.combat == 3


def test_double_click_plays_and_buys(app):
    sc = Scene(hand=["viper"], trade=2)
    t = table(app, sc)
    viper = sc.id("viper")
    click(app, card_center(t, viper))
    click(app, card_center(t, viper))
    assert viper in sc.me.in_play
    runner = sc.id("frontier_runner", sc.state.trade_row)
    pos = card_center(t, runner)
    click(app, pos)
    click(app, pos)
    assert runner in sc.me.discard


def test_play_all_key_and_end_turn_confirmation(app):
    sc = Scene(hand=["scout", "viper", "scout"])
    t = table(app, sc)
    key(app, pygame.K_p)
    assert sc.me.hand == [] and sc.me.trade == 2 and sc.me.combat == 1
    key(app, pygame.K_e)  # trade and combat would be wasted: confirm first
    assert t.confirm is not None and sc.state.active == 0
    frame(app, [pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
                                   {"ui_element": t.confirm})])
    assert sc.state.active == 1


def test_end_turn_without_waste_needs_no_confirmation(app):
    sc = Scene(hand=[])
    table(app, sc)
    key(app, pygame.K_RETURN)
    assert sc.state.active == 1


def test_a_question_opens_a_prompt_and_a_click_answers_it(app):
    sc = Scene(hand=["blob_miner"])
    t = table(app, sc)
    drag(app, card_center(t, sc.id("blob_miner")), t.layout.zones()["my_field"].center)
    assert t.prompt is not None and len(t.prompt.card_rects) == 5
    rect, action = t.prompt.card_rects[1]
    click(app, rect.center)
    assert action.card in sc.state.scrap and sc.pending is None
    frame(app)
    assert t.prompt is None


def test_option_prompt_buttons(app):
    sc = Scene(bases=["outland_station"])
    t = table(app, sc)
    chip = next(r for r, a, slot in t.chip_rects if slot == "primary" and a is not None)
    click(app, chip.center)
    assert t.prompt is not None and len(t.prompt.actions) == 2
    # the buttons say what each option does, worded by the model's question
    options = sc.state.pending.effect[1]
    want = {a.index: card_text.ability_text(options[a.index], i18n.language())
            for a in t.prompt.actions.values()}
    assert {a.index: t.prompt.labels[b] for b, a in t.prompt.actions.items()} == want
    button = next(b for b, a in t.prompt.actions.items() if a.index == 1)
    frame(app, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {"ui_element": button})])
    assert sc.authority(0) == 53


def test_ability_chips_show_available_used_and_waiting(app):
    sc = Scene(hand=["crusher"], bases=["spike_cluster"], in_play=["plasma_bot"])
    t = table(app, sc)
    frame(app)
    spike = sc.id("spike_cluster")
    assert t.chip_states(spike) == [("primary", "available"), ("ally", "waiting")]
    assert t.chip_states(sc.id("plasma_bot")) == [("primary", "used"), ("ally", "waiting")]
    drag(app, card_center(t, sc.id("crusher")), t.layout.zones()["my_field"].center)
    assert t.chip_states(spike) == [("primary", "available"), ("ally", "available")]
    chip = next(r for r, a, slot in t.chip_rects
                if slot == "ally" and a is not None and a.card == spike)
    click(app, chip.center)
    assert t.chip_states(spike)[1] == ("ally", "used") and sc.me.trade == 1


def test_auto_apply_uses_plain_gains(app):
    app.settings.auto_apply = True
    sc = Scene(bases=["spike_cluster", "outland_station"])
    table(app, sc)
    frame(app, n=4)
    assert sc.me.combat == 2  # Spike Cluster's primary used by itself
    assert (sc.id("outland_station"), "primary") not in sc.state.used  # a choice: waits


def test_drag_a_card_in_play_onto_the_scrap_heap_scraps_it(app):
    sc = Scene(in_play=["stinger"])
    t = table(app, sc)
    stinger = sc.id("stinger")
    drag(app, card_center(t, stinger), t.layout.zones()["scrap"].center)
    assert stinger in sc.state.scrap and sc.me.trade == 1


def test_hot_seat_curtain_hides_hands_until_clicked(app):
    sc = Scene(hand=[])
    t = table(app, sc, controllers=("human", "human"))
    assert t.session.curtain == 0  # two people at one screen: even the first one is asked
    frame(app)
    click(app, t.btn_curtain.rect.center)
    assert t.session.curtain is None
    key(app, pygame.K_e)
    assert sc.state.active == 1 and t.session.curtain == 1
    assert t.session.viewer == 0  # still drawn from the previous player's side
    frame(app)
    assert t.btn_curtain is not None
    click(app, t.btn_curtain.rect.center)
    assert t.session.curtain is None and t.session.viewer == 1
    view = t.view
    assert view.seats[1].hand == sc.opp.hand and all(c < 0 for c in view.seats[0].hand)


def test_the_ai_plays_its_turn_step_by_step(app):
    sc = Scene(hand=[])
    t = table(app, sc, controllers=("human", "greedy"))
    key(app, pygame.K_e)
    seen = set()
    for _ in range(400):
        frame(app)
        seen.add(sc.state.log_len)
        if sc.state.active == 0:
            break
    assert sc.state.active == 0
    assert len(seen) > 3  # one action at a time, not all at once
    assert any(line.key.startswith("log.play") and line.seat == 1 for line in t.session.log)


def test_browse_discard_and_zoom(app):
    sc = Scene(discard=["stinger", "patrol_boat"])
    t = table(app, sc)
    click(app, t.layout.zones()["my_discard"].center)
    from game.star_realms.ui.scenes.overlays import BrowseScene

    assert isinstance(app.top, BrowseScene) and len(app.top.cards) == 2
    key(app, pygame.K_ESCAPE)
    assert app.top is t
    boat = sc.id("patrol_boat", sc.me.discard)
    click(app, card_center(t, boat), button=3)
    assert t.zoom_sticky == boat


def test_escape_opens_pause_and_quit_returns_to_menu(app):
    sc = Scene()
    table(app, sc)
    key(app, pygame.K_ESCAPE)
    from game.star_realms.ui.scenes.overlays import PauseScene
    from game.ui.scenes.menu import MenuScene

    pause = app.top
    assert isinstance(pause, PauseScene)
    button = next(b for b, k in pause.buttons.items() if k == "quit_to_menu")
    click(app, button.rect.center)
    assert pause.confirm is not None  # asked first (tests/test_ui_polish.py)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, MenuScene) and len(app.stack) == 1


def test_game_over_scene(app):
    sc = Scene(combat=10, authority=(50, 10))
    t = table(app, sc)
    t.act(t.attack_all_action())
    frame(app, n=2)
    from game.star_realms.ui.scenes.game_over import GameOverScene

    assert isinstance(app.top, GameOverScene)
