"""A finished game's sheet as a picture (PNG) to send round: the players,
each hand's running totals, the totals, who won, the bonuses and margin and
who pays whom, drawn with Pillow in the app's own font (DejaVu, which has
♠♥♦♣).  No flet here.
"""

from __future__ import annotations

import io
import re
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from scorekeeper.engine import Game
from scorekeeper.i18n import Translator

from .ports import SummaryLike
from .state.share import subtitle, when_played
from .state.sheet_model import Sheet, build_sheet

__all__ = ["game_picture", "picture_name", "sheet_picture"]

FONTS = Path(__file__).parent / "assets" / "fonts"
WIDTH = 900
PAD = 36
ROW = 34
INK = (28, 27, 31)
MUTED = (96, 94, 104)
WON = (0, 99, 74)  # a scored cell, and the winner's line
RULE = (200, 198, 206)
BAND = (226, 242, 235)  # behind the winner's line
PAPER = (255, 255, 255)

Font = ImageFont.FreeTypeFont


@cache
def _font(size: int, bold: bool = False) -> Font:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONTS / name), size)


def _fit(text: str, font: Font, width: float) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels."""
    if font.getlength(text) <= width:
        return text
    while text and font.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def _wrap(text: str, font: Font, width: float) -> list[str]:
    """``text`` broken into lines of at most ``width`` pixels, at spaces."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        tried = f"{line} {word}" if line else word
        if font.getlength(tried) <= width or not line:
            line = tried
        else:
            lines.append(line)
            line = word
    lines.append(line)
    return [_fit(x, font, width) for x in lines]


def sheet_picture(sheet: Sheet, subtitle: str = "") -> bytes:
    """The sheet of a game as a PNG: ``subtitle`` (the format and the date)
    under the players' names, the table of running totals (the hand's
    scorer in colour), the totals, then the game-over lines."""
    inner = WIDTH - 2 * PAD
    title_f, sub_f, head_f = _font(34, True), _font(20), _font(18, True)
    cell_f, cell_won_f = _font(18), _font(18, True)
    win_f, line_f, pay_f = _font(30, True), _font(20), _font(22, True)

    # what is drawn below the table, each with its font and colour
    tail: list[tuple[str, Font, tuple[int, int, int]]] = []
    if sheet.headline:
        tail += [(x, win_f, WON) for x in _wrap(sheet.headline, win_f, inner)]
    for text in [sheet.tally, *sheet.final]:
        if text:
            tail += [(x, line_f, INK) for x in _wrap(text, line_f, inner)]
    for text in sheet.payments or [sheet.owed]:
        if text:
            tail += [(x, pay_f, INK) for x in _wrap(text, pay_f, inner)]
    titles = _wrap(sheet.title, title_f, inner)
    subs = _wrap(subtitle, sub_f, inner) if subtitle else []

    height = PAD + 46 * len(titles) + 30 * len(subs) + 20
    height += ROW + 6 + ROW * len(sheet.rows) + 8 + ROW + 24
    height += sum(int(f.size * 1.5) for _, f, _ in tail) + PAD
    img = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(img)

    y = PAD
    for text in titles:
        draw.text((PAD, y), text, font=title_f, fill=INK)
        y += 46
    for text in subs:
        draw.text((PAD, y), text, font=sub_f, fill=MUTED)
        y += 30
    y += 20

    # the table: "#", then a column per header cell
    num_w = 56
    n = max(len(sheet.header), 1)
    col_w = (inner - num_w) / n

    def row(cells: list[str], fonts: list[Font], fills: list[tuple[int, int, int]]) -> None:
        for i, (text, font, fill) in enumerate(zip(cells, fonts, fills, strict=True)):
            x0 = PAD + num_w + i * col_w
            text = _fit(text, font, col_w - 8)
            draw.text((x0 + col_w / 2, y + ROW / 2), text, font=font, fill=fill, anchor="mm")

    draw.text((PAD, y + ROW / 2), "#", font=head_f, fill=MUTED, anchor="lm")
    row(sheet.header, [head_f] * n, [INK] * n)
    y += ROW + 2
    draw.line((PAD, y, WIDTH - PAD, y), fill=RULE, width=2)
    y += 4
    for r in sheet.rows:
        draw.text((PAD, y + ROW / 2), str(r.number), font=cell_f, fill=MUTED, anchor="lm")
        row(
            r.cells,
            [cell_won_f if s else cell_f for s in r.scored],
            [WON if s else INK for s in r.scored],
        )
        y += ROW
    y += 4
    draw.line((PAD, y, WIDTH - PAD, y), fill=RULE, width=2)
    y += 4
    draw.text((PAD, y + ROW / 2), "Σ", font=head_f, fill=INK, anchor="lm")
    row(sheet.totals, [head_f] * len(sheet.totals), [INK] * len(sheet.totals))
    y += ROW + 24

    for text, font, fill in tail:
        step = int(font.size * 1.5)
        if fill == WON:
            draw.rounded_rectangle((PAD - 10, y - 4, WIDTH - PAD + 10, y + step), 8, fill=BAND)
        draw.text((PAD, y), text, font=font, fill=fill)
        y += step

    out = io.BytesIO()
    img.save(out, "PNG", optimize=True)
    return out.getvalue()


def picture_name(sheet: Sheet, stamp: str) -> str:
    """A file name for the picture: the players and ``stamp`` (a date).

    >>> from scorekeeper.ui.state.sheet_model import Sheet
    >>> s = Sheet("Ann v Bob", "", ["Ann", "Bob"], [], [], [], [], [], "")
    >>> picture_name(s, "20240503-2130")
    'gin-Ann-v-Bob-20240503-2130.png'
    """
    stem = re.sub(r"[^A-Za-z0-9]+", "-", "-v-".join(sheet.players)).strip("-")[:60]
    return f"gin-{stem or 'game'}-{stamp}.png"


def game_picture(game: Game, summary: SummaryLike, t: Translator) -> tuple[str, bytes]:
    """The picture of a game's sheet in the language of ``t``, and its file name."""
    sheet = build_sheet(game, t)
    _, ended = when_played(summary)
    local = ended.astimezone() if ended is not None else None
    png = sheet_picture(sheet, subtitle(t, game.format, local))
    return picture_name(sheet, local.strftime("%Y%m%d-%H%M") if local else "game"), png
