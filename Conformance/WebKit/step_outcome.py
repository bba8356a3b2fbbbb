"""Pure functions of the harness's callback records that decide what a step did in WebKit, so that they are
tested without an engine (test_step_outcome.py).

A record is the harness's dict for one callback. A decision for a redirect hop carries `_root`: the record of the
decision that started the navigation (the first request of the chain), shared by every hop of that chain.
"""


def chain_of(record):
    """The record that started the navigation record belongs to: its `_root`, or itself for a first request."""
    return record.get("_root", record)


def iframe_navigations_in_effect(navigations, callbacks):
    """The decisions, in order, of iframe navigations that took effect: allowed for an iframe (`targetFrame` "sub"),
    and no decidePolicyFor of the same navigation (the first request or any redirect hop) answered other than
    `allow` (cancel, or a download, which commits nothing either). One such hop ends the whole chain in WebKit
    (FrameLoader::continueLoadAfterNavigationPolicy stops the load), so no earlier hop of it commits either
    (random-a8c14b884d58-007: r1 -> r0 -> a refused third hop, which is no load of r0).

    The harness links a hop to its chain by URL (`Harness.chain_root`: the latest decision in the session whose URL the
    server redirects to the hop's), so two chains of one step through the same redirect URL could share a root, and
    a refused hop of one would take the other out too; no scenario so far has had that."""
    refused = [chain_of(r) for r in callbacks if r.get("callback") == "decidePolicyFor" and r.get("answer") != "allow"]
    return [cb for cb in navigations if cb.get("targetFrame") == "sub" and cb.get("answer") == "allow"
            and not any(chain_of(cb) is root for root in refused)]
