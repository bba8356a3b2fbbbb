#!/usr/bin/python3
"""Drive WebKitGTK through a SessionKit scenario (WritingScenarios.md) and record what the engine did.

Usage (under an X server, e.g. xvfb-run):
    harness.py SCENARIO.json SIMULATOR.jsonl > ENGINE.jsonl

SIMULATOR.jsonl is the output of `session-bench replay SCENARIO.json`. Each delegate call the
engine makes is answered as the simulator's engine answered the matching call of the same step,
so WebKit follows the path the policy chose. The output has one line per step in the replay
format (same field names), then a final line; fields WebKit cannot observe (`rule`, `via`,
`reason`, `presentation`) are left out. See README.md for the mapping and its limits.

Network: a proxy on 127.0.0.1 serves every page, whatever its host, so no traffic leaves the
machine; requests are counted and the run is bounded in time. It serves the scenario's `pages`
with their iframes and answers its `redirects` with their status and Location (WritingScenarios.md, "Pages and their iframes", "Redirects").
After the answers the harness plays the app's part as the iOS adapter does (the app's part).
"""

import html
import json
import subprocess
import sys
import threading
import time
import traceback
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gio, GLib, Gtk, WebKit2  # noqa: E402

from app_part import loads_in_requester, same_view_url  # noqa: E402
from step_outcome import iframe_navigations_in_effect  # noqa: E402

MAX_REQUESTS = 2000  # per scenario; the proxy refuses beyond this
SCENARIO_DEADLINE_S = 240  # a scenario that takes longer is abandoned
SETTLE_IDLE_S = 1.0  # a step has settled when nothing happened for this long...
SETTLE_LOADING_IDLE_S = 2.5  # ...or this long while a view still says it is loading...
SETTLE_MAX_S = 8.0  # ...or after this long in any case
WAIT_MAX_S = 11.0  # a `wait` step lets this much real time pass at most: past WebKit's ten seconds
GESTURE_FREE_DELAY_MS = 1500  # a setTimeout this long runs without a user gesture
WINDOW_W, WINDOW_H = 620, 340  # every web view gets its own window on a grid, so clicks never miss
GRID_COLUMNS = 3

IFRAME_STYLE = "position:fixed;left:0;top:0;width:300px;height:200px;border:0"

NAVIGATION_TYPES = {
    WebKit2.NavigationType.LINK_CLICKED: "linkActivated",
    WebKit2.NavigationType.FORM_SUBMITTED: "formSubmitted",
    WebKit2.NavigationType.BACK_FORWARD: "backForward",
    WebKit2.NavigationType.RELOAD: "reload",
    WebKit2.NavigationType.FORM_RESUBMITTED: "formResubmitted",
    WebKit2.NavigationType.OTHER: "other",
}

# Every page carries this helper. It builds the one element a step acts on (a link or a form
# with a submit button) covering a known area; in an iframe the parent asks for it with
# postMessage (the frame may be cross-origin) and the frame answers "ready".
HELPER_SCRIPT = """
window.__sk = {
  make(d) {
    const old = document.getElementById('sk-target'); if (old) old.remove();
    let el;
    if (d.kind === 'link') {
      el = document.createElement('a'); el.href = d.url; el.textContent = 'target';
    } else {
      el = document.createElement('form'); el.method = d.method;
      // A GET submission replaces the query with the form's fields: carry the URL's own.
      const url = new URL(d.url, location.href);
      const fields = d.method === 'post' ? [['f', '1']] : [...url.searchParams];
      if (d.method !== 'post') url.search = '';
      el.action = url.href;
      for (const [name, value] of fields) {
        const field = document.createElement('input'); field.type = 'hidden'; field.name = name; field.value = value;
        el.append(field);
      }
      const button = document.createElement('button'); button.type = 'submit'; button.textContent = 'submit';
      button.style.cssText = 'width:100%;height:100%';
      el.append(button);
    }
    if (d.target) el.target = d.target;
    if (d.rel) el.rel = d.rel;
    if (d.download) el.setAttribute('download', '');
    el.id = 'sk-target';
    // In an iframe it covers the frame, over the iframes inside it (a relay raised one to z-index 2).
    el.style.cssText = 'position:fixed;display:block;left:0;width:100%;background:#ccf;' +
      (window === top ? 'top:210px;height:100px' : 'top:0;height:100%;z-index:10');
    document.body.append(el);
    return true;
  },
};
addEventListener('message', (e) => {
  if (e.data && e.data.sk && e.data.path && e.data.path.length) {
    // For an iframe inside this one: pass the request on, in front of this document's own element.
    const old = document.getElementById('sk-target'); if (old) old.remove();
    const f = [...document.querySelectorAll('iframe')].find(f => f.dataset.sk === e.data.path[0]);
    if (f) {
      document.querySelectorAll('iframe').forEach(o => o.style.zIndex = o === f ? 2 : 1);
      // The iframe to tap, whose load was cancelled, still shows its empty initial about:blank (of this origin): there
      // is nothing in it to tap, and the helper is not written into it (random-d6a-80-029).
      let empty = false;
      try { empty = f.contentWindow.location.href === 'about:blank'; } catch (error) {}
      if (e.data.path.length === 1 && e.data.blocked && empty) return;
      // An iframe of this origin without the helper (about:srcdoc, about:blank) gets it from here.
      try { if (typeof f.contentWindow.__sk !== 'object') f.contentWindow.eval(__skWrite); } catch (error) {}
      f.contentWindow.postMessage({sk: e.data.sk, path: e.data.path.slice(1), blocked: e.data.blocked}, '*');
    }
  } else if (e.data && e.data.sk) { __sk.make(e.data.sk); e.source.postMessage({skReady: location.href}, '*'); }
  if (e.data && e.data.skReady) {
    window.__skReady = e.data.skReady;
    if (window !== top) parent.postMessage({skReady: e.data.skReady}, '*');
  }
});
"""
# A document the server did not make (about:blank, about:srcdoc, a page of a scheme the app serves, one a failed load
# left) gets the helper from a script of its opener or parent, as a page writes into the blank window it opened.
WRITE_HELPER = "if (typeof window.__sk !== 'object') { if (!document.body) document.documentElement.append(" \
    "document.createElement('body')); %s }" % HELPER_SCRIPT
# Every helper carries the script that writes it, for the iframes inside its document.
HELPER_SCRIPT = "window.__skWrite = %s;\n%s" % (json.dumps(WRITE_HELPER), HELPER_SCRIPT)
WRITE_HELPER = "if (typeof window.__sk !== 'object') { if (!document.body) document.documentElement.append(" \
    "document.createElement('body')); %s }" % HELPER_SCRIPT
PAGE_HELPER = "<script>%s</script>" % HELPER_SCRIPT


class PageServer(ThreadingHTTPServer):
    """An HTTP proxy on 127.0.0.1 that answers every request itself, by Host and path."""

    daemon_threads = True

    def __init__(self, pages=None, redirects=None):
        super().__init__(("127.0.0.1", 0), PageHandler)
        self.lock = threading.Lock()
        self.requests = []  # (monotonic time, method, absolute URL)
        self.frames = {}  # document URL (no fragment) -> iframe URLs the harness put in it (undeclared pages)
        # The scenario's `pages` (document key -> iframe srcs in document order) and `redirects`
        # (key -> (Location, status)); keys are serialized without the fragment (WritingScenarios.md, "Pages and their iframes", "Redirects").
        self.pages = {page_key(url): [to_http(frame_src(f)) for f in page.get("frames", [])]
                      for url, page in (pages or {}).items()}
        # Each declared page's named iframes: src -> the `name` attribute (WritingScenarios.md,
        # "Named iframes").
        self.frame_names = {page_key(url): {to_http(f["src"]): f["name"] for f in page.get("frames", [])
                                            if isinstance(f, dict) and f.get("name")}
                            for url, page in (pages or {}).items()}
        self.redirects = {page_key(url): (to_http(hop["to"]), int(hop["status"]))
                          for url, hop in (redirects or {}).items()}

    def record(self, method, url):
        with self.lock:
            self.requests.append((time.monotonic(), method, url))
            return len(self.requests) <= MAX_REQUESTS

    def handle_error(self, request, client_address):
        pass  # a connection WebKit dropped (a cancelled load): nothing to report

    def methods_of(self, urls, since):
        """The HTTP method each URL was requested with after `since` (None when not requested)."""
        with self.lock:
            return [next((m for t, m, u in self.requests if t >= since and same_url(u, url)), None) for url in urls]

    def seen_since(self, since, url):
        with self.lock:
            return any(t >= since and same_url(u, url) for t, _, u in self.requests)


class PageHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):  # keep stderr for the harness's own diagnostics
        pass

    def absolute_url(self):
        if self.path.startswith("http://"):
            return self.path
        return "http://%s%s" % (self.headers.get("Host", "localhost"), self.path)

    def serve(self, method):
        url = self.absolute_url()
        if not self.server.record(method, url) or url.endswith("/favicon.ico"):
            self.send_error(404)
            return
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        hop = self.server.redirects.get(page_key(url))
        if hop:  # a server redirect (WritingScenarios.md, "Pages and their iframes", "Redirects"): the engine decides the Location as a new request
            self.send_response(hop[1])
            self.send_header("Location", hop[0])
            self.send_header("Cache-Control", "no-store")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        declared = self.server.pages.get(page_key(url))
        with self.server.lock:
            frames = declared if declared is not None else list(self.server.frames.get(url.split("#")[0], []))
        body = page_html(url, method, frames, self.server.frame_names.get(page_key(url), {}),
                         top_only=declared is None)
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        # no-store: every subframe load reaches this server, which is how a subframe
        # navigation is told apart from a main-frame one (WebKitGTK does not say).
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        self.serve("GET")

    def do_POST(self):
        self.serve("POST")

    def do_CONNECT(self):  # https is never proxied: the harness uses http:// URLs only
        self.send_error(405)


def page_html(url, method, frames, names=None, top_only=False):
    """A page with its iframes (`names`: src -> the name of a named one) and the helper the harness drives it with.
    `top_only`: the iframes the harness put into an undeclared page, which come back with it in a window (a reload,
    back) but not when an iframe loads that URL: there the page has none, as the simulator has it (random-s44-500-059,
    -124). The script writes them as the parser reaches it, so they load as a page's own iframes do."""
    iframes = "".join(iframe_html(f, (names or {}).get(f)) for f in frames)
    if top_only and iframes:
        iframes = "<script>if (window === top) document.write(%s);</script>" % json.dumps(iframes).replace("/", "\\/")
    return ("<!doctype html><html><head><title>%s</title></head><body style='margin:0'>%s"
            "<p style='margin:0;position:fixed;top:320px'>%s %s</p>%s</body></html>"
            % (url, iframes, method, url, PAGE_HELPER)).encode()


def frame_src(frame):
    """A `pages` iframe's src: the string itself, or the object's `src`."""
    return frame["src"] if isinstance(frame, dict) else frame


def iframe_html(src, name=None):
    """An iframe as a page declares it: `about:srcdoc` is a srcdoc iframe, `` one without src."""
    attributes = "data-sk='%s' style='%s'" % (src, IFRAME_STYLE)
    if name:
        attributes += " name=\"%s\"" % html.escape(name, quote=True)
    if src == "about:srcdoc":
        return "<iframe %s srcdoc='<p>srcdoc</p>'></iframe>" % attributes
    if src == "":
        return "<iframe %s></iframe>" % attributes
    return "<iframe %s src='%s'></iframe>" % (attributes, src)


def page_key(url):
    """A URL as `pages` and `redirects` keys compare: http, lower-case scheme and host, no fragment."""
    parts = urllib.parse.urlsplit(to_http(url or ""))
    return urllib.parse.urlunsplit((parts.scheme.lower(), parts.netloc.lower(), parts.path or
                                    ("/" if parts.netloc else ""), parts.query, ""))


def to_http(url):
    """Scenario URLs are fetched over http (the scheme does not change callback sequences)."""
    return "http://" + url[len("https://"):] if url and url.lower().startswith("https://") else url


def same_url(a, b):
    def norm(u):
        u = to_http(u or "")
        parts = urllib.parse.urlsplit(u)
        return urllib.parse.urlunsplit((parts.scheme.lower(), parts.netloc.lower(), parts.path or
                                        ("/" if parts.netloc else ""), parts.query, parts.fragment))
    return norm(a) == norm(b)


class Session:
    """One web view (main or popup) and its window, named as §5 names sessions."""

    def __init__(self, harness, sid, view, slot):
        self.sid, self.view, self.children = sid, view, 0
        self.blocked = []  # declared iframes (srcs) whose load was cancelled on the current page
        self.frame_urls = {}  # declared iframe src -> URLs it was seen to navigate to (back/forward asks there)
        self.window = Gtk.Window(type=Gtk.WindowType.TOPLEVEL)
        self.window.set_decorated(False)
        self.window.set_default_size(WINDOW_W, WINDOW_H)
        self.window.move((slot % GRID_COLUMNS) * (WINDOW_W + 10), (slot // GRID_COLUMNS) * (WINDOW_H + 10))
        self.window.add(view)
        self.shown = False
        view.connect("decide-policy", harness.on_decide_policy, self)
        view.connect("create", harness.on_create, self)
        view.connect("ready-to-show", self.show)  # fires twice for named targets: idempotent
        view.connect("close", harness.on_close, self)
        view.connect("load-changed", harness.on_load_changed, self)
        # No error page: a failed load (a redirect loop, a refused request) leaves the view as it
        # was, as WKWebView does, instead of committing WebKitGTK's own error document.
        view.connect("load-failed", lambda *_: True)
        view.connect("resource-load-started", harness.on_resource, self)

    def show(self, *_):
        if not self.shown:
            self.shown = True
            self.window.show_all()

    def position(self):
        """The index of the current entry in the back-forward list."""
        return len(self.view.get_back_forward_list().get_back_list())

    def page(self):
        """The URL the view shows: about:blank before anything committed (WebKitGTK says None, then "" after a
        cancelled load, for the same initial document)."""
        return self.view.get_uri() or "about:blank"

    def history(self):
        bfl = self.view.get_back_forward_list()
        current = 1 if bfl.get_current_item() else 0
        return len(bfl.get_back_list()) + current + len(bfl.get_forward_list())


class Harness:
    def serve_scheme(self, request):
        """A page at a scheme the app serves, with its declared iframes, as the HTTP server serves web pages."""
        url = request.get_uri()
        frames = self.server.pages.get(page_key(url), [])
        body = page_html(url, "GET", frames, self.server.frame_names.get(page_key(url), {}))
        request.finish(Gio.MemoryInputStream.new_from_bytes(GLib.Bytes.new(body)), len(body), "text/html")

    def __init__(self, scenario, sim_lines):
        self.scenario, self.sim_lines = scenario, sim_lines
        self.server = PageServer(scenario.get("pages"), scenario.get("redirects"))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.context = WebKit2.WebContext.new_ephemeral()
        proxy = WebKit2.NetworkProxySettings.new("http://127.0.0.1:%d" % self.server.server_address[1], [])
        self.context.get_website_data_manager().set_network_proxy_settings(WebKit2.NetworkProxyMode.CUSTOM, proxy)
        self.context.connect("download-started", self.on_download)
        # The scenario's `schemes`: the app serves them (WKURLSchemeHandler on iOS), so their pages load; any other
        # scheme the engine does not load itself fails before it commits.
        for scheme in scenario.get("schemes", []):
            self.context.register_uri_scheme(scheme.lower(), self.serve_scheme)
        settings = WebKit2.Settings()
        settings.set_enable_dns_prefetching(False)  # no name lookups: everything goes to the proxy
        settings.set_hardware_acceleration_policy(WebKit2.HardwareAccelerationPolicy.NEVER)
        # WebKitBehavior.md models the uncached case: going back loads the page (and asks its iframes).
        settings.set_enable_page_cache(False)
        settings.set_javascript_can_open_windows_automatically(
            bool(scenario.get("settings", {}).get("javaScriptCanOpenWindowsAutomatically", False)))
        view = WebKit2.WebView(web_context=self.context, settings=settings)
        self.sessions = {"main": Session(self, "main", view, 0)}
        self.sessions["main"].show()
        self.slots = 1
        self.started = time.monotonic()
        self.recording = False  # inside a step's action: calls are answered from the replay
        self.in_setup = False  # placing a step's link or iframe: only the inserted iframe's load is its own
        self.setup_frames = []  # the URLs the iframe being inserted loads (its src and redirect hops)
        self.late = []  # calls outside both: a step's consequence that came after it settled
        self.last_event = time.monotonic()
        self.expected = []
        GLib.timeout_add(20, lambda: True)  # wakes the blocking main-loop iterations below

    # -- main loop helpers ------------------------------------------------------------------

    def pump(self, seconds):
        self.pump_until(lambda: False, seconds)

    def pump_until(self, cond, timeout):
        deadline = time.monotonic() + timeout
        context = GLib.MainContext.default()
        while time.monotonic() < deadline:
            if cond():
                return True
            context.iteration(True)
        if time.monotonic() - self.started > SCENARIO_DEADLINE_S:
            raise TimeoutError("scenario deadline of %d s passed" % SCENARIO_DEADLINE_S)
        return cond()

    def settle(self):
        """Wait until the step's navigations are done and nothing happened for a while."""
        start = time.monotonic()
        while time.monotonic() - start < SETTLE_MAX_S:
            self.pump(0.05)
            loading = any(s.view.is_loading() for s in self.live())
            idle = time.monotonic() - self.last_event
            # A back/forward over entries a reload collapsed leaves `is-loading` set with nothing
            # in flight: past SETTLE_LOADING_IDLE_S without any event the step is done too.
            if idle >= SETTLE_IDLE_S and (not loading or idle >= SETTLE_LOADING_IDLE_S):
                return

    def js(self, session, script):
        """Evaluate script in a session's main frame (WebKit runs it with a user gesture)."""
        box = {}

        def done(view, result):
            try:
                box["value"] = view.evaluate_javascript_finish(result).to_string()
            except GLib.Error as error:
                box["error"] = error.message

        session.view.evaluate_javascript(script, -1, None, None, None, done)
        self.pump_until(lambda: box, 5)
        return box.get("value")

    def live(self):
        return [s for s in self.sessions.values() if s.view is not None]

    # -- signals: what WebKit asks and reports ------------------------------------------------

    def touch(self):
        self.last_event = time.monotonic()

    def next_answer(self, kind, sid, target=None, url=None):
        """The simulator's answer to the next unused call of this kind in this session. For an
        iframe's own load (`url` given), the simulator's call for a subframe at that same URL: None
        when it made none (a difference, reported by the caller)."""
        unused = [r for r in self.expected
                  if not r.get("used") and r["callback"] == kind and r.get("session") == sid]
        if target is not None:
            unused = [r for r in unused if r.get("targetFrame") == target]
            if url is not None:  # a replay without --callback-details has no URL: order decides
                unused = [r for r in unused if "url" not in r or same_url(r["url"], url)]
        else:  # a navigation of the step: the page's own iframe loads come after it
            unused = [r for r in unused if r.get("targetFrame") != "sub"] or unused
        if not unused:
            return None
        unused[0]["used"] = True
        return unused[0].get("answer")

    def page_frame(self, session, url):
        """For a page's own iframe load — a request in a view after its main frame committed in this
        step (the pages the server serves do nothing else) — ("declared", the iframe's src, or None
        when the URL is no iframe's) or ("remembered", None); otherwise None. The iframe is found by
        the URL requested, never by position: its src, or (back/forward) a URL the iframe was seen to
        navigate to in an earlier step."""
        commits = [c for c in self.commits if c[0] == session.sid]
        if not commits or same_url(url, commits[-1][1]):
            return None
        document, committed = commits[-1][1], commits[-1][2]
        declared = self.server.pages.get(page_key(document))
        if declared is None:
            remembered = self.server.frames.get((document or "").split("#")[0], [])
            return ("remembered", None) if remembered else None
        asked = [r["_src"] for r in self.callbacks if r["session"] == session.sid and r.get("_frame")
                 and r["_time"] >= committed and not r.get("_redirect")]
        # An iframe is asked once per load: among those not asked yet, the one at this src, else
        # the one that showed this URL.
        pending = list(declared)
        for src in asked:
            if src in pending:
                pending.remove(src)
        src = next((f for f in pending if same_url(f, url)), None)
        if src is None:
            src = next((f for f in pending for seen in session.frame_urls.get(f, []) if same_url(seen, url)), None)
        return ("declared", src)

    def nested_frame(self, session, url, gesture):
        """The src of a nested iframe this request loads (no gesture): an iframe of a declared page that a frame of
        this view was allowed to load earlier in this step (an iframe navigated to a page with iframes of its own);
        otherwise None."""
        if gesture:
            return None
        for record in self.callbacks:
            if record["session"] != session.sid or record.get("answer") != "allow" or same_url(record["_url"], url):
                continue
            for src in self.server.pages.get(page_key(record["_url"]), []):
                # At its src, or on back/forward at a URL a step took it to or its src redirects to.
                if same_url(src, url) or any(same_url(seen, url) for seen in session.frame_urls.get(src, [])
                                             + self.redirect_targets(src)):
                    return src
        return None

    def inserted_loads(self, frame):
        """The URLs an iframe the harness inserts at `frame` loads: its src and redirect hops, then the iframes of the
        declared page it lands on, theirs in turn (each URL once: pages that embed each other end)."""
        loads, queue = [], [frame]
        while queue and len(loads) < 100:
            url = queue.pop(0)
            if any(same_url(url, seen) for seen in loads):
                continue
            chain = [url] + self.redirect_targets(url)
            loads.extend(chain)
            queue.extend(self.server.pages.get(page_key(chain[-1]), []))
        return loads

    def redirect_targets(self, url):
        """The URLs the server's redirects take `url` to, in order."""
        targets = []
        while len(targets) < 25 and self.server.redirects.get(page_key(url)):
            url = self.server.redirects[page_key(url)][0]
            targets.append(url)
        return targets

    def chain_root(self, session, url):
        """The earlier decision in this session whose request the server redirected to url."""
        for record in reversed(self.callbacks):
            if record["session"] != session.sid or record["callback"] != "decidePolicyFor":
                continue
            hop = self.server.redirects.get(page_key(record["_url"]))
            if hop and same_url(hop[0], url):
                return record.get("_root", record)
        return None

    def on_decide_policy(self, view, decision, decision_type, session):
        self.touch()
        if decision_type == WebKit2.PolicyDecisionType.RESPONSE:
            decision.use()
            return True
        action = decision.get_navigation_action()
        url = action.get_request().get_uri()
        new_window = decision_type == WebKit2.PolicyDecisionType.NEW_WINDOW_ACTION
        if not self.recording:  # the setup's own iframe load is not part of a step; any other call is late
            if not (self.in_setup and any(same_url(url, u) for u in self.setup_frames)):
                self.late.append("decidePolicyFor %s %s" % (session.sid, url))
            decision.use()
            return True
        record = {"callback": "decidePolicyFor", "session": session.sid,
                  "navigationType": NAVIGATION_TYPES.get(action.get_navigation_type(), "other"),
                  "targetFrame": "none" if new_window else "unobserved"}
        record["_url"], record["_time"] = url, time.monotonic()
        record["_gesture"] = action.is_user_gesture()
        target = None
        if not new_window and action.is_redirect():
            root = self.chain_root(session, url)
            record["_redirect"] = True
            if root is not None:
                record["_root"] = root
        elif not new_window:
            kind, src = self.page_frame(session, url) or (None, None)
            if kind is None or (kind == "declared" and src is None):
                nested = self.nested_frame(session, url, record["_gesture"])
                if nested is not None:
                    kind, src = "declared", nested
            if kind == "remembered":
                # An iframe the harness put into an undeclared page, loading again with it: the
                # scenario does not declare it, so the simulator has no decision for it.
                record.update(answer="allow", targetFrame="sub")
                self.embedded.append(record)
                decision.use()
                return True
            if kind == "declared":
                record["targetFrame"] = target = "sub"  # the page the harness served has this iframe
                record["_frame"], record["_src"] = True, src
                if src is None:  # a request no declared iframe explains: reported, answered allow
                    record["_src"] = url
                    self.mismatches.append("%s: request %s is no iframe of %s" % (session.sid, url,
                                                                                 session.view.get_uri()))
        frame_url = url if target == "sub" else None
        if record.get("_redirect") and record.get("_root", {}).get("_frame"):
            # A hop of an iframe's load: the same iframe, answered as the simulator answered that URL.
            root = record["_root"]
            record["targetFrame"] = target = "sub"
            frame_url = url
            record["_frame"], record["_src"] = True, root["_src"]
        answer = self.next_answer("decidePolicyFor", session.sid, target, frame_url)
        if answer is None:
            if target == "sub":
                self.mismatches.append("%s: the simulator asked no iframe at %s" % (session.sid, url))
            answer, record["unscripted"] = "allow", True
        record["answer"] = answer
        self.callbacks.append(record)
        if record.get("_frame") and answer != "allow":
            session.blocked.append(record["_src"])
            # It keeps its initial about:blank, which an entry made later holds: back onto that entry asks it there.
            session.frame_urls.setdefault(record["_src"], []).append("about:blank")
        {"allow": decision.use, "cancel": decision.ignore, "download": decision.download}.get(
            answer, decision.ignore)()
        return True

    def on_create(self, view, action, opener):
        self.touch()
        record = {"callback": "createWebViewWith", "session": opener.sid,
                  "navigationType": NAVIGATION_TYPES.get(action.get_navigation_type(), "other"),
                  "targetFrame": "none"}
        if not self.recording:
            self.late.append("createWebViewWith %s %s" % (opener.sid, action.get_request().get_uri()))
            return None
        answer = self.next_answer("createWebViewWith", opener.sid)
        if answer is None:
            record["unscripted"] = True
        record["_url"] = action.get_request().get_uri()
        record["_gesture"] = action.is_user_gesture()
        if answer in (None, "nil"):
            record["answer"] = "nil"
            self.callbacks.append(record)
            return None
        opener.children += 1
        sid = "%s.%d" % (opener.sid, opener.children)
        record["answer"] = sid
        self.callbacks.append(record)
        child = WebKit2.WebView.new_with_related_view(view)
        self.sessions[sid] = Session(self, sid, child, self.slots)
        self.slots += 1
        self.created.append(sid)
        return child

    def on_close(self, view, session):
        self.touch()
        if self.recording:
            self.callbacks.append({"callback": "webViewDidClose", "session": session.sid})
        else:
            self.late.append("webViewDidClose %s" % session.sid)

    def on_load_changed(self, view, event, session):
        self.touch()
        if not self.recording:
            return
        now = time.monotonic()
        if event == WebKit2.LoadEvent.COMMITTED:
            self.commits.append((session.sid, view.get_uri(), now))
            session.blocked = []  # a new document: its iframes are asked again
        elif event in (WebKit2.LoadEvent.STARTED, WebKit2.LoadEvent.REDIRECTED):
            self.started_loads.append((session.sid, view.get_uri(), now))

    def on_resource(self, view, resource, request, session):
        self.touch()
        if self.recording:
            self.resources.append((session.sid, request.get_uri(), time.monotonic()))

    def on_download(self, context, download):
        self.touch()
        if self.recording:  # its decision led to no load of a frame, whatever became of the download
            self.download_starts.append(download.get_request().get_uri())
            self.downloads.append(download.get_request().get_uri())
        # Cancelled once its response has arrived (nothing is written to disk), not at once: the network follows
        # the download's redirects first, and one to another origin makes WebKit cancel the download itself and
        # load the target in the link's frame (PendingDownload::willSendRedirectedRequest), which cancelling at
        # once would race.
        download.connect("decide-destination", self.on_download_destination)

    def on_download_destination(self, download, suggested_filename):
        download.cancel()
        return True

    def replaced_downloads(self):
        """Downloads WebKit cancelled at a redirect to another origin and replaced with a navigation to its target
        (a decision for a URL the download's redirects lead to came after it): they downloaded nothing, whatever
        became of that navigation (random-f1ac27c-014)."""
        replaced = []
        for url in self.download_starts:
            targets = self.redirect_targets(url)
            if any(same_url(cb["_url"], t) for cb in self.callbacks for t in targets):
                replaced.append(url)
        return replaced

    # -- steps --------------------------------------------------------------------------------

    def run(self):
        out = []
        for index, step in enumerate(self.scenario["steps"]):
            sim = self.sim_lines[index] if index < len(self.sim_lines) else {}
            try:
                out.append(self.run_step(index, step, sim))
            except TimeoutError:
                raise
            except Exception as error:  # a harness bug: reported on the step (a difference), the run goes on
                traceback.print_exc()
                out.append({"step": index, "outcome": "skipped", "skipped": "harness error: %r" % error})
        final = {}
        for s in sorted(self.live(), key=lambda s: s.sid):
            final[s.sid] = {"url": s.page(), "history": s.history()}
        out.append({"final": {"sessions": final}})
        self.settle()
        if self.late:
            out[-1]["lateCallbacks"] = self.late
        return out

    def run_step(self, index, step, sim):
        sid = step.get("in", "main")
        event = next((k for k in step if k not in STEP_OPTIONS), "?")
        line = {"step": index, "in": sid, "event": event}
        if self.late:  # reported on the next line, and a difference there: the settle was too short
            line["lateCallbacks"], self.late = self.late, []
        session = self.sessions.get(sid)
        if session is None or session.view is None:
            line.update(outcome="skipped", skipped="session %s is not open in the engine" % sid)
            return line
        self.expected = [dict(cb) for cb in sim.get("callbacks", [])]
        self.callbacks, self.commits, self.resources, self.downloads, self.created = [], [], [], [], []
        self.download_starts = []
        self.embedded, self.started_loads, self.mismatches = [], [], []
        value = step[event]
        url = to_http(value) if isinstance(value, str) else None
        if event in ("click", "submit"):
            self.in_setup = True
            try:
                placed = self.prepare_element(session, step, url)
            finally:
                self.in_setup, self.setup_frames = False, []
            if not placed:
                line.update(outcome="skipped", skipped="could not place the %s element" % event)
                return line
        before = {s.sid: (s.page(), s.history(), s.position()) for s in self.live()}
        self.recording = True
        self.touch()
        closed = []
        try:
            self.perform(session, event, step, value, url)
            self.settle()
            # What the app does after the answers (the app's part), as the iOS adapter does it.
            target = self.app_loads(sim)
            if target is not None:
                finished = sim.get("outcome") == "finished"
                target.view.load_uri(to_http((sim.get("url") if finished else same_view_url(sim)) or url))
                self.settle()
            closed = self.app_closes(sim)
            for cid in closed:
                self.destroy(cid)
            self.pump(0.1)
        finally:
            self.recording = False
        line = self.describe(line, event, url, closed, before)
        # Where the step's iframe went (the link's `frame` for `_self`, or the iframe its `target` names): back and
        # forward ask it there again.
        for cb in self.callbacks:
            if cb.get("_frame") or cb.get("targetFrame") != "sub" or cb["answer"] != "allow":
                continue
            owner = self.sessions.get(cb["session"])
            src = self.named_frame(owner, step.get("target")) if owner is not None else None
            if src is None and step.get("frame") is not None and cb["session"] == sid:
                frame = step["frame"] if isinstance(step["frame"], list) else [step["frame"]]
                # `_parent` from an iframe inside an iframe navigates the one around it.
                parent = step.get("target", "").lower() == "_parent" and len(frame) > 1
                src = to_http(frame[-2] if parent else frame[-1])
            if src is not None:
                owner.frame_urls.setdefault(src, []).append(cb["_url"])
        return line

    def frame_documents(self, session):
        """URLs the iframes of the session's page may show: its declared iframes' srcs, those of the pages they
        declare, and the URLs steps took them to."""
        if session.view is None:
            return []
        declared = self.server.pages.get(page_key((session.view.get_uri() or "").split("#")[0]), [])
        nested = [src for page in declared for src in self.server.pages.get(page_key(page), [])]
        seen = [url for urls in session.frame_urls.values() for url in urls]
        return declared + nested + seen

    def named_frame(self, session, name):
        """The src of the declared iframe called `name` on the page the session shows, else None."""
        if not name or session.view is None:
            return None
        names = self.server.frame_names.get(page_key((session.view.get_uri() or "").split("#")[0]), {})
        found = next((src for src, frame_name in names.items() if frame_name == name), None)
        # An iframe inside an iframe: named by a page that one of this view's iframes may show.
        shown = self.frame_documents(session)
        return found or next((src for page, names in self.server.frame_names.items()
                              if any(page_key(url) == page for url in shown)
                              for src, frame_name in names.items() if frame_name == name), None)

    def prepare_element(self, session, step, url):
        """Put the link or form the user will tap into the page (or into the given iframe)."""
        spec = {"kind": "link" if "click" in step else "form", "url": url,
                "target": step.get("target", ""), "method": step.get("method", "get"),
                "rel": step.get("rel", ""), "download": bool(step.get("download"))}
        frame = step.get("frame")
        if frame is None:
            self.js(session, WRITE_HELPER + "; true")
            ok = self.js(session, "__sk.make(%s)" % json.dumps(spec))
            return ok == "true" and self.locate(session, "document.getElementById('sk-target')")
        # A path names an iframe inside iframes: the page's iframe passes the request on (the helper's `path`).
        inner = [to_http(src) for src in frame[1:]] if isinstance(frame, list) else []
        frame = to_http(frame[0] if isinstance(frame, list) else frame)
        document = (session.view.get_uri() or "").split("#")[0]
        declared = self.server.pages.get(page_key(document))
        find = "[...document.querySelectorAll('iframe')].find(f => f.dataset.sk === %s)" % json.dumps(frame)
        if declared is not None:
            # The page has its iframes (WritingScenarios.md, "Pages and their iframes", "Redirects"); bring this one to the front to be clicked.
            if self.js(session, "(() => { const f = %s; if (!f) return false; "
                       "document.querySelectorAll('iframe').forEach(o => o.style.zIndex = o === f ? 2 : 1); "
                       "return true; })()" % find) != "true":
                return False
            # Its load was cancelled and it still shows its empty initial about:blank (one a later navigation filled is
            # no longer empty, random-s44-500-043): the user taps it anyway.
            empty = self.js(session, "(() => { try { return (%s).contentWindow.location.href === 'about:blank'; } "
                            "catch (e) { return false; } })()" % find) == "true"
            if empty and any(same_url(frame, b) for b in session.blocked):
                return self.locate(session, find)
        else:
            with self.server.lock:  # a real page would have this iframe in its HTML
                known = self.server.frames.setdefault(document, [])
                if frame not in known:
                    known.append(frame)
            # The calls this insertion makes: its src, the hops the server redirects it through, and, when it
            # lands on a declared page, that page's own iframes, level by level (random-n2-019: an undeclared
            # page's inserted iframe whose page has iframes; their loads are the setup's, not late).
            self.setup_frames = self.inserted_loads(frame)
            script = """(() => {
              let f = %(find)s;
              if (!f) {
                f = document.createElement('iframe'); f.dataset.sk = %(frame)s; f.src = %(frame)s;
                f.style.cssText = %(style)s;
                f.onload = () => { window.__skLoaded = true; };
                window.__skLoaded = false; document.body.append(f);
              } else { window.__skLoaded = true; }
              return true; })()""" % {"find": find, "frame": json.dumps(frame), "style": json.dumps(IFRAME_STYLE)}
            self.js(session, script)
            if not self.pump_until(lambda: self.js(session, "String(window.__skLoaded)") == "true", 5):
                return False
        # Ask until the frame answers: a frame still loading would miss a single message.
        # (In a function: top-level `const`s would persist and clash on the next step.)
        # An iframe of the page's origin without the helper (about:srcdoc, about:blank) gets it from its parent.
        self.js(session, "(() => { const f = %s; try { f.contentWindow.eval(%s); } catch (e) {} return true; })()"
                % (find, json.dumps(WRITE_HELPER)))
        # The nested iframe to tap had its load cancelled (`blocked`): the relay leaves it empty.
        blocked = bool(inner) and any(same_url(inner[-1], b) for b in session.blocked)
        # One relay at a time: a step whose relay never got an answer (a cancelled nested iframe) left its timer
        # running, and its stale requests, arriving between this step's element and its answer, removed that element
        # from the iframe before the tap (the flaky `nested-cancelled-iframe-tap` step 3).
        self.js(session, "(() => { window.__skReady = null; clearInterval(window.__skTimer); const f = %s; "
                "window.__skTimer = setInterval(() => { if (window.__skReady) clearInterval(window.__skTimer); "
                "else f.contentWindow.postMessage({sk: %s, path: %s, blocked: %s}, '*'); }, 100); return true; })()"
                % (find, json.dumps(spec), json.dumps(inner), json.dumps(blocked)))
        ready = self.pump_until(lambda: self.js(session, "String(!!window.__skReady)") == "true", 5)
        self.js(session, "clearInterval(window.__skTimer); true")
        if not ready:
            if not inner:
                return False
            # An iframe inside iframes that shows nothing (its load was cancelled): the user taps it anyway.
            return self.locate(session, find)
        self.settle()
        return self.locate(session, find)

    def locate(self, session, element):
        """Find the element's centre on screen; the click itself happens in perform()."""
        rect = self.js(session, "(() => { const r = (%s).getBoundingClientRect(); "
                       "return JSON.stringify([r.left + r.width / 2, r.top + r.height / 2]); })()" % element)
        if not rect:
            return False
        x, y = json.loads(rect)
        ox, oy = session.view.get_window().get_origin()[1:]
        self.click_at = (int(ox + x), int(oy + y))
        return True

    def perform(self, session, event, step, value, url):
        view = session.view
        if event in ("click", "submit"):
            x, y = self.click_at
            # Move onto the element first: a click without pointer motion can reach a document
            # that has since been replaced under the pointer (an iframe that navigated).
            subprocess.run(["xdotool", "mousemove", str(x - 20), str(y - 20), "sleep", "0.05", "mousemove",
                            str(x), str(y), "sleep", "0.05", "click", "1"], check=True, timeout=10)
        elif event == "load":
            view.load_uri(url)
        elif event == "assign":
            self.js(session, "setTimeout(() => { location.href = %s; }, %d); true"
                    % (json.dumps(url), GESTURE_FREE_DELAY_MS))
            self.pump(GESTURE_FREE_DELAY_MS / 1000 + 0.2)
        elif event == "open":
            args = [json.dumps(url) if value is not None else "undefined", json.dumps(step.get("target", "_blank"))]
            if step.get("noopener"):
                args.append("'noopener'")
            call = "window.open(%s)" % ", ".join(args)
            if step.get("gesture"):
                self.js(session, "%s; true" % call)
            else:
                self.js(session, "setTimeout(() => { %s; }, %d); true" % (call, GESTURE_FREE_DELAY_MS))
                self.pump(GESTURE_FREE_DELAY_MS / 1000 + 0.2)
        elif event == "back":
            if view.can_go_back():
                view.go_back()
        elif event == "forward":
            if view.can_go_forward():
                view.go_forward()
        elif event == "reload":
            view.reload()
        elif event == "close":
            self.js(session, "window.close(); true")
        elif event == "windowName":  # the page's script names its window; WebKit makes no callback
            self.js(session, "window.name = %s; true" % json.dumps(value))
        elif event == "wait":
            # SessionKit's clock runs (a blank popup's timeout): app_closes() removes the views. Real
            # time passes too, up to WAIT_MAX_S, as the simulator counts it for WebKit's ten seconds of
            # recent user interaction (Document::hasRecentUserInteractionForNavigationFromJS).
            self.pump(min(float(value or 0) / 1000, WAIT_MAX_S))
        elif event == "dismiss":
            pass  # the user taps the app's close button; app_closes() removes the views

    def app_loads(self, sim):
        """The session the app loads the step's URL in itself (the app's part), or None: the opener for
        `finish: opener`; the requesting view where the policy answered `sameView` to a new window
        (app_part.loads_in_requester: never for a default answer the harness gave)."""
        if sim.get("outcome") == "finished" and sim.get("via") == "opener":
            target = self.sessions.get(sim.get("session", ""))
            return target if target is not None and target.view is not None else None
        requester = loads_in_requester(sim, self.callbacks, {c[0] for c in self.commits})
        target = self.sessions.get(requester) if requester is not None else None
        return target if target is not None and target.view is not None else None

    def app_closes(self, sim):
        """Sessions the app removes after this step, as the simulator's engine closed them (its line's `closed`
        and `timedOut`): a popup the page closed, one an outbound first load or `finish` ended, a blank timeout,
        `dismiss`. Nothing else: a popup whose first load stopped at a cancelled redirect hop stays open, as the
        engine keeps it (random-5968cfa938c4-011: closing it from the outcome alone made later steps `skipped`)."""
        ids = list(sim.get("closed", [])) + list(sim.get("timedOut", []))
        return [cid for cid in dict.fromkeys(ids) if cid in self.sessions and self.sessions[cid].view is not None]

    def destroy(self, sid):
        session = self.sessions[sid]
        session.window.destroy()
        session.view = None

    def infer_target(self, record):
        """Main frame or subframe, from what followed an allowed decision (WebKitGTK does not say)."""
        if record.get("targetFrame") != "unobserved":
            return
        root = record.get("_root")
        if root is not None:  # a redirect hop: the same frame's load as the request it came from
            self.infer_target(root)
            if root["targetFrame"] != "unobserved":
                record["targetFrame"] = root["targetFrame"]
            return
        if record["answer"] != "allow" or any(same_url(d, record["_url"]) for d in self.download_starts):
            return  # nothing followed that shows the frame
        sid, url, t0 = record["session"], record["_url"], record["_time"]
        # The main frame's provisional load starts right after its decision is allowed (the view's
        # `load-changed` is the main frame's; its URI is not updated yet at STARTED), before the
        # next decision of the view that is not a redirect hop of this one.
        t1 = min([r["_time"] for r in self.callbacks if r["session"] == sid and r.get("_time", 0) > t0
                  and r.get("_root") is not record and not r.get("_frame")] + [float("inf")])
        hops = [r["_url"] for r in self.callbacks if r.get("_root") is record]
        if any(s == sid and t0 <= t < t1 for s, _, t in self.started_loads) or any(
                s == sid and t >= t0 and (same_url(u, url) or any(same_url(u, h) for h in hops))
                for s, u, t in self.commits):
            record["targetFrame"] = "main"
        elif self.server.seen_since(t0, url) or any(s == sid and same_url(u, url) and t >= t0
                                                    for s, u, t in self.resources):
            record["targetFrame"] = "sub"
        elif url.lower().startswith(("about:blank", "about:srcdoc")):
            # An allowed about:blank whose main frame neither started a load nor committed: an iframe's, which
            # requests nothing that could show it (random-670f34f-016, -027, -030, -071).
            record["targetFrame"] = "sub"

    def describe(self, line, event, url, closed, before):
        """The step's line as the engine lived it: callbacks, then the net effect."""
        for record in self.callbacks:
            self.infer_target(record)
        request_url = next((cb["_url"] for cb in self.callbacks if cb.get("_url") and not cb.get("_frame")), None)
        if request_url:
            line["url"] = request_url
        elif url and event in ("load", "assign", "click", "submit", "open"):
            line["url"] = url
        popups = [sid for sid in self.created if self.sessions[sid].view is not None]
        # A page's own iframe loads are not the step's navigation: the outcome comes from the rest.
        navigations = [cb for cb in self.callbacks if not cb.get("_frame")]
        # An iframe's navigation that took effect: allowed, and no decision of its redirect chain refused.
        sub = iframe_navigations_in_effect(navigations, self.callbacks)
        # Same-document navigations (a fragment, WebKitBehavior.md) commit nothing: the URL and the
        # back-forward list move instead.
        loaded = {c[0] for c in self.commits + self.started_loads}
        moved = [s for s in self.live() if s.sid in before and s.sid not in loaded
                 and s.page() != before[s.sid][0]]
        for s in moved:  # the decision that moved it was the main frame's
            for cb in navigations:
                if cb["session"] == s.sid and cb.get("targetFrame") == "unobserved" \
                        and same_url(cb["_url"], s.view.get_uri()):
                    cb["targetFrame"] = "main"
        # A link to the fragment the view already shows: WebKit asks (FrameLoader::loadURL's fragment
        # path) and scrolls; the URL, the list and its current entry stay as they were, no request is
        # made and nothing loads. An allowed decision for exactly the view's current URL with a
        # fragment that nothing followed is that navigation, in the main frame.
        # A download of that URL (a `download` link in an iframe to the page's URL) is no scroll: it stays unobserved
        # (random-e5a-80-026).
        def downloaded(cb):
            return any(same_url(d, cb["_url"]) for d in self.download_starts)

        if not self.commits and not loaded:
            for cb in navigations:
                sid = cb["session"]
                if cb.get("targetFrame") == "unobserved" and cb["answer"] == "allow" and "#" in cb["_url"] \
                        and sid in before and same_url(cb["_url"], before[sid][0]) \
                        and not self.server.seen_since(cb["_time"], cb["_url"]) and not downloaded(cb):
                    cb["targetFrame"] = "main"
                    moved = moved or [self.sessions[sid]]
        # A link to a fragment of the document an iframe shows: WebKit asks and the iframe scrolls; nothing is
        # requested. An allowed decision nothing followed, for a URL of an iframe of that view but for a fragment, is
        # that navigation, in the iframe (WritingScenarios.md, "Pages and their iframes").
        if not loaded:
            for cb in navigations:
                owner = self.sessions.get(cb["session"])
                if cb.get("targetFrame") != "unobserved" or cb["answer"] != "allow" or "#" not in cb["_url"] \
                        or owner is None or self.server.seen_since(cb["_time"], cb["_url"]) or downloaded(cb):
                    continue
                documents = self.frame_documents(owner)
                if any(same_url(cb["_url"].split("#")[0], shown.split("#")[0]) for shown in documents):
                    cb["targetFrame"] = "sub"
                    sub.append(cb)
        if popups:
            line.update(outcome="popup", child=popups[0])
        elif self.commits:
            # A commit wins over a download the engine started in the same step: a `download` link whose URL
            # redirects to another origin starts a download (download-started), which WebKit cancels and replaces
            # with a navigation to the redirect's target in the link's frame (PendingDownload::
            # willSendRedirectedRequest), and that navigation is what took effect.
            sid, uri, _ = self.commits[-1]
            line.update(outcome="navigated", session=sid, frame="main", url=uri)
        elif [d for d in self.downloads if d not in self.replaced_downloads()]:
            line.update(outcome="download")
        elif sub:
            line.update(outcome="navigated", session=sub[-1]["session"], frame="sub", url=sub[-1]["_url"])
        elif moved:
            line.update(outcome="navigated", session=moved[0].sid, frame="main", url=moved[0].page(),
                        sameDocument=True)
        elif closed and any(cb["callback"] == "webViewDidClose" for cb in self.callbacks) or \
                (closed and event == "dismiss"):
            line.update(outcome="closed", closed=closed)
        else:
            line.update(outcome="none")  # nothing took effect in WebKit: external, blocked or ignored
            # Evidence only: a back/forward between entries that differ in nothing (after a reload
            # collapsed them) moves the list's current entry without any load or callback.
            shifted = [s.sid for s in self.live() if s.sid in before and s.position() != before[s.sid][2]]
            if shifted:
                line["historyMoved"] = shifted
        # The step's own hops; an iframe's hops are its load's, which the replay does not list.
        hops = [cb for cb in self.callbacks if cb.get("_redirect") and not cb.get("_frame")]
        if hops:
            line["redirects"] = [cb["_url"] for cb in hops]
            methods = self.server.methods_of([cb["_url"] for cb in hops], min(cb["_time"] for cb in hops))
            if any(methods):
                line["redirectMethods"] = methods
        blocked = [cb["_src"] for cb in self.callbacks if cb.get("_frame") and cb["answer"] != "allow"]
        if blocked:
            line["blockedFrames"] = blocked
        if self.mismatches:
            line["frameMismatches"] = self.mismatches
        # Each callback with its request URL and gesture; a hop with the method the server saw (a
        # cancelled hop is never requested: no method).
        line["callbacks"] = []
        for cb in self.callbacks:
            out = {k: v for k, v in cb.items() if not k.startswith("_")}
            if "_url" in cb:
                out["url"] = cb["_url"]
            if "_gesture" in cb:
                out["gesture"] = cb["_gesture"]
            if cb.get("_redirect"):
                method = self.server.methods_of([cb["_url"]], cb["_time"])[0]
                if method:
                    out["method"] = method
            line["callbacks"].append(out)
        if self.embedded:
            line["subframeLoads"] = [dict({k: v for k, v in cb.items() if not k.startswith("_")}, url=cb["_url"])
                                     for cb in self.embedded]
        return line


# Keys of a step that qualify its event rather than name it (§5).
STEP_OPTIONS = ("in", "expect", "target", "frame", "method", "gesture", "noopener", "rel", "download")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        scenario = json.load(f)
    with open(sys.argv[2]) as f:
        sim = [json.loads(line) for line in f if line.strip()]
    sim_steps = [line for line in sim if "step" in line]
    harness = Harness(scenario, sim_steps)
    for line in harness.run():
        print(json.dumps(line, separators=(",", ":")), flush=True)
    harness.server.shutdown()


if __name__ == "__main__":
    main()
