#!/usr/bin/env python3
"""The replay inspector in a real browser: headless Chromium driven through chromedriver's
WebDriver protocol, with nothing but the Python standard library.

For a bundled demo of each game it starts `GameApp inspect`, loads the page, scrubs the
timeline with the mouse, steps with the buttons and the keyboard, follows "next change" of
the score, and checks what the page shows against the JSON API: the tick, the score, the
highlighted fields and a frame image the browser decoded. Then it compares two replays and
goes to their first divergence, and opens a replay that no longer verifies. Screenshots go to the output folder (docs/INSPECTOR.md shows
them). Every wait polls with a deadline; nothing sleeps a fixed time.

    scripts/inspector-browser-test.py [--app .build/debug/GameApp] [--out out/inspector]
"""

import argparse
import base64
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

DEADLINE = 60.0  # seconds for any one wait: ample on a machine twice as slow as CI's
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (game, demo, path of the score in the state tree, metric name)
DEMOS = [
    ("asteroids", "assets/asteroids/demos/ace-seed1.replay", "score.score"),
    ("pong", "assets/pong/demos/seed1.replay", "points[0]"),
    ("blocks", "assets/blocks/demos/marathon.replay", "players[0].score"),
]
# Two recordings of Pong from the same start; the second holds "down" from tick 1,500.
DESYNC = "Tests/GameAppTests/Fixtures/pong-desync.replay"
COMPARE = ("pong", "Tests/GameAppTests/Fixtures/pong-good.replay", "Tests/GameAppTests/Fixtures/pong-nudged.replay")


class Failure(Exception):
    pass


def poll(what, probe, deadline=DEADLINE):
    """Calls probe until it returns something truthy; fails naming `what` after the deadline."""
    end = time.monotonic() + deadline
    last = None
    while time.monotonic() < end:
        try:
            last = probe()
            if last:
                return last
        except (Failure, urllib.error.URLError, ConnectionError, KeyError) as error:
            last = error
        time.sleep(0.05)
    raise Failure(f"timed out waiting for {what} (last: {last!r})")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def request(method, url, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=DEADLINE) as response:
            return json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        raise Failure(f"{method} {url.split('?')[0]}: {error.code} {error.read()[:300]!r}") from None


class Browser:
    """A WebDriver session of headless Chromium."""

    ELEMENT = "element-6066-11e4-a52e-4f735466cecf"

    def __init__(self, driver_path, chromium_path):
        self.port = free_port()
        self.driver = subprocess.Popen(
            [driver_path, f"--port={self.port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        self.base = f"http://127.0.0.1:{self.port}"
        poll("chromedriver", lambda: request("GET", f"{self.base}/status")["value"]["ready"])
        options = {
            "binary": chromium_path,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1440,1500",
                     "--disable-dev-shm-usage", "--force-device-scale-factor=1"],
        }
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": options}}}
        self.session = request("POST", f"{self.base}/session", caps)["value"]["sessionId"]

    def call(self, method, path, body=None):
        return request(method, f"{self.base}/session/{self.session}{path}", body)["value"]

    def go(self, url):
        self.call("POST", "/url", {"url": url})

    def js(self, script, *args):
        return self.call("POST", "/execute/sync", {"script": script, "args": list(args)})

    def find(self, css):
        return self.call("POST", "/element", {"using": "css selector", "value": css})[self.ELEMENT]

    def click(self, css):
        self.call("POST", f"/element/{self.find(css)}/click", {})

    def click_at(self, css, fraction):
        """A real mouse click at `fraction` of the element's width (the scrubber)."""
        element = self.find(css)
        rect = self.call("GET", f"/element/{element}/rect")
        x = round((fraction - 0.5) * rect["width"])
        pointer = {
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [
                {"type": "pointerMove", "origin": {self.ELEMENT: element}, "x": x, "y": 0},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerUp", "button": 0},
            ],
        }
        self.call("POST", "/actions", {"actions": [pointer]})

    def key(self, key):
        keys = {"ArrowRight": "\ue014", "ArrowLeft": "\ue012"}
        self.call("POST", f"/element/{self.find('body')}/value", {"text": keys[key]})

    def screenshot(self, path):
        with open(path, "wb") as out:
            out.write(base64.b64decode(self.call("GET", "/screenshot")))

    def close(self):
        try:
            request("DELETE", f"{self.base}/session/{self.session}")
        finally:
            self.driver.terminate()
            self.driver.wait(timeout=DEADLINE)


class Inspector:
    """`GameApp inspect` in a child process."""

    def __init__(self, app, *arguments):
        self.process = subprocess.Popen(
            [app, "inspect", *arguments], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        self.url = None
        end = time.monotonic() + DEADLINE
        lines = []
        while time.monotonic() < end and self.url is None:
            line = self.process.stdout.readline()
            if not line:
                break
            lines.append(line)
            match = re.match(r"open (http://\S+)", line)
            if match:
                self.url = match.group(1)
        if self.url is None:
            self.process.kill()
            raise Failure(f"inspect printed no URL: {''.join(lines)}")
        self.token = self.url.split("token=")[1]
        self.base = self.url.split("/?")[0]

    def api(self, route, **query):
        query["token"] = self.token
        url = f"{self.base}/api/{route}?" + urllib.parse.urlencode(query)
        return request("GET", url)

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        status = self.process.wait(timeout=DEADLINE)
        rest = self.process.stdout.read()
        if status != 0 or "inspector stopped" not in rest:
            raise Failure(f"inspect did not stop cleanly: status {status}, {rest!r}")


def shown_tick(browser):
    value = browser.js("return document.body.dataset.shownTick ?? null")
    return None if value is None else int(value)


def wait_for_tick(browser, tick):
    poll(f"the page to show tick {tick}", lambda: shown_tick(browser) == tick)


def check_frame(browser, tick):
    """The frame shown is this tick's, and the browser decoded it (1280 x 720)."""
    size = poll(
        f"the frame of tick {tick}",
        lambda: browser.js(
            "const f = document.getElementById('frame');"
            "return f.complete && f.dataset.tick === arguments[0] ? [f.naturalWidth, f.naturalHeight] : null",
            str(tick),
        ),
    )
    if size != [1280, 720]:
        raise Failure(f"frame of tick {tick} decoded as {size}")


def inspect_demo(app, browser, out, game, demo, score_path):
    inspector = Inspector(app, demo)
    try:
        ticks = inspector.api("summary")["replays"][0]["ticks"]
        browser.go(inspector.url)
        wait_for_tick(browser, 0)
        check_frame(browser, 0)

        # Scrub: a real click at 40 % of the timeline.
        browser.click_at("#scrubber", 0.4)
        tick = poll("the scrubber to move", lambda: (t := shown_tick(browser)) and t > 0 and t)
        if abs(tick - 0.4 * ticks) > 0.03 * ticks:
            raise Failure(f"clicking 40 % of the timeline showed tick {tick} of {ticks}")
        if int(browser.js("return document.getElementById('scrubber').value")) != tick:
            raise Failure("the scrubber and the shown tick disagree")
        check_frame(browser, tick)

        # Step: forward twice, back once, then the keyboard's arrow.
        browser.click("#forward")
        wait_for_tick(browser, tick + 1)
        browser.click("#forward")
        wait_for_tick(browser, tick + 2)
        browser.click("#back")
        wait_for_tick(browser, tick + 1)
        browser.key("ArrowRight")
        wait_for_tick(browser, tick + 2)
        tick += 2
        page_hash = browser.js("return document.getElementById('hash').textContent")
        if page_hash != inspector.api("tick", tick=tick)["hash"]:
            raise Failure(f"tick {tick}: the page shows hash {page_hash}")

        # Follow the score: click its field, then "next change".
        before = metric(inspector.api("tick", tick=tick), "score")
        # Open the fields that hold the score, as a user would, by their toggles.
        for holder in holders(score_path):
            poll(f"the field {holder}", lambda: browser.js(
                "return document.querySelector(`.row[data-path=\"${arguments[0]}\"]`) !== null", holder))
            if browser.js("return document.querySelector(`.row[data-path=\"${arguments[0]}\"]`).dataset.open",
                          holder) != "true":
                browser.click(f'.row[data-path="{holder}"] .toggle')
                poll(f"{holder} to open", lambda: browser.js(
                    "return document.querySelector(`.row[data-path=\"${arguments[0]}\"]`)?.dataset.open",
                    holder) == "true")
        poll(f"the field {score_path}", lambda: browser.js(
            "return document.querySelector(`.row[data-path=\"${arguments[0]}\"]`) !== null", score_path))
        browser.click(f'.row[data-path="{score_path}"]')
        poll("the score to be followed", lambda: browser.js(
            "return document.getElementById('followed').textContent") == score_path)
        browser.click("#next-change")
        changed_at = poll("the next change of the score", lambda: (t := shown_tick(browser)) and t > tick and t)
        expected = inspector.api("change", tick=tick, field=score_path, direction="next")
        if not expected["found"] or expected["tick"] != changed_at:
            raise Failure(f"next change of {score_path}: page went to {changed_at}, API says {expected}")
        after = metric(inspector.api("tick", tick=changed_at), "score")
        if after == before:
            raise Failure(f"the score did not change at tick {changed_at} ({before})")
        card = browser.js(
            "return document.querySelector('.metric[data-metric=\"score\"] .metric-value').textContent")
        if card != str(after):
            raise Failure(f"tick {changed_at}: the score card shows {card}, the state says {after}")
        highlighted = browser.js(
            "return [...document.querySelectorAll('#tree .row.changed')].map(r => r.dataset.path)")
        if score_path not in highlighted:
            raise Failure(f"tick {changed_at}: {score_path} is not highlighted ({highlighted})")
        diff_paths = {c["path"] for c in inspector.api("diff", tick=changed_at)["changes"]}
        shown_rows = set(browser.js(
            "return [...document.querySelectorAll('#changes tr[data-path]')].map(r => r.dataset.path)"))
        if shown_rows != diff_paths:
            raise Failure(f"tick {changed_at}: the changes table shows {shown_rows}, the diff is {diff_paths}")
        check_frame(browser, changed_at)
        browser.screenshot(os.path.join(out, f"inspector-{game}.png"))
        print(f"inspector in a browser: {game}: scrubbed to {tick - 2}, stepped to {tick}, "
              f"score {before} -> {after} at tick {changed_at}, {len(highlighted)} fields highlighted")
    finally:
        inspector.stop()


def holders(path):
    """The fields that hold `path`, outermost first: players[0].score gives players, players[0]."""
    return [path[:i] for i, c in enumerate(path) if c in ".[" and i > 0]


def metric(tick_info, name):
    return next(m["value"] for m in tick_info["metrics"] if m["name"] == name)


def inspect_compare(app, browser, out, game, demo, other):
    inspector = Inspector(app, demo, "--compare", other)
    try:
        first = inspector.api("summary")["firstDivergentTick"]
        browser.go(inspector.url)
        wait_for_tick(browser, 0)
        poll("the compare panel", lambda: browser.js("return !document.getElementById('compare-panel').hidden"))
        browser.click("#goto-divergence")
        wait_for_tick(browser, first)
        rows = poll("the differing fields", lambda: browser.js(
            "return [...document.querySelectorAll('#differences tr[data-path]')].map(r => r.dataset.path)"))
        differences = inspector.api("compare", tick=first)["differences"]
        expected = [d["path"] for d in differences]
        if rows != expected:
            raise Failure(f"compare at tick {first}: page shows {rows}, API says {expected}")
        # The state tree shows A's values, then B's after the switch, each field marked.
        shown = "return [...document.querySelectorAll('#tree .row.differs')].map(r => [r.dataset.path, r.querySelector('.value').textContent])"
        leaves = {d["path"]: d for d in differences}
        for side, key in (("a", "a"), ("b", "b")):
            browser.click(f"#side-{side}")
            want = {path: d[key] for path, d in leaves.items() if d[key] is not None}
            try:
                poll(f"replay {side.upper()}'s differing values {want} in the tree",
                     lambda: all(dict(browser.js(shown)).get(path) == value for path, value in want.items()))
            except Failure as failure:
                raise Failure(f"{failure}; the tree shows {browser.js(shown)}") from None
        poll("frame B", lambda: browser.js(
            "const f = document.getElementById('frame-b'); return f.complete && f.naturalWidth === 1280"))
        browser.screenshot(os.path.join(out, f"inspector-compare-{game}.png"))
        print(f"inspector in a browser: {game} compare: first divergence at tick {first}, "
              f"{len(rows)} differing fields shown")
    finally:
        inspector.stop()


def inspect_desync(app, browser, out, demo):
    """A replay whose recorded hashes stop matching: the badge, the mark and the report."""
    inspector = Inspector(app, demo)
    try:
        desync = inspector.api("summary")["replays"][0]["desync"]
        browser.go(inspector.url)
        wait_for_tick(browser, 0)
        poll("the verification panel", lambda: browser.js("return !document.getElementById('desync-panel').hidden"))
        # Before its first recorded hash nothing is checked yet; nothing is red either.
        status = poll("the badge", lambda: browser.js("return document.getElementById('verify').dataset.status"))
        if status != "unchecked":
            raise Failure(f"tick 0 of the desync fixture shows the badge {status}")
        browser.click("#goto-desync")
        wait_for_tick(browser, desync["tick"])
        poll("the red badge", lambda: browser.js("return document.getElementById('verify').dataset.status") == "diverged")
        report = browser.js("return document.getElementById('desync-report').textContent")
        if report != desync["report"]:
            raise Failure(f"the page shows the report {report!r}")
        browser.screenshot(os.path.join(out, "inspector-desync-pong.png"))
        print(f"inspector in a browser: pong desync: first mismatch at tick {desync['tick']} "
              f"({', '.join(desync['sections'])}), badge red from there")
    finally:
        inspector.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app", default=os.path.join(ROOT, ".build/debug/GameApp"))
    parser.add_argument("--out", default=os.path.join(ROOT, "out/inspector"))
    parser.add_argument("--chromedriver", default="chromedriver")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    browser = Browser(args.chromedriver, args.chromium)
    try:
        for game, demo, score_path in DEMOS:
            inspect_demo(args.app, browser, args.out, game, demo, score_path)
        inspect_compare(args.app, browser, args.out, *COMPARE)
        inspect_desync(args.app, browser, args.out, DESYNC)
    finally:
        browser.close()


if __name__ == "__main__":
    try:
        main()
    except Failure as failure:
        print(f"inspector browser test FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
