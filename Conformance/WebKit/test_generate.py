"""Tests of generate.py: a seed writes the same scenarios, they cover the whole format, and the simulator accepts
them (with SESSION_BENCH, which Scripts/webkit-conformance.sh sets when it runs these tests)."""

import json
import os
import subprocess
import tempfile
import unittest

import generate


class FakeReplayer:
    """The simulator's answer without the simulator: `main` and one popup open, at a declared page."""

    def __init__(self, page):
        self.page = page

    def sessions(self, scenario):
        return {"main": {"url": self.page, "history": 1}, "main.1": {"url": "about:blank", "history": 0}}


def draw(seed, count, steps=12):
    """`count` scenarios drawn with the fake replayer (every step accepted)."""
    files = []
    for index in range(count):
        rng_world = generate.World(generate.random.Random(f"{seed}:{index}"),
                                   generate.random.Random(f"{seed}:{index}:names"))
        replayer = FakeReplayer(next(iter(rng_world.pages)))
        files.append(generate.scenario(seed, index, steps, replayer))
    return files


class GenerateTests(unittest.TestCase):
    def test_aSeedWritesTheSameScenarios_andAnotherSeedOthers(self):
        first = json.dumps(draw("seed-a", 5))
        self.assertEqual(first, json.dumps(draw("seed-a", 5)))
        self.assertNotEqual(first, json.dumps(draw("seed-b", 5)))

    def test_theScenariosCoverTheWholeFormat(self):
        files = draw("coverage", 60)
        steps = [step for file in files for step in file["steps"]]
        events = {next(k for k in step if k not in ("in", "target", "frame", "rel", "download", "method", "gesture",
                                                     "noopener")) for step in steps}
        self.assertEqual(events, {"load", "click", "open", "assign", "submit", "back", "forward", "reload", "close",
                                  "dismiss", "wait", "windowName"})
        targets = {step.get("target") for step in steps}
        self.assertTrue({"_blank", "_self", "_top", "_parent"} <= targets, targets)
        self.assertTrue(targets & set(generate.NAMES), "window names")
        self.assertTrue(targets & set(generate.FRAME_NAMES), "iframe names")
        self.assertIn(generate.SCRIPT_NAME, targets, "the name a script gives its window")
        named = [frame for f in files for page in f["pages"].values() for frame in page["frames"]
                 if isinstance(frame, dict)]
        self.assertTrue(named and all(set(frame) == {"src", "name"} for frame in named), "named iframes")
        self.assertTrue(any("frame" in step for step in steps), "links and forms in iframes")
        self.assertTrue(any(isinstance(step.get("frame"), list) for step in steps), "in iframes inside iframes")
        self.assertTrue(any("rel" in step for step in steps), "rel")
        self.assertTrue(any(step.get("download") for step in steps), "download")
        self.assertTrue(any(step.get("method") == "post" for step in steps), "POST forms")
        self.assertTrue(any(step.get("noopener") for step in steps), "noopener")
        self.assertTrue(any("open" in step and step["open"] is None for step in steps), "window.open()")
        self.assertTrue(any(step.get("in") for step in steps), "steps in popups")
        urls = [value for step in steps for key, value in step.items() if key in ("click", "submit", "open", "assign")]
        self.assertTrue(any(isinstance(u, str) and u.startswith(generate.UNSERVED) for u in urls), "unloadable")
        self.assertTrue(any(isinstance(u, str) and u.startswith(generate.SERVED) for u in urls), "served scheme")
        self.assertTrue(any(isinstance(u, str) and "#" in u for u in urls), "fragments")
        self.assertTrue(any(f.get("redirects") for f in files), "redirects")
        self.assertTrue(any(f.get("schemes") for f in files), "served schemes")
        self.assertTrue(any(f["settings"]["javaScriptCanOpenWindowsAutomatically"] for f in files))
        actions = json.dumps([f["policy"] for f in files])
        for action in ('"popup"', '"external"', '"sameView"', '"cancel"', '"finish"', '"download"', '"ask"',
                       '"include"', '"blankTimeoutMs"', '"maxPerMinute"'):
            self.assertIn(action, actions)
        self.assertTrue(any(f.get("deciders") for f in files), "deciders")

    @unittest.skipUnless(os.environ.get("SESSION_BENCH"), "SESSION_BENCH names the session-bench to replay with")
    def test_theSimulatorAcceptsEveryScenario_andEachHasItsSteps(self):
        bench = os.environ["SESSION_BENCH"]
        with tempfile.TemporaryDirectory() as out, tempfile.TemporaryDirectory() as scratch:
            subprocess.run(["python3", os.path.join(os.path.dirname(__file__), "generate.py"), "--seed", "test",
                            "--count", "4", "--steps", "6", "--out", out], check=True,
                           env={**os.environ, "TMPDIR": scratch}, capture_output=True)
            self.assertEqual(os.listdir(scratch), [], "the generator leaves nothing in the temporary directory")
            names = sorted(os.listdir(out))
            self.assertEqual(len(names), 4)
            for name in names:
                path = os.path.join(out, name)
                run = subprocess.run([bench, "replay", path], capture_output=True, text=True)
                self.assertEqual(run.returncode, 0, name + run.stderr)
                with open(path) as file:
                    self.assertEqual(len(json.load(file)["steps"]), 6, name)


if __name__ == "__main__":
    unittest.main()
