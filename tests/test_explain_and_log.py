"""Why refused actions are refused, and the log in words (public information only)."""

from game import i18n
from game.star_realms.engine import Action
from game.star_realms.engine.explain import why_not
from game.star_realms.ui.log_text import describe
from tests.scene import Scene


def test_reasons():
    s = Scene(hand=["scout"], trade=1, combat=3, in_play=["stinger"],
              opp_bases=["defense_system", "spike_cluster"], bases=["integration_port"])
    st = s.state
    boat = s.id("patrol_boat", st.trade_row)
    assert why_not(st, Action("buy", 0, card=boat)) == ("cannot_afford", {"cost": 3, "trade": 1})
    assert why_not(st, Action("play", 1, card=s.opp.hand[0]))[0] == "not_your_turn"
    behind = s.id("spike_cluster", s.opp.bases)
    assert why_not(st, Action("attack_base", 0, card=behind))[0] == "outpost_first"
    outpost = s.id("defense_system")
    assert why_not(st, Action("attack_base", 0, card=outpost)) == (
        "not_enough_combat", {"need": 5, "have": 3})
    assert why_not(st, Action("attack_player", 0, target=1, amount=3))[0] == "outpost_first"
    assert why_not(st, Action("use", 0, card=s.id("stinger"), slot="ally"))[0] == (
        "ally_not_triggered")
    assert why_not(st, Action("use", 0, card=s.id("stinger"), slot="primary"))[0] == (
        "fires_on_play")
    assert why_not(st, Action("play", 0, card=s.id("scout"))) is None
    mine = s.id("integration_port", s.me.bases)
    assert why_not(st, Action("attack_base", 0, card=mine))[0] == "not_a_target"
    for code in ("cannot_afford", "not_your_turn", "outpost_first", "not_enough_combat",
                 "ally_not_triggered", "fires_on_play", "not_a_target"):
        for lang in i18n.LANGUAGES:
            assert i18n.t(f"why.{code}", lang) != f"why.{code}"


def test_log_describes_public_facts_in_both_languages():
    s = Scene(hand=["blob_miner", "farm_ship", "scout"], deck=["viper", "scout"], trade=3)
    st = s.state
    lines = []
    for action in (Action("play", 0, card=s.id("blob_miner")),
                   Action("pick", 0, card=s.id("patrol_boat", st.trade_row))):
        s.do(action)
        lines += describe(st, action, st.events, 0)
    keys = [ln.key for ln in lines]
    assert "log.play_gains" in keys and "log.scrap_row" in keys  # (gains on the play line)
    text_en = [ln.render(st, "en") for ln in lines]
    text_ru = [ln.render(st, "ru") for ln in lines]
    assert any("Blob Miner" in t for t in text_en)
    assert any("Рудокоп Слизней" in t for t in text_ru)
    s.do(Action("play", 0, card=s.id("farm_ship")))
    drew = describe(st, Action("play", 0, card=s.id("farm_ship")), st.events, 0)
    rendered = " ".join(ln.render(st, "en") for ln in drew)
    assert "draws 1 card" in rendered and "Viper" not in rendered  # drawn cards stay secret


def test_russian_plurals():
    assert i18n.plural(1, "word.cards", "ru") == "1 карту"
    assert i18n.plural(3, "word.cards", "ru") == "3 карты"
    assert i18n.plural(5, "word.cards", "ru") == "5 карт"
    assert i18n.plural(21, "word.cards", "ru") == "21 карту"
    assert i18n.plural(12, "word.cards", "ru") == "12 карт"
    assert i18n.plural(1, "word.cards", "en") == "1 card"
    assert i18n.plural(2, "word.cards", "en") == "2 cards"
