"""Fonts for the PDFs, with a fallback per run of text so a name in any script shows.

reportlab with a per-run fallback, not WeasyPrint: tried on the same pairings page (four
scripts) both render every name correctly, but reportlab is already our PDF library (tables,
slips with vector QR codes), needs no new dependency, and takes 0.02 s warm against 0.09 s.
Debian's Noto CJK is CFF-flavoured (TTFont: "postscript outlines are not supported", checked on
fonts-noto-cjk 20220127), so CJK comes from Droid Sans Fallback (TrueType, fonts-droid-fallback,
installed by `make fonts`); DejaVu covers Latin, Greek and Cyrillic.
"""

from pathlib import Path
from xml.sax.saxutils import escape

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

_DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
_VERA = Path(reportlab.__file__).parent / "fonts"
# (regular, bold) pairs, best first: the first whose files exist is the main face.
_MAIN_CANDIDATES = [
    (_DEJAVU / "DejaVuSans.ttf", _DEJAVU / "DejaVuSans-Bold.ttf"),
    (_VERA / "Vera.ttf", _VERA / "VeraBd.ttf"),
]
# Faces tried in turn for characters the main face lacks (no bold cut: the regular serves both).
_FALLBACK_CANDIDATES = [
    Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"),
    Path("/usr/share/fonts-droid-fallback/truetype/DroidSansFallback.ttf"),
]


class FontChain:
    """Font names tried in order for each character; the first whose cmap has it draws it."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self._cmaps: list[dict[int, int] | None] = []
        for name in names:
            font = pdfmetrics.getFont(name)
            self._cmaps.append(getattr(getattr(font, "face", None), "charToGlyph", None))

    @property
    def main(self) -> str:
        return self.names[0]

    def font_for(self, char: str) -> str | None:
        """The first font with a glyph for ``char``; None when none has one."""
        code = ord(char)
        for name, cmap in zip(self.names, self._cmaps, strict=True):
            if cmap is None:
                if code < 256:  # a standard Type 1 face: Latin-1 only
                    return name
            elif code in cmap:
                return name
        return None

    def runs(self, text: str) -> list[tuple[str, str]]:
        """``text`` cut into (font name, text) runs; spaces stay in the run they follow so a
        line of one script is one run."""
        runs: list[tuple[str, str]] = []
        for char in text:
            font = self.font_for(char) or self.main
            if runs and (font == runs[-1][0] or char.isspace()):
                runs[-1] = (runs[-1][0], runs[-1][1] + char)
            else:
                runs.append((font, char))
        return runs

    def markup(self, text: str) -> str:
        """``text`` as Paragraph markup: escaped (names are text, not tags), and every run not
        in the style's main font wrapped in <font name=...>."""
        return "".join(
            escape(part) if font == self.main else f'<font name="{font}">{escape(part)}</font>'
            for font, part in self.runs(text)
        )

    def width(self, text: str, size: float) -> float:
        return sum(pdfmetrics.stringWidth(part, font, size) for font, part in self.runs(text))

    def draw(self, canvas: Canvas, x: float, y: float, text: str, size: float) -> None:
        """canvas.drawString run by run, each run in the font that has its glyphs."""
        for font, part in self.runs(text):
            canvas.setFont(font, size)
            canvas.drawString(x, y, part)
            x += pdfmetrics.stringWidth(part, font, size)


_chains: tuple[FontChain, FontChain] | None = None


def font_chains() -> tuple[FontChain, FontChain]:
    """The regular and the bold chain, registered with reportlab once per process."""
    global _chains
    if _chains is None:
        regular, bold = ["Helvetica"], ["Helvetica-Bold"]
        for regular_path, bold_path in _MAIN_CANDIDATES:
            if regular_path.is_file() and bold_path.is_file():
                pdfmetrics.registerFont(TTFont("ResultsSans", str(regular_path)))
                pdfmetrics.registerFont(TTFont("ResultsSans-Bold", str(bold_path)))
                regular, bold = ["ResultsSans"], ["ResultsSans-Bold"]
                break
        for i, path in enumerate(p for p in _FALLBACK_CANDIDATES if p.is_file()):
            name = f"ResultsFallback{i}"
            pdfmetrics.registerFont(TTFont(name, str(path)))
            regular.append(name)
            bold.append(name)
            break  # the fuller of the two Droid files covers what the other does
        _chains = (FontChain(regular), FontChain(bold))
    return _chains


def pdf_fonts() -> tuple[str, str]:
    """The main regular and bold font names (the first of each chain)."""
    regular, bold = font_chains()
    return regular.main, bold.main
