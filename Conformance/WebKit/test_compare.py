"""Tests of the comparer: it is the judge, so it must neither miss a difference nor excuse one.

    python3 -m unittest discover -s Conformance/WebKit -p 'test_*.py'
"""

import unittest

from compare import final_differences, hop_urls, known_reason, norm_url, step_differences

KNOWN = [{"id": "target-frame-unobserved", "field": "callbacks[].targetFrame", "engine": "unobserved",
          "reason": "WebKitGTK does not report the target frame"}]


def dpf(session, navigation_type, target, answer):
    return {"callback": "decidePolicyFor", "session": session, "navigationType": navigation_type,
            "targetFrame": target, "answer": answer}


class StepDifferencesTests(unittest.TestCase):
    def test_externalBlockedAndIgnored_areAllNoneInTheEngine(self):
        for outcome in ("external", "blocked", "ignored"):
            self.assertEqual(step_differences({"outcome": outcome}, {"outcome": "none"}), [])

    def test_aNavigationTypeDifference_isReported(self):
        sim = {"outcome": "navigated", "session": "main",
               "callbacks": [dpf("main", "formResubmitted", "main", "allow")]}
        eng = {"outcome": "navigated", "session": "main", "callbacks": [dpf("main", "backForward", "main", "allow")]}
        self.assertEqual(step_differences(sim, eng),
                         [("callbacks[].navigationType", "formResubmitted", "backForward")])

    def test_anExtraEngineCallback_isReported(self):
        sim = {"outcome": "popup", "child": "main.1", "callbacks": []}
        eng = {"outcome": "popup", "child": "main.1", "callbacks": [dpf("main.1", "other", "main", "allow")]}
        self.assertEqual(len(step_differences(sim, eng)), 1)

    def test_lateCallbacks_areADifference(self):
        eng = {"outcome": "none", "lateCallbacks": ["decidePolicyFor main http://a.example/"]}
        self.assertEqual(step_differences({"outcome": "ignored"}, eng)[0][0], "lateCallbacks")

    def test_httpsAndHttp_andALoneQuestionMark_compareEqual(self):
        self.assertEqual(norm_url("https://a.example/x"), norm_url("http://a.example/x?"))
        self.assertNotEqual(norm_url("https://a.example/x"), norm_url("http://a.example/x?q=1"))
        # A GET form without fields to a URL with a fragment lands at `URL?#fragment`.
        self.assertEqual(norm_url("https://a.example/x#more"), norm_url("http://a.example/x?#more"))
        self.assertNotEqual(norm_url("https://a.example/x#more"), norm_url("http://a.example/x?q#more"))
        self.assertEqual(norm_url("http://a.example/x?q=1#a?#b"), "http://a.example/x?q=1#a?#b")


    def test_aBlockedFrameOnOneSideOnly_isReported(self):
        sim = {"outcome": "navigated", "session": "main", "blockedFrames": ["https://tracker.example/pixel"]}
        eng = {"outcome": "navigated", "session": "main"}
        self.assertEqual(step_differences(sim, eng), [("blockedFrames", "http://tracker.example/pixel", "-")])

    def test_redirectHops_compareAsURLs_inOrder(self):
        sim = {"outcome": "external", "redirects": ["https://a.example/2", {"url": "https://b.example/3"}]}
        same = {"outcome": "none", "redirects": ["http://a.example/2", "http://b.example/3"]}
        reversed_hops = {"outcome": "none", "redirects": ["http://b.example/3", "http://a.example/2"]}
        self.assertEqual(step_differences(sim, same), [])
        self.assertEqual(step_differences(sim, reversed_hops)[0][0], "redirects")
        self.assertEqual(hop_urls({}, "redirects"), [])

    def test_aMissingRedirect_isReported(self):
        self.assertEqual(step_differences({"outcome": "navigated", "redirects": ["https://a.example/"]},
                                          {"outcome": "navigated"})[0][0], "redirects")


class CallbackDetailsTests(unittest.TestCase):
    """The request URL, gesture and (hop) method of each callback (`replay --callback-details`)."""

    @staticmethod
    def line(**details):
        return {"outcome": "navigated", "session": "main",
                "callbacks": [dict(dpf("main", "other", "sub", "allow"), **details)]}

    def test_aURLDifference_isReported(self):
        sim = self.line(url="https://a.example/frame-1", gesture=False)
        eng = self.line(url="http://a.example/frame-2", gesture=False)
        self.assertEqual(step_differences(sim, eng),
                         [("callbacks[].url", "https://a.example/frame-1", "http://a.example/frame-2")])

    def test_aGestureDifference_isReported(self):
        sim = self.line(url="https://a.example/", gesture=False)
        eng = self.line(url="http://a.example/", gesture=True)
        self.assertEqual(step_differences(sim, eng), [("callbacks[].gesture", False, True)])

    def test_aSideWithoutTheDetails_isADifference(self):
        self.assertEqual([d[0] for d in step_differences(self.line(), self.line(url="http://a.example/",
                                                                               gesture=False))],
                         ["callbacks[].url", "callbacks[].gesture"])

    def test_URLs_compareAsTheyAreNormalised(self):
        sim = self.line(url="https://A.example", gesture=True)
        eng = self.line(url="http://a.example/", gesture=True)
        self.assertEqual(step_differences(sim, eng), [])

    def test_aHopMethod_isComparedWhenBothSidesHaveIt(self):
        self.assertEqual(step_differences(self.line(method="GET"), self.line(method="POST")),
                         [("callbacks[].method", "GET", "POST")])
        self.assertEqual(step_differences(self.line(method="GET"), self.line()), [])

    def test_frameMismatches_areADifference(self):
        eng = {"outcome": "none", "frameMismatches": ["main: request http://x.example/ is no iframe"]}
        self.assertEqual(step_differences({"outcome": "ignored"}, eng)[0][0], "frameMismatches")


class KnownDifferencesTests(unittest.TestCase):
    def test_unobservedTargetFrame_isKnown(self):
        diff = ("callbacks[].targetFrame", "main", "unobserved")
        self.assertEqual(known_reason(KNOWN, "any", 3, diff), "target-frame-unobserved")

    def test_aTargetFrameTheEngineDidObserve_isNotExcused(self):
        diff = ("callbacks[].targetFrame", "main", "sub")
        self.assertIsNone(known_reason(KNOWN, "any", 3, diff))


class FinalDifferencesTests(unittest.TestCase):
    def test_historyLengths_areCompared(self):
        sim = {"final": {"sessions": {"main": {"url": "https://a.example/", "history": 1}}}}
        eng = {"final": {"sessions": {"main": {"url": "http://a.example/", "history": 2}}}}
        self.assertEqual(final_differences(sim, eng), [("final.history", 1, 2)])


class UnpredictableTests(unittest.TestCase):
    """A step that looked up a name two familiar windows have (the replay's `ambiguousName`) and the steps after it are
    not judged: WebKit searches those windows in a hash table's order. Without the field, the same rows fail."""

    def run_compare(self, ambiguous, marker=None):
        import contextlib
        import io
        import json
        import os
        import sys
        import tempfile
        import compare
        with tempfile.TemporaryDirectory() as results:
            found = dpf("main.1", "other", "main", "allow")
            opened = {"callback": "createWebViewWith", "session": "main", "navigationType": "other",
                      "targetFrame": "none", "answer": "main.3"}
            sim = [{"step": 0, "outcome": "navigated", "session": "main", "callbacks": []},
                   dict({"step": 1, "outcome": "navigated", "session": "main.1", "callbacks": [found]},
                        **((marker or {"ambiguousName": "w"}) if ambiguous else {})),
                   {"step": 2, "outcome": "navigated", "session": "main.1", "callbacks": [found]},
                   {"final": {"sessions": {"main": {"url": "https://a.example/", "history": 1}}}}]
            eng = [{"step": 0, "outcome": "navigated", "session": "main", "callbacks": []},
                   {"step": 1, "outcome": "navigated", "session": "main.2",
                    "callbacks": [dpf("main.2", "other", "main", "allow")]},
                   {"step": 2, "outcome": "popup", "child": "main.3", "callbacks": [opened]},
                   {"final": {"sessions": {"main": {"url": "http://a.example/", "history": 2}}}}]
            for side, lines in (("sim", sim), ("engine", eng)):
                with open(os.path.join(results, "names.%s.jsonl" % side), "w") as f:
                    f.write("".join(json.dumps(line) + "\n" for line in lines))
            known = os.path.join(results, "known.json")
            with open(known, "w") as f:
                json.dump({"differences": KNOWN}, f)
            out, argv = io.StringIO(), sys.argv
            sys.argv = ["compare.py", known, results]
            try:
                with contextlib.redirect_stdout(out):
                    compare.main()
                code = 0
            except SystemExit as exit:
                code = exit.code
            finally:
                sys.argv = argv
            return code, out.getvalue()

    def test_fromAnAmbiguousNameOn_differencesAreUnpredictable_notFailures(self):
        code, out = self.run_compare(ambiguous=True)
        self.assertEqual(code, 0, out)
        self.assertIn("1 same", out)
        self.assertIn("3 unpredictable", out)
        self.assertIn("0 different", out)

    def test_backOntoIframesNamedInLoadOrder_isUnpredictableToo(self):
        code, out = self.run_compare(ambiguous=True, marker={"unpredictableFrames": True})
        self.assertEqual(code, 0, out)
        self.assertIn("3 unpredictable", out)
        self.assertIn("FrameTree::uniqueName", out)

    def test_aTapAboutTenSecondsBefore_isUnpredictableToo(self):
        code, out = self.run_compare(ambiguous=True, marker={"unpredictableTiming": True})
        self.assertEqual(code, 0, out)
        self.assertIn("3 unpredictable", out)
        self.assertIn("hasRecentUserInteractionForNavigationFromJS", out)

    def test_withoutTheField_theSameRowsAreDifferences(self):
        code, out = self.run_compare(ambiguous=False)
        self.assertEqual(code, 1)
        self.assertIn("3 different", out)


if __name__ == "__main__":
    unittest.main()
