"""Tests of how the harness reads a step's outcome from its callback records.

    python3 -m unittest discover -s Conformance/WebKit -p 'test_*.py'
"""

import unittest

from step_outcome import iframe_navigations_in_effect


def decision(url, answer, root=None):
    record = {"callback": "decidePolicyFor", "session": "main", "targetFrame": "sub", "answer": answer, "_url": url}
    if root is not None:
        record["_root"] = root
    return record


class IframeNavigationsInEffect(unittest.TestCase):
    def test_aChainWhoseThirdHopIsRefused_tookNoEffect(self):
        # random-a8c14b884d58-007: an iframe's link to r1, redirected to r0, redirected to a URL the policy refuses.
        first = decision("http://ads.example/r1", "allow")
        second = decision("http://news.example/r0", "allow", root=first)
        third = decision("http://www.shop.example/a", "cancel", root=first)
        callbacks = [first, second, third]
        self.assertEqual(iframe_navigations_in_effect(callbacks, callbacks), [])

    def test_aChainWhoseSecondHopIsRefused_tookNoEffect(self):
        first = decision("http://ads.example/r1", "allow")
        second = decision("http://www.shop.example/a", "cancel", root=first)
        self.assertEqual(iframe_navigations_in_effect([first, second], [first, second]), [])

    def test_anAllowedChain_tookEffectAtItsLastHop(self):
        first = decision("http://ads.example/r1", "allow")
        second = decision("http://news.example/r0", "allow", root=first)
        third = decision("http://news.example/b", "allow", root=first)
        callbacks = [first, second, third]
        self.assertIs(iframe_navigations_in_effect(callbacks, callbacks)[-1], third)

    def test_aRefusedChainLeavesAnotherIframesNavigationInEffect(self):
        refused = decision("http://ads.example/r1", "allow")
        hop = decision("http://www.shop.example/a", "cancel", root=refused)
        other = decision("http://news.example/b", "allow")
        callbacks = [refused, hop, other]
        self.assertEqual(iframe_navigations_in_effect(callbacks, callbacks), [other])

    def test_otherCallbacksWithoutAnAllow_takeNoIframeNavigationOut(self):
        # createWebViewWith answered nil and webViewDidClose (no answer) belong to no chain.
        navigation = decision("http://news.example/b", "allow")
        created = {"callback": "createWebViewWith", "session": "main", "answer": "nil"}
        closed = {"callback": "webViewDidClose", "session": "main.1"}
        callbacks = [created, navigation, closed]
        self.assertEqual(iframe_navigations_in_effect(callbacks, callbacks), [navigation])

    def test_aDownloadAnswerAtAHop_endsTheChain(self):
        first = decision("http://news.example/r0", "allow")
        hop = decision("http://news.example/file.pdf", "download", root=first)
        self.assertEqual(iframe_navigations_in_effect([first, hop], [first, hop]), [])

    def test_aDecisionForTheMainFrame_isNoIframeNavigation(self):
        main = dict(decision("http://news.example/b", "allow"), targetFrame="main")
        self.assertEqual(iframe_navigations_in_effect([main], [main]), [])


if __name__ == "__main__":
    unittest.main()
