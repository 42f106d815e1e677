"""Autoplay conveniences (opt-in): the safe order to play a hand, ally abilities that ask
nothing used at once, the right-click override, the settings and their migration."""

import json
from dataclasses import replace

import pygame

from game import i18n
from game.settings import SCHEMA, Settings, load_settings, save_settings
from game.star_realms.ui.autoplay import needs_no_choice, safe_order
from game.ui.scenes.overlays import SettingsScene
from tests.scene import DB, Scene
from tests.test_ui_table import card_center, click, frame, key, mouse, table


def order(*ids: str, in_play: tuple[str, ...] = ()) -> list[str]:
    hand = [(i, DB.cards[c]) for i, c in enumerate(ids)]
    return [ids[i] for i in safe_order(hand, [DB.cards[c] for c in in_play])]


# ---------------------------------------------------------------------- the pure order


def test_a_blob_ally_card_comes_after_its_blob_partner():
    assert order("blob_fighter", "scout", "blob_alpha") == ["scout", "blob_alpha",
                                                           "blob_fighter"]


def test_an_ally_card_whose_partner_is_already_in_play_keeps_its_place():
    assert order("blob_fighter", "scout", "blob_alpha", in_play=("battle_pod",)) == [
        "blob_fighter", "scout", "blob_alpha"]


def test_an_ally_card_without_a_partner_in_hand_is_not_held_back():
    assert order("blob_fighter", "scout") == ["blob_fighter", "scout"]


def test_cards_that_count_or_copy_what_is_in_play_go_last():
    # Stealth Needle copies a ship in play; Embassy Yacht counts the bases in play
    assert order("stealth_needle", "scout", "blob_fighter") == ["scout", "blob_fighter",
                                                               "stealth_needle"]
    assert order("embassy_yacht", "scout", "blob_wheel") == ["blob_wheel", "scout",
                                                            "embassy_yacht"]
    assert order("blob_world", "blob_fighter", "trade_pod")[-1] == "blob_world"


def test_bases_with_standing_triggers_come_first():
    # Command Center: "whenever you play a Star Empire ship, gain 2 combat"
    trigger = next(k for k, d in DB.cards.items() if d.triggers and d.is_base)
    assert order("scout", "corvette", trigger)[0] == trigger


def test_which_ally_abilities_need_no_choice():
    assert needs_no_choice(DB.cards["blob_fighter"].ability("ally"))  # draw a card
    assert not needs_no_choice(DB.cards["blob_destroyer"].ability("ally"))  # a base to destroy
    assert not needs_no_choice(())


# ---------------------------------------------------------------------- at the table


def autoplay_app(app, **on):
    app.settings = replace(app.settings, **on)
    return app


def test_with_the_settings_off_a_double_click_plays_one_card(big_app):
    sc = Scene(hand=["blob_fighter", "scout", "blob_alpha"])
    t = table(big_app, sc)
    fighter = sc.id("blob_fighter")
    click(big_app, card_center(t, fighter))
    click(big_app, card_center(t, fighter))
    assert sc.me.in_play == [fighter] and len(sc.me.hand) == 2


def test_autoplay_plays_the_whole_hand_in_the_safe_order(big_app):
    autoplay_app(big_app, autoplay_hand=True)
    sc = Scene(hand=["blob_fighter", "scout", "blob_alpha"])
    t = table(big_app, sc)
    fighter = sc.id("blob_fighter")
    click(big_app, card_center(t, fighter))
    click(big_app, card_center(t, fighter))
    assert sc.me.hand == []
    assert [sc.state.cards[i].id for i in sc.me.in_play] == ["scout", "blob_alpha",
                                                            "blob_fighter"]


def test_play_all_keeps_the_hand_order_unless_autoplay_is_on(big_app):
    sc = Scene(hand=["blob_fighter", "scout", "blob_alpha"])
    table(big_app, sc)
    key(big_app, pygame.K_p)
    assert [sc.state.cards[i].id for i in sc.me.in_play] == ["blob_fighter", "scout",
                                                            "blob_alpha"]


def test_a_right_click_plays_just_that_card(big_app):
    autoplay_app(big_app, autoplay_hand=True)
    sc = Scene(hand=["blob_fighter", "scout", "blob_alpha"])
    t = table(big_app, sc)
    scout = sc.id("scout")
    click(big_app, card_center(t, scout), button=3)
    assert sc.me.in_play == [scout] and len(sc.me.hand) == 2


def test_with_the_settings_off_a_right_click_only_zooms(big_app):
    sc = Scene(hand=["scout", "scout"])
    t = table(big_app, sc)
    scout = sc.me.hand[0]
    frame(big_app, [mouse("motion", card_center(t, scout)),
                    mouse("down", card_center(t, scout), 3)])
    assert t.zoom_sticky == scout and sc.me.in_play == []


def test_auto_ally_uses_an_ally_ability_that_asks_nothing(big_app):
    autoplay_app(big_app, auto_ally=True)
    sc = Scene(hand=["blob_fighter"], in_play=["blob_alpha"])
    t = table(big_app, sc)
    fighter = sc.id("blob_fighter")
    click(big_app, card_center(t, fighter))
    click(big_app, card_center(t, fighter))
    frame(big_app, n=3)
    assert (fighter, "ally") in sc.state.used and len(sc.me.hand) == 1  # drew a card


def test_without_auto_ally_the_ally_ability_waits_for_a_click(big_app):
    sc = Scene(hand=["blob_fighter"], in_play=["blob_alpha"])
    t = table(big_app, sc)
    fighter = sc.id("blob_fighter")
    click(big_app, card_center(t, fighter))
    click(big_app, card_center(t, fighter))
    frame(big_app, n=3)
    assert (fighter, "ally") not in sc.state.used and sc.me.hand == []


def test_a_right_click_holds_auto_ally_until_the_next_input(big_app):
    autoplay_app(big_app, auto_ally=True)
    sc = Scene(hand=["blob_fighter"], in_play=["blob_alpha"])
    t = table(big_app, sc)
    fighter = sc.id("blob_fighter")
    click(big_app, card_center(t, fighter), button=3)
    frame(big_app, n=3)
    assert fighter in sc.me.in_play and (fighter, "ally") not in sc.state.used
    frame(big_app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F2, mod=0, unicode="")])
    frame(big_app, n=2)
    assert (fighter, "ally") in sc.state.used


# ---------------------------------------------------------------------- settings


def test_a_schema_3_file_gets_both_conveniences_off(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"schema": 3, "card_size": 1.2, "mute": True}))
    settings, problems = load_settings(path)
    assert problems == [] and settings.card_size == 1.2 and settings.mute
    assert (settings.autoplay_hand, settings.auto_ally) == (False, False)
    save_settings(replace(settings, auto_ally=True), path)
    data = json.loads(path.read_text())
    assert data["schema"] == SCHEMA >= 4 and data["auto_ally"] is True
    assert load_settings(path)[0].auto_ally


def test_a_bad_autoplay_value_falls_back_to_off(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"schema": SCHEMA, "autoplay_hand": "yes", "auto_ally": 1}))
    settings, problems = load_settings(path)
    assert (settings.autoplay_hand, settings.auto_ally) == (False, False)
    assert len(problems) == 2
    assert Settings().autoplay_hand is False and Settings().auto_ally is False


def test_the_settings_overlay_shows_and_sets_both(big_app):
    for lang in ("en", "ru"):
        assert i18n.strings(lang)["settings.autoplay_hand"]
        assert i18n.strings(lang)["settings.auto_ally"]
    scene = big_app.push(SettingsScene(big_app))
    frame(big_app)
    assert [k for k, _ in scene.rows][-2:] == ["autoplay_hand", "auto_ally"]
    close = scene.close.rect
    assert all(el.rect.bottom <= close.top for el in (scene.autoplay_hand, scene.auto_ally))
    click(big_app, scene.autoplay_hand.rect.center)
    assert big_app.settings.autoplay_hand and not big_app.settings.auto_ally
    click(big_app, scene.auto_ally.rect.center)
    assert big_app.settings.auto_ally
