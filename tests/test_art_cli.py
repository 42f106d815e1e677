"""`python -m game render-cards`: single faces and print-and-play sheets."""

from PIL import Image

from game.cli import main
from game.commands.render_cards import A4_PX, set_rows
from tests.scene import DB


def test_render_cards_writes_one_png_per_distinct_card(tmp_path, capsys):
    out = tmp_path / "faces"
    assert main(["render-cards", "--set", "colony_wars", "--lang", "ru", "--out", str(out),
                 "--width", "90"]) == 0
    ids = {c.id for c, _ in set_rows(DB, "colony_wars")}
    assert {"explorer", "scout", "viper"} <= ids
    written = {p.stem for p in out.glob("*.png")}
    assert written == ids | {"back"}
    img = Image.open(out / "stealth_tower.png")
    assert img.size == (90, round(90 * 88 / 63))
    assert "wrote" in capsys.readouterr().out


def test_sheets_are_a4_with_nine_cards(tmp_path):
    out = tmp_path / "sheets"
    cards = ["scout", "viper", "explorer", "swarmer", "predator", "ravager", "parasite",
             "moonwurm", "leviathan", "battle_bot"]
    assert main(["render-cards", "--set", "colony_wars", "--lang", "en", "--out", str(out),
                 "--sheet", "--cards", ",".join(cards)]) == 0
    pages = sorted(out.glob("sheet_0*.png"))
    assert [p.name for p in pages] == ["sheet_001.png", "sheet_002.png"]
    for p in [*pages, out / "sheet_back.png"]:
        with Image.open(p) as im:
            assert im.size == A4_PX == (2480, 3508)
            assert round(im.info["dpi"][0]) == 300
    # 3 x 3 cards of 63 x 88 mm: the middle of every slot on page 1 is a card, and
    # page 2 holds the tenth card only
    cw, ch = round(63 / 25.4 * 300), round(88 / 25.4 * 300)
    x0, y0 = (A4_PX[0] - 3 * cw) // 2, (A4_PX[1] - 3 * ch) // 2
    with Image.open(pages[0]) as p1, Image.open(pages[1]) as p2:
        for r in range(3):
            for c in range(3):
                centre = (x0 + c * cw + cw // 2, y0 + r * ch + ch // 2)
                assert p1.getpixel(centre) != (255, 255, 255)
                assert (p2.getpixel(centre) != (255, 255, 255)) == (r == c == 0)


def test_bad_arguments(tmp_path, capsys):
    assert main(["render-cards", "--set", "nope", "--out", str(tmp_path)]) == 2
    assert main(["render-cards", "--lang", "de", "--out", str(tmp_path)]) == 2
    assert main(["render-cards", "--cards", "blob_alpha", "--set", "colony_wars",
                 "--out", str(tmp_path)]) == 2
