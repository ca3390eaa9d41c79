#!/usr/bin/env python3
"""Regenerates every asset under assets/ from the tables in this file (Python 3 stdlib only).

  python3 scripts/make-assets.py            # writes assets/engine/{font.bmp,font-glow.bmp},
                                            # assets/asteroids/{sprites.bmp,sprites.atlas,sounds/},
                                            # assets/pong/sounds/, assets/blocks/
Everything is drawn as glowing vector lines (the arcade look): each shape is a list of
polylines, rasterised by distance to the nearest segment: a crisp white core plus a cyan halo.
Output is deterministic (seeded RNG), so regenerating gives byte-identical files.
"""
import math
import os
import random
import struct
import wave

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "assets")

CORE = (235, 250, 255)
GLOW = (40, 170, 255)


class Canvas:
    """A float RGB canvas; `line` keeps the distance to the nearest stroke per pixel and colour."""

    def __init__(self, w, h):
        self.w, self.h = w, h
        self.px = [[0.0, 0.0, 0.0] for _ in range(w * h)]

    def strokes(self, polylines, ox, oy, w, h, half=0.9, sigma=2.2, glow=0.55,
                core=CORE, halo=GLOW):
        """Rasterises polylines (pixel coords relative to ox, oy) into the box w x h."""
        dist = [1e9] * (w * h)
        reach = sigma * 3.2
        for line in polylines:
            for (x0, y0), (x1, y1) in zip(line, line[1:]):
                bx0 = max(0, int(min(x0, x1) - reach)); bx1 = min(w, int(max(x0, x1) + reach) + 2)
                by0 = max(0, int(min(y0, y1) - reach)); by1 = min(h, int(max(y0, y1) + reach) + 2)
                dx, dy = x1 - x0, y1 - y0
                ll = dx * dx + dy * dy
                for y in range(by0, by1):
                    py = y + 0.5
                    row = y * w
                    for x in range(bx0, bx1):
                        px = x + 0.5
                        t = 0.0 if ll == 0 else max(0.0, min(1.0, ((px - x0) * dx + (py - y0) * dy) / ll))
                        ex, ey = px - (x0 + t * dx), py - (y0 + t * dy)
                        d = math.sqrt(ex * ex + ey * ey)
                        if d < dist[row + x]:
                            dist[row + x] = d
        for y in range(h):
            for x in range(w):
                d = dist[y * w + x]
                if d > reach + 1:
                    continue
                c = max(0.0, min(1.0, half + 0.5 - d))
                g = glow * math.exp(-(d * d) / (2 * sigma * sigma))
                p = self.px[(oy + y) * self.w + ox + x]
                for i in range(3):
                    p[i] = min(255.0, p[i] + c * core[i] + g * halo[i])

    def dot(self, ox, oy, size, radius, core, halo, sigma):
        """A round glowing dot centred in a size x size box (bullets, particles)."""
        mid = size / 2
        for y in range(size):
            for x in range(size):
                d = math.hypot(x + 0.5 - mid, y + 0.5 - mid)
                c = max(0.0, min(1.0, radius + 0.5 - d))
                g = 0.7 * math.exp(-(d * d) / (2 * sigma * sigma))
                p = self.px[(oy + y) * self.w + ox + x]
                for i in range(3):
                    p[i] = min(255.0, p[i] + c * core[i] + g * halo[i])

    def save_bmp(self, path):
        """32-bit BMP (BITMAPV4HEADER, BI_BITFIELDS) with alpha = brightest channel and the
        colour un-premultiplied, so both additive and alpha blending draw the same glow."""
        rows = []
        for y in range(self.h - 1, -1, -1):
            row = bytearray()
            for x in range(self.w):
                r, g, b = (int(round(v)) for v in self.px[y * self.w + x])
                a = max(r, g, b)
                # The faintest halo is invisible on black but costs a blend per pixel in
                # SDL's software blitter, which skips fully transparent pixels: cut it.
                if a < 10:
                    row += b"\0\0\0\0"
                    continue
                row += bytes((b * 255 // a, g * 255 // a, r * 255 // a, a))
            rows.append(bytes(row))
        data = b"".join(rows)
        header_size = 14 + 108
        v4 = struct.pack("<IiiHHIIiiII", 108, self.w, self.h, 1, 32, 3, len(data), 2835, 2835, 0, 0)
        v4 += struct.pack("<IIII", 0x00FF0000, 0x0000FF00, 0x000000FF, 0xFF000000)
        v4 += struct.pack("<I", 0x73524742) + b"\0" * 36 + struct.pack("<III", 0, 0, 0)
        assert len(v4) == 108
        head = struct.pack("<2sIHHI", b"BM", header_size + len(data), 0, 0, header_size)
        with open(path, "wb") as f:
            f.write(head + v4 + data)


def scaled(polylines, scale, cx, cy):
    return [[(cx + x * scale, cy + y * scale) for x, y in line] for line in polylines]


# --- Shapes (unit coordinates, y down, ship nose up) ---------------------------------------

SHIP = [[(0, -1.0), (0.68, 0.85), (0.42, 0.55), (-0.42, 0.55), (-0.68, 0.85), (0, -1.0)]]
FLAME = [[(-0.28, 0.6), (0, 1.25), (0.28, 0.6)]]
SAUCER = [
    [(-1, 0.05), (1, 0.05)],
    [(-1, 0.05), (-0.45, 0.42), (0.45, 0.42), (1, 0.05), (0.45, -0.3), (-0.45, -0.3), (-1, 0.05)],
    [(-0.45, -0.3), (-0.22, -0.68), (0.22, -0.68), (0.45, -0.3)],
]


def rock_shape(rng, vertices):
    points = []
    for i in range(vertices):
        a = 2 * math.pi * i / vertices + rng.uniform(-0.18, 0.18)
        r = rng.uniform(0.72, 1.0) if i % 3 else rng.uniform(0.55, 0.8)
        points.append((math.sin(a) * r, -math.cos(a) * r))
    return [points + [points[0]]]


# --- Vector font: strokes on a 4 x 6 grid, y down ------------------------------------------

GLYPHS = {
    "A": "0,6 0,2 2,0 4,2 4,6|0,4 4,4", "B": "0,6 0,0 3,0 4,1 4,2 3,3 0,3|3,3 4,4 4,5 3,6 0,6",
    "C": "4,0 0,0 0,6 4,6", "D": "0,0 0,6 2,6 4,4 4,2 2,0 0,0", "E": "4,0 0,0 0,6 4,6|0,3 3,3",
    "F": "4,0 0,0 0,6|0,3 3,3", "G": "4,1 4,0 0,0 0,6 4,6 4,3 2,3", "H": "0,0 0,6|4,0 4,6|0,3 4,3",
    "I": "0,0 4,0|2,0 2,6|0,6 4,6", "J": "4,0 4,6 2,6 0,4", "K": "0,0 0,6|4,0 0,3 4,6",
    "L": "0,0 0,6 4,6", "M": "0,6 0,0 2,2 4,0 4,6", "N": "0,6 0,0 4,6 4,0",
    "O": "0,0 4,0 4,6 0,6 0,0", "P": "0,6 0,0 4,0 4,3 0,3", "Q": "0,0 4,0 4,4 2,6 0,6 0,0|2,4 4,6",
    "R": "0,6 0,0 4,0 4,3 0,3|1,3 4,6",
    "S": "4,1 3,0 1,0 0,1 0,2 1,3 3,3 4,4 4,5 3,6 1,6 0,5", "T": "0,0 4,0|2,0 2,6",
    "U": "0,0 0,6 4,6 4,0", "V": "0,0 2,6 4,0", "W": "0,0 0,6 2,4 4,6 4,0", "X": "0,0 4,6|4,0 0,6",
    "Y": "0,0 2,2 4,0|2,2 2,6", "Z": "0,0 4,0 0,6 4,6",
    "0": "0,0 4,0 4,6 0,6 0,0|4,0 0,6", "1": "1,1 2,0 2,6|1,6 3,6", "2": "0,0 4,0 4,3 0,3 0,6 4,6",
    "3": "0,0 4,0 4,6 0,6|1,3 4,3", "4": "0,0 0,3 4,3|4,0 4,6", "5": "4,0 0,0 0,3 4,3 4,6 0,6",
    "6": "4,0 0,0 0,6 4,6 4,3 0,3", "7": "0,0 4,0 2,6", "8": "0,0 4,0 4,6 0,6 0,0|0,3 4,3",
    "9": "4,3 0,3 0,0 4,0 4,6 0,6",
    " ": "", "!": "2,0 2,4|2,5.6 2,6", "\"": "1,0 1,2|3,0 3,2", "#": "1,0 1,6|3,0 3,6|0,2 4,2|0,4 4,4",
    "$": "4,1 0,1 0,3 4,3 4,5 0,5|2,0 2,6", "%": "0,6 4,0|0,0 1,0 1,1 0,1 0,0|3,5 4,5 4,6 3,6 3,5",
    "&": "4,6 1,2 1,1 2,0 3,1 3,2 0,4 0,5 1,6 2,6 4,4", "'": "2,0 2,2", "(": "3,0 1,2 1,4 3,6",
    ")": "1,0 3,2 3,4 1,6", "*": "2,1 2,5|0,2 4,4|4,2 0,4", "+": "2,1 2,5|0,3 4,3", ",": "2,5 1,7",
    "-": "0,3 4,3", ".": "2,5.6 2,6", "/": "0,6 4,0", ":": "2,1.6 2,2|2,4.6 2,5",
    ";": "2,1.6 2,2|2,4.6 1,6.5", "<": "4,0 0,3 4,6", "=": "0,2 4,2|0,4 4,4", ">": "0,0 4,3 0,6",
    "?": "0,1 1,0 3,0 4,1 4,2 2,3 2,4|2,5.6 2,6", "@": "3,4 3,2 1,2 1,4 4,4 4,0 0,0 0,6 4,6",
    "[": "3,0 1,0 1,6 3,6", "\\": "0,0 4,6", "]": "1,0 3,0 3,6 1,6", "^": "0,2 2,0 4,2",
    "_": "0,6 4,6", "`": "1,0 2,1", "{": "3,0 2,0 2,2 1,3 2,4 2,6 3,6", "|": "2,0 2,6",
    "}": "1,0 2,0 2,2 3,3 2,4 2,6 1,6", "~": "0,3 1,2 3,4 4,3",
}


def glyph(ch):
    """Polylines on the 4 x 6 grid; lower case is drawn as small capitals."""
    small = ch.islower()
    spec = GLYPHS[ch.upper() if small else ch]
    lines = []
    for part in filter(None, spec.split("|")):
        pts = [tuple(float(v) for v in p.split(",")) for p in part.split()]
        if small:
            pts = [(0.5 + x * 0.75, 2 + y * (4 / 6)) for x, y in pts]
        lines.append(pts)
    return lines


FONT_CELL = (16, 24)   # glyph cell in font.bmp; 16 columns x 6 rows, ASCII 32..127
FONT_UNIT = 3          # pixels per grid unit: a glyph is 12 x 18 inside a 16 x 24 cell


def make_font(path, core=CORE, halo=GLOW):
    """The glyphs in `core` with a `halo`: white on white for font.bmp (the renderer tints it
    to the colour asked), the arcade's cyan glow for font-glow.bmp (Text.Font.arcadeGlow)."""
    cw, ch = FONT_CELL
    canvas = Canvas(cw * 16, ch * 6)
    for code in range(32, 127):
        i = code - 32
        ox, oy = (i % 16) * cw, (i // 16) * ch
        lines = scaled(glyph(chr(code)), FONT_UNIT, 2, 3)
        canvas.strokes(lines, ox, oy, cw, ch, half=0.75, sigma=1.3, glow=0.5, core=core, halo=halo)
    canvas.save_bmp(path)


def make_sheet(path, atlas_path):
    rng = random.Random(1979)
    sprites = []  # (name, w, h, draw(canvas, ox, oy))

    def add_strokes(name, w, h, lines, scale, **kw):
        sprites.append((name, w, h, lambda c, ox, oy: c.strokes(
            scaled(lines, scale, w / 2, h / 2), ox, oy, w, h, **kw)))

    # Sizes match the game's radii at 1280 x 720 (SceneRenderer.image(for:) lists them), so
    # the software renderer blits them unscaled: its fast path.
    add_strokes("ship", 56, 56, SHIP, 16)
    sprites.append(("ship-thrust", 56, 56, lambda c, ox, oy: (
        c.strokes(scaled(SHIP, 16, 28, 28), ox, oy, 56, 56),
        c.strokes(scaled(FLAME, 16, 28, 28), ox, oy, 56, 56,
                  core=(255, 230, 170), halo=(255, 110, 30)))))
    sprites.append(("flame", 56, 56, lambda c, ox, oy: c.strokes(
        scaled(FLAME, 16, 28, 28), ox, oy, 56, 56, core=(255, 230, 170), halo=(255, 110, 30))))
    for size, (box, scale, width) in enumerate([(104, 44, 1.1), (58, 23, 1.0), (32, 11.5, 0.9)]):
        for shape in range(4):
            lines = rock_shape(rng, [13, 11, 9][size] + shape % 2)
            add_strokes(f"rock{size}-{shape}", box, box, lines, scale, half=width)
    add_strokes("saucer-large", 68, 46, SAUCER, 27, halo=(255, 60, 200))
    add_strokes("saucer-small", 42, 30, SAUCER, 15, halo=(255, 60, 200))
    sprites.append(("bullet", 10, 10, lambda c, ox, oy: c.dot(ox, oy, 10, 1.6, CORE, GLOW, 1.6)))
    sprites.append(("saucer-bullet", 10, 10,
                    lambda c, ox, oy: c.dot(ox, oy, 10, 1.6, (255, 220, 240), (255, 60, 200), 1.6)))
    sprites.append(("spark", 8, 8, lambda c, ox, oy: c.dot(ox, oy, 8, 0.8, CORE, GLOW, 1.2)))
    sprites.append(("ember", 8, 8,
                    lambda c, ox, oy: c.dot(ox, oy, 8, 0.8, (255, 220, 160), (255, 110, 30), 1.2)))
    title = []
    for i, letter in enumerate("ASTEROIDS"):
        title += [[(x + i * 6, y) for x, y in line] for line in glyph(letter)]
    add_strokes("title", 560, 96, [[(x - 26, y - 3) for x, y in l] for l in title], 10.5,
                half=1.6, sigma=4.0, glow=0.7)

    # Shelf packing, widest rows first; the atlas lists every rectangle.
    width, x, y, shelf = 640, 0, 0, 0
    placed = []
    for name, w, h, draw in sprites:
        if x + w > width:
            x, y, shelf = 0, y + shelf, 0
        placed.append((name, x, y, w, h, draw))
        x += w
        shelf = max(shelf, h)
    canvas = Canvas(width, y + shelf)
    with open(atlas_path, "w") as atlas:
        atlas.write("# name x y width height (pixels in sprites.bmp; sprites face up)\n")
        for name, sx, sy, w, h, draw in placed:
            draw(canvas, sx, sy)
            atlas.write(f"{name} {sx} {sy} {w} {h}\n")
    canvas.save_bmp(path)


# --- Sounds: 22050 Hz, mono, 16-bit -------------------------------------------------------

RATE = 22050


def write_wav(path, samples):
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", max(-32767, min(32767, int(s * 32767))))
                               for s in samples))


def tone(freq_at, seconds, shape="square", volume=0.4, env=lambda t: 1.0):
    out, phase = [], 0.0
    n = int(seconds * RATE)
    for i in range(n):
        t = i / n
        phase += freq_at(t) / RATE
        p = phase % 1.0
        if shape == "square":
            v = 1.0 if p < 0.5 else -1.0
        elif shape == "tri":
            v = 4 * abs(p - 0.5) - 1
        else:
            v = math.sin(2 * math.pi * p)
        out.append(v * volume * env(t))
    return out


def noise(seconds, volume, env, smooth, rng):
    out, last = [], 0.0
    for i in range(int(seconds * RATE)):
        t = i / (seconds * RATE)
        last += (rng.uniform(-1, 1) - last) * smooth(t)
        out.append(last * volume * env(t))
    return out


def make_sounds(folder):
    os.makedirs(folder, exist_ok=True)
    rng = random.Random(1979)
    fade = lambda t: (1 - t) ** 2
    sounds = {
        "fire": tone(lambda t: 1400 - 1000 * t, 0.14, "square", 0.22, fade),
        "thrust": noise(0.5, 0.5, lambda t: 1.0, lambda t: 0.08, rng),
        "explosion-large": noise(1.1, 0.9, lambda t: (1 - t) ** 1.6, lambda t: 0.06, rng),
        "explosion-medium": noise(0.7, 0.8, lambda t: (1 - t) ** 1.8, lambda t: 0.12, rng),
        "explosion-small": noise(0.4, 0.7, lambda t: (1 - t) ** 2, lambda t: 0.25, rng),
        "saucer-large": tone(lambda t: 420 + 120 * math.sin(2 * math.pi * 4 * t), 0.5, "tri", 0.25),
        "saucer-small": tone(lambda t: 760 + 200 * math.sin(2 * math.pi * 8 * t), 0.5, "tri", 0.22),
        "extra-life": sum((tone(lambda t, f=f: f, 0.09, "square", 0.2, lambda t: 1 - t * 0.5)
                           for f in (660, 880, 1320, 0, 1320)), []),
        "hyperspace": tone(lambda t: 200 + 1800 * t * t, 0.45, "sine", 0.35, lambda t: 1 - t),
        "game-over": sum((tone(lambda t, f=f: f, 0.28, "square", 0.2, lambda t: 1 - t * 0.7)
                          for f in (392, 330, 262, 196)), []),
        "beat-low": tone(lambda t: 55, 0.12, "square", 0.35, fade),
        "beat-high": tone(lambda t: 62, 0.12, "square", 0.35, fade),
    }
    # Loops must join without a click: cross-fade the tail of the thrust noise into its head.
    thrust = sounds["thrust"]
    k = 1000
    for i in range(k):
        a = i / k
        thrust[i] = thrust[i] * a + thrust[len(thrust) - k + i] * (1 - a)
    sounds["thrust"] = thrust[: len(thrust) - k]
    for name, samples in sounds.items():
        write_wav(os.path.join(folder, name + ".wav"), samples)


def make_blocks_assets(folder):
    """Blocks' sheet (one glowing spark for the line clear) and its sounds: short square-wave
    blips for moves, rotations and locks, a rising chord per clear size, a T-spin sweep."""
    os.makedirs(os.path.join(folder, "sounds"), exist_ok=True)
    canvas = Canvas(8, 8)
    canvas.dot(0, 0, 8, 0.9, (255, 250, 220), (255, 200, 90), 1.3)
    canvas.save_bmp(os.path.join(folder, "sprites.bmp"))
    with open(os.path.join(folder, "sprites.atlas"), "w") as f:
        f.write("# name x y width height (pixels in sprites.bmp)\nspark 0 0 8 8\n")
    fade = lambda t: (1 - t) ** 2
    chord = lambda notes, length: sum((tone(lambda t, f=f: f, length, "square", 0.18, fade)
                                       for f in notes), [])
    sounds = {
        "move": tone(lambda t: 900, 0.025, "square", 0.12, fade),
        "rotate": tone(lambda t: 1200 - 300 * t, 0.035, "square", 0.12, fade),
        "hold": tone(lambda t: 500 + 400 * t, 0.06, "tri", 0.25, fade),
        "lock": tone(lambda t: 160, 0.05, "square", 0.25, fade),
        "hard-drop": noise(0.09, 0.5, fade, lambda t: 0.2, random.Random(7)),
        "clear-1": chord((523,), 0.12),
        "clear-2": chord((523, 659), 0.1),
        "clear-3": chord((523, 659, 784), 0.09),
        "clear-4": chord((523, 659, 784, 1047, 1319), 0.08),
        "t-spin": tone(lambda t: 300 + 1500 * t, 0.3, "tri", 0.3, lambda t: 1 - t),
        "level-up": chord((784, 988, 1175, 1568), 0.07),
        "game-over": chord((392, 330, 262, 196), 0.25),
    }
    for name, samples in sounds.items():
        write_wav(os.path.join(folder, "sounds", name + ".wav"), samples)


def make_pong_sounds(folder):
    """Pong's three blips: a paddle's hit, a wall's (lower, shorter) and a point's (a falling
    two-note chirp), square waves as the 1972 cabinet's."""
    os.makedirs(folder, exist_ok=True)
    fade = lambda t: (1 - t) ** 1.5
    sounds = {
        "paddle": tone(lambda t: 480, 0.06, "square", 0.25, fade),
        "wall": tone(lambda t: 240, 0.04, "square", 0.25, fade),
        "score": tone(lambda t: 620 if t < 0.4 else 310, 0.3, "square", 0.22, lambda t: 1 - t * 0.6),
    }
    for name, samples in sounds.items():
        write_wav(os.path.join(folder, name + ".wav"), samples)


if __name__ == "__main__":
    asteroids = os.path.join(ROOT, "asteroids")
    os.makedirs(asteroids, exist_ok=True)
    os.makedirs(os.path.join(ROOT, "engine"), exist_ok=True)
    make_sheet(os.path.join(asteroids, "sprites.bmp"), os.path.join(asteroids, "sprites.atlas"))
    make_font(os.path.join(ROOT, "engine", "font.bmp"), core=(255, 255, 255), halo=(255, 255, 255))
    make_font(os.path.join(ROOT, "engine", "font-glow.bmp"))
    make_sounds(os.path.join(asteroids, "sounds"))
    make_pong_sounds(os.path.join(ROOT, "pong", "sounds"))
    make_blocks_assets(os.path.join(ROOT, "blocks"))
    print("assets written to", os.path.normpath(ROOT))
