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


def same_view_load(sim):
    """(session, url) of the load the app starts for a `sameView` answer, per the replay line, or None: either a
    new-window request refused in the requesting session, whose callbacks then decide the app's load of the
    request's URL in that session's main frame; or the first load of a popup opened blank (DESIGN §9.2), refused in
    the popup, which the line lists as `closed`, then the app's load in the opener's main frame. Whatever that load
    then does (it commits, the policy refuses it, its URL cannot be shown), the app started it."""
    callbacks = sim.get("callbacks", [])
    for index, callback in enumerate(callbacks):
        if callback.get("callback") != "decidePolicyFor" and not is_new_window_refusal(callback):
            continue
        if is_new_window_refusal(callback):
            target = callback.get("session")
        elif callback.get("targetFrame") == "main" and callback.get("answer") == "cancel" \
                and callback.get("session") in sim.get("closed", []):
            target = next((cb.get("session") for cb in callbacks[index + 1:]
                           if cb.get("callback") == "decidePolicyFor" and cb.get("targetFrame") == "main"), None)
            if target is None or target == callback.get("session"):
                continue
        else:
            continue
        loaded = any(cb.get("callback") == "decidePolicyFor" and cb.get("session") == target
                     and cb.get("targetFrame") == "main" for cb in callbacks[index + 1:])
        return (target, callback.get("url")) if loaded else None
    return None


def same_view_session(sim):
    """The session the app loads a `sameView` answer's URL in (`same_view_load`), or None."""
    load = same_view_load(sim)
    return load[0] if load else None


def same_view_url(sim):
    """The URL the app loads for a `sameView` answer: the refused request's own (the callback's `url`), not the
    line's `url`, which is the last URL decided, a redirect hop of the app's load when it was redirected."""
    load = same_view_load(sim)
    return load[1] if load else None


def loads_in_requester(sim, engine_callbacks, committed_sessions):
    """The session the app loads the step's URL in after the answers, or None: the policy answered `sameView`
    (the replay line), the engine made the refused request and got the simulator's answer to it (not the
    harness's default for a callback the simulator did not make), and the view has not committed a load of its
    own in this step."""
    requester = same_view_session(sim)
    if requester is None or requester in committed_sessions:
        return None
    closed = sim.get("closed", [])
    if not any((is_new_window_refusal(cb) or (cb.get("callback") == "decidePolicyFor" and cb.get("answer") == "cancel"
                                              and cb.get("session") in closed))
               and not cb.get("unscripted") for cb in engine_callbacks):
        return None
    return requester
