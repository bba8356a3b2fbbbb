#!/usr/bin/env python3
"""Compare the simulator's replay with WebKitGTK's run of the same scenarios, step by step.

Usage:
    compare.py KNOWN_DIFFERENCES.json RESULTS_DIR

RESULTS_DIR holds, per scenario NAME, NAME.sim.jsonl (`session-bench replay`) and
NAME.engine.jsonl (harness.py). Prints a table (step, simulator, engine, verdict) and exits 1
when a difference is not explained by an entry of KNOWN_DIFFERENCES.json. Only what WebKit can
observe is compared: see README.md.
"""

import fnmatch
import json
import os
import sys
import urllib.parse

# WebKit cannot tell these outcomes apart: in each, no navigation, window or download happened.
# `external`, `blocked` and `ignored` differ only in what the app does next.
OUTCOME_CLASS = {"external": "none", "blocked": "none", "ignored": "none", "waited": "none"}
CALLBACK_FIELDS = ("callback", "session", "navigationType", "targetFrame", "answer")  # then url, gesture, method
SHORT_TYPE = {"linkActivated": "link", "formSubmitted": "form", "backForward": "backFwd",
              "reload": "reload", "formResubmitted": "formResub", "other": "other"}
SHORT_CALLBACK = {"decidePolicyFor": "dPF", "createWebViewWith": "cWV", "webViewDidClose": "close"}


def load_lines(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def norm_url(url):
    """http and https compare equal: the harness fetches every page over http. An empty query ("?" at
    the end, or before the fragment) is dropped: a real GET form with no fields submits to `URL?`
    (`URL?#fragment` for an action with a fragment), which the scenario writes `URL`."""
    if not isinstance(url, str):
        return url
    if url.lower().startswith("https://"):
        url = "http://" + url[8:]
    url = url.replace("?#", "#", 1) if "?#" in url and "?" not in url.split("?#", 1)[0] else url
    return url[:-1] if url.endswith("?") else url


def norm_callback_url(url):
    """A callback's request URL as compared: `norm_url`, a lower-case scheme and host, `/` for an
    empty path (WebKit serializes `http://a.example` as `http://a.example/`)."""
    url = norm_url(url)
    if not isinstance(url, str) or "://" not in url:
        return url
    parts = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit((parts.scheme.lower(), parts.netloc.lower(), parts.path or "/",
                                    parts.query, parts.fragment))


def outcome_class(line):
    outcome = line.get("outcome")
    if outcome == "finished":  # the engine closed the popup; with `opener` the opener loads
        return "navigated" if line.get("via") == "opener" else "none"
    return OUTCOME_CLASS.get(outcome, outcome)


def hop_urls(line, field):
    """A URL list of the line (`blockedFrames`, `redirects`), serialized for comparison; a hop
    may be written as an object with its URL."""
    values = []
    for item in line.get(field) or []:
        if isinstance(item, dict):
            item = item.get("url", item.get("to"))
        values.append(norm_url(item))
    return values


def step_differences(sim, eng):
    """(field, simulator value, engine value) for every observable field that differs."""
    diffs = []
    if outcome_class(sim) != outcome_class(eng):
        diffs.append(("outcome", sim.get("outcome"), eng.get("outcome")))
    else:
        fields = {"navigated": ("session", "frame", "url"), "popup": ("child",), "closed": ("closed",)}
        for field in fields.get(outcome_class(sim), ()):
            a, b = norm_url(sim.get(field)), norm_url(eng.get(field))
            if a is not None and a != b:
                diffs.append((field, a, b))
    for field in ("blockedFrames", "redirects"):  # WritingScenarios "Pages and their iframes", "Redirects"
        a, b = hop_urls(sim, field), hop_urls(eng, field)
        if a != b:
            diffs.append((field, ",".join(a) or "-", ",".join(b) or "-"))
    if eng.get("lateCallbacks"):  # calls that came after the previous step had settled
        diffs.append(("lateCallbacks", None, "; ".join(eng["lateCallbacks"])))
    if eng.get("frameMismatches"):  # iframe requests the harness could not match to the replay's
        diffs.append(("frameMismatches", None, "; ".join(eng["frameMismatches"])))
    sim_cbs, eng_cbs = sim.get("callbacks", []), eng.get("callbacks", [])
    for i in range(max(len(sim_cbs), len(eng_cbs))):
        a = sim_cbs[i] if i < len(sim_cbs) else None
        b = eng_cbs[i] if i < len(eng_cbs) else None
        if a is None or b is None or a.get("callback") != b.get("callback"):
            diffs.append(("callbacks[%d]" % i, short_callback(a), short_callback(b)))
            continue
        for field in CALLBACK_FIELDS:
            if a.get(field) != b.get(field):
                diffs.append(("callbacks[].%s" % field, a.get(field), b.get(field)))
        # The request URL and gesture (`session-bench replay --callback-details`): a side without
        # them is a difference too, never a pass.
        if ("url" in a or "url" in b) and norm_callback_url(a.get("url")) != norm_callback_url(b.get("url")):
            diffs.append(("callbacks[].url", a.get("url"), b.get("url")))
        if ("gesture" in a or "gesture" in b) and a.get("gesture") != b.get("gesture"):
            diffs.append(("callbacks[].gesture", a.get("gesture"), b.get("gesture")))
        # The method: the engine's is the one the server saw, known only for a hop it was asked for.
        if "method" in a and "method" in b and a["method"].upper() != b["method"].upper():
            diffs.append(("callbacks[].method", a["method"], b["method"]))
    return diffs


def final_differences(sim, eng):
    diffs = []
    if eng.get("lateCallbacks"):
        diffs.append(("lateCallbacks", None, "; ".join(eng["lateCallbacks"])))
    sim_s, eng_s = sim.get("final", {}).get("sessions", {}), eng.get("final", {}).get("sessions", {})
    for sid in sorted(set(sim_s) | set(eng_s)):
        a, b = sim_s.get(sid), eng_s.get(sid)
        if a is None or b is None:
            diffs.append(("final.%s" % sid, "open" if a else "absent", "open" if b else "absent"))
            continue
        if norm_url(a.get("url")) != norm_url(b.get("url")):
            diffs.append(("final.url", a.get("url"), b.get("url")))
        if a.get("history") != b.get("history"):
            diffs.append(("final.history", a.get("history"), b.get("history")))
    return diffs


def known_reason(known, scenario, step, diff):
    field, sim_value, eng_value = diff
    for entry in known:
        if not fnmatch.fnmatch(field, entry.get("field", "")):
            continue
        if "sim" in entry and entry["sim"] != sim_value:
            continue
        if "engine" in entry and entry["engine"] != eng_value:
            continue
        if "scenario" in entry and not fnmatch.fnmatch(scenario, entry["scenario"]):
            continue
        if "step" in entry and entry["step"] != step:
            continue
        return entry["id"]
    return None


def short_callback(cb):
    if cb is None:
        return "-"
    name = SHORT_CALLBACK.get(cb.get("callback"), cb.get("callback"))
    if cb.get("callback") == "webViewDidClose":
        return "%s(%s)" % (name, cb.get("session"))
    return "%s(%s,%s,%s)=%s" % (name, cb.get("session"), SHORT_TYPE.get(cb.get("navigationType"), "?"),
                                cb.get("targetFrame"), cb.get("answer"))


def summary(line):
    if line is None:
        return "-"
    if line.get("outcome") == "skipped":
        return "skipped"
    head = line.get("outcome", "?")
    for field in ("session", "child"):
        if field in line:
            head += " " + line[field]
    if line.get("frame") == "sub":
        head += " (sub)"
    if line.get("closed"):
        head += " " + ",".join(line["closed"])
    if line.get("redirects"):
        head += " (%d hops)" % len(line["redirects"])
    if line.get("blockedFrames"):
        head += " (blocked %s)" % ",".join(norm_url(u) for u in line["blockedFrames"])
    return " ".join([head] + [short_callback(cb) for cb in line.get("callbacks", [])])


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        listed = json.load(f)
    # API artefacts, then disagreements with the design that were reported for a decision (counted apart; none today).
    known = listed["differences"] + [dict(entry, id="design:" + entry["id"]) for entry in listed.get("design", [])]
    results = sys.argv[2]
    names = sorted(n[: -len(".sim.jsonl")] for n in os.listdir(results) if n.endswith(".sim.jsonl"))
    counts = {"same": 0, "known": 0, "design": 0, "DIFF": 0, "skipped": 0, "unpredictable": 0}
    unexplained = []
    rows = []
    for name in names:
        sim = load_lines(os.path.join(results, name + ".sim.jsonl"))
        eng = load_lines(os.path.join(results, name + ".engine.jsonl"))
        eng_steps = {line["step"]: line for line in eng if "step" in line}
        # From a step whose result WebKit leaves to an order it does not fix, that step and the rest are not judged:
        # a name two familiar windows have (FrameTree::find, "These pages are searched in random order"), back or
        # forward onto a page whose iframes get their history items by names that count the frames made so far
        # (FrameTree::uniqueName), when an earlier iframe's own iframes race the later iframes, or a step whose
        # outcome depends on whether a tap was within ten seconds of real time, which steps measure only roughly.
        ambiguous = None
        if not eng:
            rows.append(("%s" % name, "", "no engine output", "DIFF"))
            counts["DIFF"] += 1
            unexplained.append((name, "-", ("run", "a replay" if sim else "no replay (file rejected?)",
                                            "no engine output (see NAME.err)")))
            continue
        for line in sim:
            if "step" in line:
                step = line["step"]
                if line.get("ambiguousName") and not ambiguous:
                    ambiguous = ("two familiar windows are named %s (FrameTree::find's hash order)"
                                 % line["ambiguousName"])
                if line.get("unpredictableFrames") and not ambiguous:
                    ambiguous = ("iframes matched to history items by names in load order"
                                 " (FrameTree::uniqueName)")
                if line.get("unpredictableTiming") and not ambiguous:
                    ambiguous = ("a tap five to ten simulated seconds before: WebKit counts ten seconds of real"
                                 " time (Document::hasRecentUserInteractionForNavigationFromJS)")
                other = eng_steps.get(step)
                if other is None or other.get("outcome") == "skipped":
                    reason = other.get("skipped") if other else "no engine line"
                    rows.append(("%s#%d" % (name, step), summary(line), "skipped: %s" % reason, "skipped"))
                    counts["skipped"] += 1
                    # A step the engine did not run hides whatever it would have shown: it fails.
                    unexplained.append((name, step, ("skipped", line.get("outcome"), reason)))
                    continue
                diffs = step_differences(line, other)
                label, engine_side = "%s#%d" % (name, step), summary(other)
            elif "final" in line:
                final = next((e for e in eng if "final" in e), {})
                diffs = final_differences(line, final)
                label = "%s#final" % name
                engine_side = json.dumps(final.get("final", {}).get("sessions", {}), separators=(",", ":"))
                step = "final"
                line = {"outcome": json.dumps(line["final"]["sessions"], separators=(",", ":"))}
            else:
                continue
            if ambiguous and any(known_reason(known, name, step, diff) is None for diff in diffs):
                counts["unpredictable"] += 1
                rows.append((label, summary(line) if step != "final" else line["outcome"], engine_side,
                             "unpredictable: %s" % ambiguous))
                continue
            verdicts = []
            for diff in diffs:
                reason = known_reason(known, name, step, diff)
                if reason is None:
                    unexplained.append((name, step, diff))
                    verdicts.append("DIFF %s: %s vs %s" % diff)
                else:
                    verdicts.append("known:%s" % reason)
            if not diffs:
                counts["same"] += 1
                verdict = "same"
            elif all(v.startswith("known:") for v in verdicts):
                counts["design" if any(v.startswith("known:design:") for v in verdicts) else "known"] += 1
                verdict = ", ".join(sorted(set(verdicts)))
            else:
                counts["DIFF"] += 1
                verdict = "; ".join(verdicts)
            rows.append((label, summary(line) if step != "final" else line["outcome"], engine_side, verdict))
    print("| step | simulator | engine | verdict |")
    print("|---|---|---|---|")
    for row in rows:
        print("| %s |" % " | ".join(cell.replace("|", "/") for cell in row))
    print()
    design = ", %d reported DESIGN disagreements" % counts["design"] if counts["design"] else ""
    unpredictable = (", %d unpredictable (WebKit's own order: see the verdicts)" % counts["unpredictable"]
                     if counts["unpredictable"] else "")
    print("%d rows: %d same, %d known API differences%s, %d skipped%s, %d different" % (
        len(rows), counts["same"], counts["known"], design, counts["skipped"], unpredictable, counts["DIFF"]))
    if unexplained:
        print("\nDifferences not listed in %s:" % sys.argv[1])
        for name, step, (field, a, b) in unexplained:
            print("  %s step %s: %s: simulator %s, engine %s" % (name, step, field, a, b))
        sys.exit(1)


if __name__ == "__main__":
    main()
