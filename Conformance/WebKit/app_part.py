"""The app's part in a conformance run, as pure functions of the replay line and what the engine did, so that
they are tested without an engine (test_app_part.py).

DESIGN §9.1: a default answer of the harness (nil from createWebViewWith, or allow from decidePolicyFor, for a
callback the simulator did not make) is not the app's refusal. The harness loads a refused new window's URL in the
requesting view only where the scenario's policy answered `sameView`: the simulator's own callbacks for the step
refuse the new window and then ask decidePolicyFor for the app's load in the requesting session's main frame.
"""


def is_new_window_refusal(callback):
    """A new window refused: decidePolicyFor for a new window answered cancel, or createWebViewWith answered nil."""
    if callback.get("callback") == "decidePolicyFor":
        return callback.get("targetFrame") == "none" and callback.get("answer") == "cancel"
    return callback.get("callback") == "createWebViewWith" and callback.get("answer") == "nil"


def same_view_session(sim):
    """The session whose new-window request the policy answered `sameView`, per the replay line, or None: its
    callbacks refuse a new window and then decide the load the app started in the requester's own main frame.
    Whatever that load then does (it commits, the policy refuses it, its URL cannot be shown), the app started
    it, so the outcome does not matter."""
    callbacks = sim.get("callbacks", [])
    refusal = next((i for i, cb in enumerate(callbacks) if is_new_window_refusal(cb)), None)
    if refusal is None:
        return None
    requester = callbacks[refusal].get("session")
    loaded = any(cb.get("callback") == "decidePolicyFor" and cb.get("session") == requester
                 and cb.get("targetFrame") == "main" for cb in callbacks[refusal + 1:])
    return requester if loaded else None


def loads_in_requester(sim, engine_callbacks, committed_sessions):
    """The session the app loads the step's URL in after the answers, or None: the policy answered `sameView`
    (the replay line), the engine made the refused request and got the simulator's answer to it (not the
    harness's default for a callback the simulator did not make), and the view has not committed a load of its
    own in this step."""
    requester = same_view_session(sim)
    if requester is None or requester in committed_sessions:
        return None
    if not any(is_new_window_refusal(cb) and not cb.get("unscripted") for cb in engine_callbacks):
        return None
    return requester


def same_view_url(sim):
    """The URL the app loads for a `sameView` answer: the refused new-window request's own (the callback's `url`),
    not the line's `url`, which is the last URL decided, a redirect hop of the app's load when it was redirected."""
    return next((cb.get("url") for cb in sim.get("callbacks", []) if is_new_window_refusal(cb)), None)
