"""Adventures in the UI: choosing one, the story, the boss-turn scene, cutting tentacles,
and the record of a victory."""

from game.star_realms.progress import load_progress
from game.star_realms.ui.scenes.adventures import AdventuresScene, StoryScene
from game.star_realms.ui.scenes.boss_turn import BossTurnScene
from game.star_realms.ui.scenes.game_over import GameOverScene
from game.star_realms.ui.scenes.table import TableScene
from game.ui.scenes.menu import MenuScene
from tests.test_ui_table import click, frame


def open_adventure(app, aid, difficulty="veteran", players=1):
    app.push(MenuScene(app))
    frame(app)
    click(app, app.top.button_rect("adventures").center)
    scene = app.top
    assert isinstance(scene, AdventuresScene)
    scene.selected, scene.difficulty, scene.players = aid, difficulty, players
    scene.rebuild()
    frame(app)
    click(app, scene.start.rect.center)
    story = app.top
    assert isinstance(story, StoryScene) and story.adv.id == aid
    click(app, story.begin.rect.center)
    table = next(s for s in app.stack if isinstance(s, TableScene))  # (the boss may be acting)
    assert table.session.state.boss is not None
    return table


def test_menu_to_adventure_table(app):
    t = open_adventure(app, "nemesis_beast", "expert")
    st = t.session.state
    assert st.format.difficulty == "expert" and t.session.controllers[-1] == "boss"
    frame(app, n=2)  # the boss goes first on Expert: its turn scene is open
    assert isinstance(app.top, BossTurnScene)


def test_boss_turn_scene_narrates_steps_and_skip_finishes_it(app):
    t = open_adventure(app, "automatons", "expert")
    frame(app, n=2)
    scene = app.top
    assert isinstance(scene, BossTurnScene)
    app.settings.animation_speed = 1.0
    for _ in range(400):
        frame(app)
        if scene.lines:
            break
    assert scene.lines and scene.lines[0][0] >= 1  # "Step N — ..."
    click(app, scene.skip.rect.center)
    for _ in range(600):
        frame(app)
        if app.top is t:
            break
    assert app.top is t and t.session.acting != t.session.state.boss.seat
    assert t.speed_boost == 1.0


def test_cutting_a_tentacle_by_clicking_it(app):
    t = open_adventure(app, "dimensional_horror", "veteran")
    st = t.session.state
    me = t.me
    pile = next(name for name, cards in st.boss.piles.items() if cards)
    top = st.boss.piles[pile][-1]
    st.seats[me].combat = 50
    t.refresh_view()
    frame(app)
    r, iid = t.boss_view.pile_rects[pile][-1]
    assert iid == top
    click(app, r.center)
    assert top in st.scrap and st.seats[me].combat < 50


def test_victory_is_remembered(app, tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    t = open_adventure(app, "pirates_of_the_dark_star", "novice")
    st = t.session.state
    boss = st.boss.seat
    st.seats[t.me].combat = st.authority(boss)
    from game.star_realms.engine import Action

    t.act(Action("attack_player", t.me, target=boss, amount=st.authority(boss)))
    frame(app, n=3)
    assert isinstance(app.top, GameOverScene) and app.top.victory
    progress = load_progress(tmp_path / "progress.json")
    assert progress["pirates_of_the_dark_star"]["novice"]["wins"] == 1


def test_adventure_screen_lists_wins(app, tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    from game.star_realms.progress import record_win

    record_win("automatons", "apprentice", 12)
    app.push(MenuScene(app))
    scene = app.push(AdventuresScene(app))
    frame(app)
    row = next(b for b, aid in scene.adv_buttons.items() if aid == "automatons")
    assert "A" in row.text.split()[-1] or "У" in row.text.split()[-1]


def test_adventure_save_and_load(app, tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    t = open_adventure(app, "cost_of_freedom", "apprentice", players=2)
    from game.star_realms import saves
    from game.star_realms.engine.snapshot import snapshot
    from tests.scene import DB

    path = saves.save_game(t.session.state)
    loaded = saves.load_game(DB, path)
    assert snapshot(loaded) == snapshot(t.session.state)
    assert loaded.format.difficulty == "apprentice"
