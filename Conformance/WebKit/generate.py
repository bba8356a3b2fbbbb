#!/usr/bin/env python3
"""Writes random scenarios over the whole scenario format, for the real engine to judge (issue 36).

    generate.py --seed S --count N --out DIR [--steps K] [--bench PATH]

Each scenario is a pure function of (S, its index): the same command writes the same bytes, so a
difference found in CI reproduces with the seed it printed. A scenario has its own little web (pages
with iframes, redirects, a scheme the app serves), a policy composed of rules that answer popup,
external, sameView, cancel, finish, download and ask (with deciders), popup limits, and steps over
every event: links and forms (targets `_self`, `_blank`, `_top`, `_parent`, window and iframe names;
`rel`, `download`, `frame`, GET and POST), `window.open` (names, no URL, `noopener`, with and without a
gesture), script loads, a script's `window.name`, history, `window.close()`, dismissals and waits.

Steps act in sessions that exist: after each step is chosen, `session-bench replay` (the simulator)
runs the scenario so far, and the next step is drawn among the sessions its final line lists, with
the page each shows (a `frame` is one the shown page declares). A step the replay rejects is drawn
again. The files carry no `expect`: `Scripts/webkit-conformance.sh` compares the simulator with
WebKitGTK step by step.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

HOSTS = ["shop.example", "www.shop.example", "pay.example", "ads.example", "news.example", "pay.google.com"]
PATHS = ["/", "/a", "/b", "/checkout", "/p?x=1", "/go"]
FRAME_SOURCES = [
    "https://ads.example/slot", "https://pay.example/button", "https://shop.example/widget",
    "https://news.example/embed", "about:srcdoc", "about:blank",
]
NAMES = ["checkout", "help", "ad"]
# Names of iframes (each given to one iframe of one page at most) and the name a page's script gives its window: kept
# apart from NAMES, because WebKit's choice among several familiar windows of one name is a hash table's
# (WritingScenarios.md, "Named iframes").
FRAME_NAMES = ["slot", "panel", "box"]
SCRIPT_NAME = "app"
SERVED = "shopapp"
UNSERVED = "otherapp"


def url_of(rng, schemes, host=None):
    """A URL of `host` (or any), with the scheme the scenario gives that host."""
    host = host or rng.choice(HOSTS)
    return f"{schemes[host]}://{host}{rng.choice(PATHS)}"


def same_origin(url, rng, schemes):
    """Another URL of `url`'s origin (for `download` links)."""
    prefix = url.split("/", 3)
    if len(prefix) < 3 or not url.startswith("http"):
        return url_of(rng, schemes)
    return "/".join(prefix[:3]) + rng.choice(["/file.pdf", "/report", "/a"])


class World:
    """A scenario's web and policy, drawn once; steps draw URLs from it."""

    def __init__(self, rng, extra, nested=None):
        self.rng = rng
        nested = nested or random.Random("nested")
        # Draws for what the format gained later (named iframes, `windowName`), from a stream of their own, so that
        # the draws above stay those of earlier versions of this script.
        self.extra = extra
        # One scheme per host: the harness fetches https as http, so the engine cannot tell http://h from https://h.
        self.schemes = {host: "http" if rng.random() < 0.15 else "https" for host in HOSTS}
        frame_sources = [self.with_scheme(src) for src in FRAME_SOURCES]
        self.served = rng.random() < 0.3
        self.pages = {}
        for _ in range(rng.randint(1, 3)):
            self.pages[self.url_of()] = rng.sample(frame_sources, rng.randint(1, 2))
        if self.served and rng.random() < 0.5:
            self.pages[f"{SERVED}://account/orders"] = [rng.choice(frame_sources[:4])]
        self.redirects = {}
        for index in range(rng.choice([0, 1, 1, 2, 3])):
            host = rng.choice(HOSTS)
            source = f"{self.schemes[host]}://{host}/r{index}"
            roll = rng.random()
            if roll < 0.15:
                target = f"{UNSERVED}://open?r={index}"
            elif roll < 0.25 and self.served:
                target = f"{SERVED}://account/orders"
            elif roll < 0.35 and index > 0:
                target = next(iter(self.redirects))  # a chain (a loop when it comes back here)
            else:
                target = self.url_of()
            self.redirects[source] = {"to": target, "status": rng.choice([301, 302, 303, 307, 308])}
        self.policy, self.deciders = self.draw_policy()
        self.settings = {"javaScriptCanOpenWindowsAutomatically": rng.random() < 0.3}
        # Pages that iframes show, with iframes of their own (iframes inside iframes): kept apart from `pages`, whose
        # draws are those of earlier versions.
        # (From a stream of their own too, so that the iframe names drawn next stay those of earlier versions.)
        self.nested_pages = {}
        embedded = [src for frames in self.pages.values() for src in frames if src.startswith("http")]
        if embedded and nested.random() < 0.4:
            outer = nested.choice(embedded)
            inner = [src for src in frame_sources if src != outer]
            self.nested_pages[outer] = nested.sample(inner, nested.randint(1, 2))
        # Named iframes: `self.frame_names[page][src]`.
        self.frame_names = {}
        unused = list(FRAME_NAMES)
        for page, frames in list(self.pages.items()) + list(self.nested_pages.items()):
            for src in frames:
                if unused and extra.random() < 0.35:
                    self.frame_names.setdefault(page, {})[src] = unused.pop(0)

    def all_pages(self):
        """Every declared page and its iframes: the pages, then those iframes show."""
        return {**self.pages, **{page: frames for page, frames in self.nested_pages.items() if page not in self.pages}}

    def frames_json(self, page):
        """A page's `frames` as the file writes them: a named iframe is an object."""
        names = self.frame_names.get(page, {})
        return [{"src": src, "name": names[src]} if src in names else src for src in self.all_pages()[page]]

    def draw_policy(self):
        rng = self.rng
        deciders = {}
        rules = []
        templates = [
            lambda h: {"match": {"hosts": [h], "target": "newWindow"},
                       "action": {"popup": rng.choice(["overlay", "modal"])}},
            lambda h: {"match": {"hosts": [h]}, "action": {"external": rng.choice(["safari", "system"])}},
            lambda h: {"match": {"hosts": [h], "target": "newWindow"}, "action": "sameView"},
            lambda h: {"match": {"hosts": [h], "target": "subframe"}, "action": "cancel"},
            lambda h: {"match": {"schemes": ["tel", UNSERVED]}, "action": {"external": "system"}},
            lambda h: {"match": {"hosts": [h], "target": "newWindow"}, "action": "cancel"},
            lambda h: {"match": {"crossSite": True, "target": "newWindow"}, "action": {"external": "safari"}},
            lambda h: {"match": {"hosts": [h], "target": "newWindow"}, "action": {"ask": "confirm"}},
            lambda h: {"match": {"hosts": [h], "paths": ["/checkout"]},
                       "action": {"finish": rng.choice(["opener", "app"])}},
            lambda h: {"match": {"hosts": [h], "navigationTypes": ["formSubmitted"]}, "action": "download"},
            lambda h: {"match": {"popupFirstLoad": True, "crossSite": True}, "action": {"external": "safari"}},
            lambda h: {"match": {"hosts": [h], "target": "mainFrame", "userGesture": False}, "action": "cancel"},
        ]
        for index in range(rng.randint(1, 4)):
            rule = rng.choice(templates)(rng.choice(HOSTS))
            rules.append({"name": f"rule-{index}", **rule})
            if rule["action"] == {"ask": "confirm"}:
                deciders["confirm"] = {
                    "answer": rng.choice(["allow", {"popup": "modal"}, "cancel", {"external": "safari"}, "sameView"]),
                    "delayMs": rng.choice([0, 5, 300]),
                }
        policy = {"version": 1}
        include = [name for name in ["google-pay", "ad-clicks", "webkit-default"] if rng.random() < 0.2]
        if include:
            policy["include"] = include
        policy["rules"] = rules
        policy["default"] = "allow"
        popups = {"maxOpen": rng.randint(1, 4), "maxDepth": rng.randint(1, 3),
                  "requireUserGesture": rng.random() < 0.3, "presentation": rng.choice(["overlay", "modal"])}
        if rng.random() < 0.15:
            popups["blankTimeoutMs"] = rng.choice([100, 1000])
        if rng.random() < 0.1:
            popups["maxPerMinute"] = rng.randint(1, 3)
        policy["popups"] = popups
        if deciders:
            policy["deciders"] = {"timeoutMs": 100, "onTimeout": rng.choice(["cancel", "allow"])}
        return policy, deciders

    def url_of(self, host=None):
        return url_of(self.rng, self.schemes, host)

    def with_scheme(self, url):
        """`url` (https) with the scheme the scenario gives its host."""
        host = url.split("/")[2] if url.startswith("https://") else None
        return url.replace("https://", self.schemes[host] + "://", 1) if host in self.schemes else url

    def same_origin(self, url):
        return same_origin(url, self.rng, self.schemes)

    def url(self, shown):
        """A URL for a step in a session that shows `shown`."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.40:
            return rng.choice(list(self.pages)) if rng.random() < 0.5 else self.url_of()
        if roll < 0.52 and self.redirects:
            return rng.choice(list(self.redirects))
        if roll < 0.60 and shown.startswith("http"):
            return shown.split("#")[0] + rng.choice(["#top", "#more"])
        if roll < 0.66:
            return "about:blank"
        if roll < 0.72:
            return f"{UNSERVED}://open?x={rng.randint(1, 9)}"
        if roll < 0.78 and self.served:
            return f"{SERVED}://account/orders"
        if roll < 0.82:
            return "tel:+15550100"
        return self.same_origin(shown)

    def target(self):
        return self.rng.choices(["_self", "_blank", "name", "_top", "_parent"], [40, 25, 20, 8, 7])[0]

    def name(self):
        name = self.rng.choice(NAMES)
        roll = self.extra.random()
        used = [n for names in self.frame_names.values() for n in names.values()]
        if used and roll < 0.4:
            return self.extra.choice(used)
        return SCRIPT_NAME if roll > 0.9 else name


def draw_step(world, sessions):
    """One step in one of `sessions` ({id: {url, history}}), as the file writes it."""
    rng = world.rng
    ids = list(sessions)
    session = rng.choice(ids)
    shown = sessions[session]["url"]
    step = {} if session == "main" else {"in": session}
    kind = rng.choices(
        ["click", "open", "assign", "submit", "back", "forward", "reload", "close", "dismiss", "wait", "load"],
        [30, 16, 8, 10, 7, 3, 4, 7, 3, 3 if "blankTimeoutMs" in world.policy["popups"] else 0, 3])[0]
    if kind in ("click", "submit"):
        target = world.target()
        step[kind] = world.url(shown)
        if target == "name":
            target = world.name()
        if target != "_self" or rng.random() < 0.2:
            step["target"] = target
        frames = world.pages.get(shown.split("#")[0])
        if frames and rng.random() < 0.5:
            step["frame"] = rng.choice(frames)
            inner = world.nested_pages.get(step["frame"])
            if inner and world.extra.random() < 0.6:  # a link in an iframe inside that iframe: its path
                step["frame"] = [step["frame"], world.extra.choice(inner)]
        elif frames is None and shown.startswith("http") and rng.random() < 0.1:
            step["frame"] = world.with_scheme("https://ads.example/slot")
        if kind == "click":
            if rng.random() < 0.15:
                step["rel"] = " ".join(rng.sample(["opener", "noopener", "noreferrer"], rng.randint(1, 2)))
            if rng.random() < 0.12:
                step["download"] = True
                if rng.random() < 0.6:
                    frame = step.get("frame")
                    step["click"] = world.same_origin((frame[-1] if isinstance(frame, list) else frame) or shown)
                    if world.redirects and rng.random() < 0.4:
                        step["click"] = rng.choice(list(world.redirects))
        elif rng.random() < 0.4:
            step["method"] = "post"
    elif kind == "open":
        roll = rng.random()
        step["open"] = None if roll < 0.2 else "about:blank" if roll < 0.27 else world.url(shown)
        target = rng.choices(["_blank", "name", "_self"], [45, 45, 10])[0]
        step["target"] = world.name() if target == "name" else target
        if rng.random() < 0.7:
            step["gesture"] = True
        if rng.random() < 0.1:
            step["noopener"] = True
    elif kind in ("assign", "load"):
        step[kind] = world.url(shown)
    elif kind in ("back", "forward", "reload", "close", "dismiss"):
        step[kind] = True
    else:
        step["wait"] = rng.choice([50, 200, 1000])
    if world.extra.random() < 0.05:  # the page's script names its window (or unnames it)
        step = {key: value for key, value in step.items() if key == "in"}
        step["windowName"] = world.extra.choice([SCRIPT_NAME, SCRIPT_NAME, ""])
    return step


class Replayer:
    """The simulator's view of a scenario so far: the sessions open after its last step. `directory` holds the file
    it replays; the caller owns it (`main` removes it when the batch is written)."""

    def __init__(self, bench, directory):
        self.bench = bench
        self.directory = directory

    def sessions(self, scenario):
        path = os.path.join(self.directory, "scenario.json")
        with open(path, "w") as file:
            json.dump(scenario, file)
        run = subprocess.run([self.bench, "replay", path], capture_output=True, text=True)
        if run.returncode >= 2:
            return None
        last = json.loads(run.stdout.strip().splitlines()[-1])
        return last["final"]["sessions"]


def scenario(seed, index, steps, replayer):
    rng = random.Random(f"{seed}:{index}")
    world = World(rng, random.Random(f"{seed}:{index}:names"), random.Random(f"{seed}:{index}:nested"))
    file = {"name": f"random scenario {index} of seed {seed}", "policy": world.policy}
    if world.deciders:
        file["deciders"] = world.deciders
    file["settings"] = world.settings
    file["pages"] = {page: {"frames": world.frames_json(page)} for page in world.all_pages()}
    if world.redirects:
        file["redirects"] = world.redirects
    if world.served:
        file["schemes"] = [SERVED]
    file["steps"] = [{"load": rng.choice(list(world.pages))}]
    sessions = replayer.sessions(file)
    if sessions is None:
        raise SystemExit(f"generate.py: seed {seed} scenario {index}: the simulator rejects the first step")
    while len(file["steps"]) < steps:
        for _ in range(20):
            step = draw_step(world, sessions)
            after = replayer.sessions({**file, "steps": file["steps"] + [step]})
            if after is not None:
                file["steps"].append(step)
                sessions = after
                break
        else:
            break
    return file


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", required=True, help="any text; the same seed writes the same files")
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--out", required=True, help="a directory; files random-SEED-NNN.json are written there")
    parser.add_argument("--steps", type=int, default=10, help="steps per scenario (default 10)")
    parser.add_argument("--first", type=int, default=0, help="index of the first scenario (default 0)")
    parser.add_argument("--bench", default=os.environ.get("SESSION_BENCH"),
                        help="the session-bench binary (default $SESSION_BENCH)")
    arguments = parser.parse_args(argv)
    if not arguments.bench:
        parser.error("--bench or SESSION_BENCH is needed: steps are drawn among the sessions the simulator has open")
    if arguments.count < 1 or arguments.steps < 1:
        parser.error("--count and --steps must be at least 1")
    os.makedirs(arguments.out, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="generate-") as scratch:
        replayer = Replayer(arguments.bench, scratch)
        for index in range(arguments.first, arguments.first + arguments.count):
            file = scenario(arguments.seed, index, arguments.steps, replayer)
            path = os.path.join(arguments.out, f"random-{arguments.seed}-{index:03d}.json")
            with open(path, "w") as out:
                json.dump(file, out, indent=1)
                out.write("\n")
    print(f"{arguments.count} scenarios (seed {arguments.seed}) in {arguments.out}")


if __name__ == "__main__":
    main(sys.argv[1:])
