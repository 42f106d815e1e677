"""`python -m game render-cards --set ID --lang en|ru --out DIR [--sheet]`: card faces as PNG.

Without ``--sheet``: one ``<card id>.png`` per distinct card of the set (its trade
cards plus Explorer, Scout and Viper) and ``back.png``.  With ``--sheet``: print-and-play
pages, A4 at 300 dpi (2480 × 3508 px), 3 × 3 cards of 63 × 88 mm each with cut marks,
plus ``sheet_back.png`` (a page of backs); ``--copies`` repeats each card as many times
as the box holds it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from game.commands.common import load_db, split_list

if TYPE_CHECKING:
    from PIL.Image import Image as PILImage

    from game.star_realms.engine.cards import CardDB, CardDef

DPI = 300
A4_PX = (2480, 3508)  # 210 × 297 mm at 300 dpi
CARD_MM = (63, 88)


def mm(v: float) -> int:
    return round(v / 25.4 * DPI)


def register(sub: argparse._SubParsersAction) -> None:
    c = sub.add_parser("render-cards", help="write every card face of a set as PNG")
    c.add_argument("--set", default="frontiers", help="card set id (default frontiers)")
    c.add_argument("--lang", default="en", help="en or ru (default en)")
    c.add_argument("--out", required=True, help="output folder (created if missing)")
    c.add_argument("--width", type=int, default=480, help="face width in pixels (default 480)")
    c.add_argument("--sheet", action="store_true",
                   help="A4 print-and-play pages (3x3 cards at 300 dpi) instead of single faces")
    c.add_argument("--copies", action="store_true",
                   help="with --sheet: every physical copy, not one of each card")
    c.add_argument("--cards", default="", help="only these card ids (comma separated)")
    c.set_defaults(func=run)


def set_rows(db: CardDB, set_id: str) -> list[tuple[CardDef, int]]:
    """(card, copies in the box) for the trade cards and the common cards of a set."""
    cset = db.sets[set_id]
    rows = [(card, card.copies) for card in db.set_cards(set_id)]
    for cid, copies in (("explorer", cset.explorers), ("scout", cset.scouts),
                        ("viper", cset.vipers)):
        if cid in db and copies:
            rows.append((db[cid], copies))
    return rows


def sheet_pages(images: list[PILImage], back: PILImage) -> tuple[list[PILImage], PILImage]:
    """Lay images out 3 × 3 on A4 pages; returns (pages, page of backs)."""
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from PIL import Image, ImageDraw

    cw, ch = mm(CARD_MM[0]), mm(CARD_MM[1])
    x0 = (A4_PX[0] - 3 * cw) // 2
    y0 = (A4_PX[1] - 3 * ch) // 2

    def page(cards: list[PILImage]) -> Image.Image:
        pg = Image.new("RGB", A4_PX, (255, 255, 255))
        for i, im in enumerate(cards):
            r, c = divmod(i, 3)
            face = im.resize((cw, ch), Image.Resampling.LANCZOS) if im.size != (cw, ch) else im
            pg.paste(face, (x0 + c * cw, y0 + r * ch), face)
        d = ImageDraw.Draw(pg)
        mark = mm(5)
        for k in range(4):  # cut marks outside the grid
            x = x0 + k * cw
            y = y0 + k * ch
            d.line((x, y0 - mark - mm(1), x, y0 - mm(1)), fill=(0, 0, 0), width=2)
            d.line((x, y0 + 3 * ch + mm(1), x, y0 + 3 * ch + mm(1) + mark), fill=(0, 0, 0),
                   width=2)
            d.line((x0 - mark - mm(1), y, x0 - mm(1), y), fill=(0, 0, 0), width=2)
            d.line((x0 + 3 * cw + mm(1), y, x0 + 3 * cw + mm(1) + mark, y), fill=(0, 0, 0),
                   width=2)
        return pg

    pages = [page(images[i:i + 9]) for i in range(0, len(images), 9)]
    return pages, page([back] * 9)


def run(args: argparse.Namespace) -> int:
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game import i18n
    from game.star_realms.art import faces

    db = load_db()
    if args.set not in db.sets:
        print(f"unknown set {args.set!r} (known: {', '.join(sorted(db.sets))})", file=sys.stderr)
        return 2
    if args.lang not in i18n.LANGUAGES:
        print(f"unknown language {args.lang!r} (known: {', '.join(i18n.LANGUAGES)})",
              file=sys.stderr)
        return 2
    rows = set_rows(db, args.set)
    wanted = split_list(args.cards)
    if wanted:
        unknown = [cid for cid in wanted if cid not in {c.id for c, _ in rows}]
        if unknown:
            print(f"not in set {args.set}: {', '.join(unknown)}", file=sys.stderr)
            return 2
        rows = [(c, n) for c, n in rows if c.id in wanted]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    if not args.sheet:
        for card, _ in rows:
            faces.render_face(card, args.lang, args.width).save(out / f"{card.id}.png")
        faces.render_back(args.width).save(out / "back.png")
        print(f"wrote {len(rows)} faces and back.png to {out}")
        return 0

    width = mm(CARD_MM[0])
    images = []
    for card, copies in rows:
        img = faces.render_face(card, args.lang, width)
        images.extend([img] * (copies if args.copies else 1))
    pages, backs = sheet_pages(images, faces.render_back(width))
    for i, pg in enumerate(pages, 1):
        pg.save(out / f"sheet_{i:03d}.png", dpi=(DPI, DPI))
    backs.save(out / "sheet_back.png", dpi=(DPI, DPI))
    print(f"wrote {len(pages)} pages ({len(images)} cards) and sheet_back.png to {out}")
    return 0
