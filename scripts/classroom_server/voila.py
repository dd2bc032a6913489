"""Voila's settings for the classroom server: ``scripts/classroom.sh`` (and the load test,
``benchmarks/bench_classroom.py``, and the browser tests) start Voila with
``--Voila.config_file_paths=scripts/classroom_server``, so each of them runs this file.

Measured and explained in docs/teachers.md ("A class on one machine").
"""

import os

import tornado.web

c = get_config()  # type: ignore[name-defined]  # noqa: F821 # reason: Jupyter's config loader defines it

MAX_KERNELS = int(os.environ.get("BOARDLIB_CLASSROOM_MAX_KERNELS", "60"))
"""At most this many pages at once (one kernel each, about 60 MB): one more gets a clear
"the classroom is full" page instead of slowing every board down, or running the machine out
of memory. 60 = a class of 30 with a spare page each (a reload, a second tab)."""

# A page whose tab was closed leaves its kernel behind when the shutdown beacon is lost (a
# laptop's lid shut, Wi-Fi gone): such a kernel, with no page connected and idle for 15 minutes,
# is shut down. A student's open page keeps its connection, and is never culled.
c.MappingKernelManager.cull_idle_timeout = int(
    os.environ.get("BOARDLIB_CLASSROOM_CULL_SECONDS", "900"))
c.MappingKernelManager.cull_interval = min(60, c.MappingKernelManager.cull_idle_timeout)
c.MappingKernelManager.cull_connected = False

# The pages never show a traceback (it would show the server's paths and code).
c.VoilaConfiguration.show_tracebacks = False


def before_each_page(request: tornado.web.RequestHandler, notebook: object, cwd: str) -> None:
    """Runs before Voila starts a page's kernel.

    Refuses a page when MAX_KERNELS are running (503, saying why). And gives the browser its
    ``_xsrf`` cookie: Voila 0.5's page sends a "shut my kernel down" beacon when its tab
    closes, with that cookie's value, but no Voila handler sets the cookie, so the server
    refused every beacon (403) and each closed or reloaded tab left its kernel running (seen in
    benchmarks/bench_classroom.py; tests/test_classroom_server.py).
    """
    running = len(request.settings["kernel_manager"].list_kernel_ids())
    if running >= MAX_KERNELS:
        raise tornado.web.HTTPError(
            503, reason=f"The classroom is full: {running} pages are open (the limit is "
                        f"{MAX_KERNELS}). Close a tab you no longer use, then reload.")
    request.xsrf_token  # noqa: B018 — reading it sets the cookie on this response


c.VoilaConfiguration.prelaunch_hook = before_each_page
