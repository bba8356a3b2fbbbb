"""Tests of the app's part: the harness must load a URL in the requesting view exactly where the scenario's policy
answered `sameView`, never because the harness itself gave a default answer.

    python3 -m unittest discover -s Conformance/WebKit -p 'test_*.py'
"""

import unittest

from app_part import is_new_window_refusal, loads_in_requester, same_view_session, same_view_url


def dpf(session, navigation_type, target, answer, **extra):
    return dict(callback="decidePolicyFor", session=session, navigationType=navigation_type, targetFrame=target,
                answer=answer, **extra)


def cwv(session, answer, **extra):
    return dict(callback="createWebViewWith", session=session, navigationType="other", targetFrame="none",
                answer=answer, **extra)


# `open(url)` answered sameView: createWebViewWith nil, then the app's load in the requester (same-view-fallback).
SAME_VIEW_OPEN = {"outcome": "navigated", "session": "main",
                  "callbacks": [cwv("main", "nil"), dpf("main", "other", "main", "allow")]}
# A `_blank` link answered sameView: decidePolicyFor for the new window cancelled, then the app's load.
SAME_VIEW_LINK = {"outcome": "navigated", "session": "main",
                  "callbacks": [dpf("main", "linkActivated", "none", "cancel"), dpf("main", "other", "main", "allow")]}


class LoadsInRequesterTests(unittest.TestCase):
    def test_aDefaultNilForACreateTheSimulatorDidNotMake_isNotARefusal(self):
        # Issue 36: an iframe of popup main.1 names main. The simulator navigates main (no new window); the engine
        # asks for a new window, which the harness answers with its default nil. Loading the URL in main then made
        # an extra decidePolicyFor that matched the simulator's, and the row read "same" by accident.
        sim = {"outcome": "navigated", "session": "main",
               "callbacks": [dpf("main", "linkActivated", "main", "allow")]}
        engine = [dpf("main.1", "linkActivated", "none", "allow", unscripted=True),
                  cwv("main.1", "nil", unscripted=True)]
        self.assertIsNone(loads_in_requester(sim, engine, set()))

    def test_aScriptedRefusal_ofAPolicyThatAnsweredSameView_loadsInTheRequester(self):
        self.assertEqual(loads_in_requester(SAME_VIEW_OPEN, [cwv("main", "nil")], set()), "main")
        self.assertEqual(
            loads_in_requester(SAME_VIEW_LINK, [dpf("main", "linkActivated", "none", "cancel")], set()), "main")

    def test_sameView_butTheEngineMadeNoScriptedRefusal_loadsNothing(self):
        self.assertIsNone(loads_in_requester(SAME_VIEW_OPEN, [], set()))
        self.assertIsNone(loads_in_requester(SAME_VIEW_OPEN, [cwv("main", "nil", unscripted=True)], set()))

    def test_aRequesterThatCommittedItsOwnLoad_loadsNothingMore(self):
        self.assertIsNone(loads_in_requester(SAME_VIEW_OPEN, [cwv("main", "nil")], {"main"}))

    def test_sameView_whoseLoadCannotCommit_isStillLoadedByTheApp(self):
        # The app's load of a URL no handler serves: the line is `blocked` (cannot-show-url), but the app started
        # the load, so the engine must be asked too.
        sim = {"outcome": "blocked", "reason": "cannot-show-url",
               "callbacks": [cwv("main.1", "nil"), dpf("main.1", "other", "main", "allow")]}
        self.assertEqual(loads_in_requester(sim, [cwv("main.1", "nil")], set()), "main.1")

    def test_aRefusalWithoutTheAppsLoad_isNotSameView(self):
        blocked = {"outcome": "blocked", "callbacks": [cwv("main", "nil")]}
        self.assertIsNone(loads_in_requester(blocked, [cwv("main", "nil")], set()))
        # Navigated, but the load after the refusal is another session's (a named window found elsewhere).
        elsewhere = {"outcome": "navigated", "session": "main",
                     "callbacks": [cwv("main", "nil"), dpf("main.1", "other", "main", "allow")]}
        self.assertIsNone(same_view_session(elsewhere))
        # The load came before the refusal: not the app's load after it.
        before = {"outcome": "navigated", "session": "main",
                  "callbacks": [dpf("main", "other", "main", "allow"), cwv("main", "nil")]}
        self.assertIsNone(same_view_session(before))


class RefusalTests(unittest.TestCase):
    def test_whatCountsAsANewWindowRefusal(self):
        self.assertTrue(is_new_window_refusal(cwv("main", "nil")))
        self.assertTrue(is_new_window_refusal(dpf("main", "linkActivated", "none", "cancel")))
        self.assertFalse(is_new_window_refusal(cwv("main", "main.1")))
        self.assertFalse(is_new_window_refusal(dpf("main", "linkActivated", "none", "allow")))
        self.assertFalse(is_new_window_refusal(dpf("main", "linkActivated", "main", "cancel")))



class SameViewURLTests(unittest.TestCase):
    def test_theAppLoadsTheRefusedRequestsURL_notTheLastHopOfItsOwnLoad(self):
        # random-b0f76f6-035 step 8: a `_blank` link to a URL that redirects, answered sameView; the line's `url` is
        # the hop the app's load was redirected to, which the harness loaded instead (one decision too few).
        sim = {"outcome": "navigated", "session": "main", "url": "http://news.example/p?x=1", "callbacks": [
            dpf("main", "linkActivated", "none", "cancel", url="https://www.shop.example/r0"),
            dpf("main", "other", "main", "allow", url="https://www.shop.example/r0"),
            dpf("main", "other", "main", "allow", url="http://news.example/p?x=1")]}
        self.assertEqual(same_view_url(sim), "https://www.shop.example/r0")
        self.assertIsNone(same_view_url({"callbacks": [dpf("main", "other", "main", "allow", url="x")]}))

    def test_aBlankPopupsFirstLoadAnsweredSameView_loadsInTheOpener_andOnlyWhenTheLineClosesThePopup(self):
        # random-f1ac27c-006 step 7 (DESIGN §9.2): the popup's first real load is refused in the popup, which closes,
        # and the app loads the URL in its opener.
        sim = {"outcome": "navigated", "session": "main", "closed": ["main.1"], "callbacks": [
            dpf("main.1", "formSubmitted", "main", "cancel", url="https://shop.example/b"),
            dpf("main", "other", "main", "allow", url="https://shop.example/b")]}
        self.assertEqual(same_view_url(sim), "https://shop.example/b")
        self.assertEqual(loads_in_requester(sim, [dpf("main.1", "formSubmitted", "main", "cancel")], set()), "main")
        # A cancelled load of a popup that stays open is no refusal the app answers.
        kept = dict(sim, closed=[])
        self.assertIsNone(same_view_url(kept))


if __name__ == "__main__":
    unittest.main()
