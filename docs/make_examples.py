"""Make the README's example images (docs/example-<game>.png): a readable crop of one page of
each game's sample, at 150 dpi (at least 120 dpi; a file stays under 150 KB), 256 colours.

    python docs/make_examples.py

Run it after the layouts change (it renders with the installed `sheets`)."""

from __future__ import annotations

import io
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
UNITS = ROOT / "data" / "units"
# game: (files, extra arguments, page, crop (left, top, right, bottom) in mm from the top left)
EXAMPLES = {
    "battletech": (["battletech/point-alpha.yaml"], [], 1, (0, 0, 210, 118)),
    "dmech": (["dmech/otrok.yaml", "dmech/pilot_on_foot.yaml"], ["--lang", "ru"], 1, (0, 0, 210, 128)),
    "dust": (["dust/sample_force.yaml"], [], 1, (0, 0, 210, 108)),
    "lnl": (["lnl/hill30_us.yaml", "lnl/hill30_german.yaml"], [], 1, (0, 0, 297, 112)),
    "wh40k6": (["wh40k6/sample_list.yaml"], [], 2, (0, 0, 210, 128)),
}
MAX_BYTES = 148_000


def page_image(pdf: Path, page: int, dpi: int) -> Image.Image:
    out = subprocess.run(
        ["pdftoppm", "-r", str(dpi), "-png", "-f", str(page), "-l", str(page), str(pdf)],
        check=True,
        capture_output=True,
    ).stdout
    return Image.open(io.BytesIO(out)).convert("RGB")


def make(game: str, tmp: Path) -> Path:
    files, extra, page, (l, t, r, b) = EXAMPLES[game]
    pdf = tmp / f"{game}.pdf"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "sheets",
            "render",
            *[str(UNITS / f) for f in files],
            *extra,
            "-o",
            str(pdf),
            "-q",
        ],
        check=True,
        capture_output=True,
    )
    target = ROOT / "docs" / f"example-{game}.png"
    for dpi in (150, 140, 130, 120):
        k = dpi / 25.4
        img = page_image(pdf, page, dpi).crop((round(l * k), round(t * k), round(r * k), round(b * k)))
        img = img.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        buf = io.BytesIO()
        img.save(buf, "PNG", optimize=True, dpi=(dpi, dpi))
        if buf.tell() <= MAX_BYTES:
            break
    target.write_bytes(buf.getvalue())
    return target


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for game in EXAMPLES:
            path = make(game, Path(tmp))
            with Image.open(path) as img:
                print(
                    f"{path.relative_to(ROOT)}: {img.size[0]}×{img.size[1]} px, "
                    f"{img.info.get('dpi', ('?',))[0]:.0f} dpi, {path.stat().st_size // 1024} KiB"
                )


if __name__ == "__main__":
    main()
