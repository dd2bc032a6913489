"""A classroom page as a student's browser reaches the server: HTTP, then the kernel websocket.

What a Voila page does to the server, without a browser: load the page (Voila runs the notebook
in a kernel of its own, and names the kernel in the page), open the kernel's websocket with the
protocol JupyterLab's and Voila's pages speak, ask for the widgets' states, send a widget's
message (a move from the board's move list), and leave as a closed tab does. Used by the load
test (benchmarks/bench_classroom.py) and the classroom server's security tests
(tests/test_classroom_server.py); tornado (a dependency of Jupyter) is the websocket client.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SETTINGS = ROOT / "scripts" / "classroom_server"
"""The classroom server's Voila settings (voila.py), as scripts/classroom.sh passes them."""
PROTOCOL = "v1.kernel.websocket.jupyter.org"
"""The websocket protocol the pages speak: binary frames (offsets, then the channel and the
message's parts)."""
WIDGET_PROTOCOL = "2.1.0"
CONTROL_PROTOCOL = "1.0.0"


def message(channel: str, msg_type: str, content: dict[str, Any], session: str,
            metadata: dict[str, Any] | None = None) -> tuple[str, bytes]:
    """One Jupyter message as a page sends it: its id, and its frame."""
    msg_id = uuid.uuid4().hex
    header = {"msg_id": msg_id, "msg_type": msg_type, "username": "student",
              "session": session, "version": "5.3",
              "date": time.strftime("%Y-%m-%dT%H:%M:%S.000000Z", time.gmtime())}
    parts = [json.dumps(part).encode() for part in (header, {}, metadata or {}, content)]
    name = channel.encode()
    offsets = [8 * (len(parts) + 3), 8 * (len(parts) + 3) + len(name)]
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    return msg_id, b"".join([len(offsets).to_bytes(8, "little"),
                             *(offset.to_bytes(8, "little") for offset in offsets), name, *parts])


def parse(frame: str | bytes) -> dict[str, Any]:
    """A frame from the server: channel, header, ``msg_type``, ``parent`` (id), content."""
    if isinstance(frame, str):
        raise RuntimeError(f"a text frame on the {PROTOCOL} protocol: {frame[:80]!r}")
    count = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
    offsets.append(len(frame))
    header, parent, _metadata, content = (json.loads(frame[offsets[i]:offsets[i + 1]])
                                          for i in range(1, 5))
    return {"channel": frame[offsets[0]:offsets[1]].decode(), "header": header,
            "parent": parent.get("msg_id"), "msg_type": header["msg_type"], "content": content}


def http(url: str, cookies: dict[str, str] | None = None, data: bytes | None = None,
         timeout: float = 120.0) -> tuple[int, bytes, dict[str, str]]:
    """GET (or POST ``data``) with these cookies: the status, the body, the cookies set. An
    HTTP error is an answer here (its status and body), not an exception."""
    headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in (cookies or {}).items())}
    if data is not None:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    request = urllib.request.Request(url, data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            status, body, set_cookie = (response.status, response.read(),
                                        response.headers.get_all("Set-Cookie") or [])
    except urllib.error.HTTPError as error:
        status, body, set_cookie = error.code, error.read(), []
    found = {}
    for header in set_cookie:
        name, _, rest = header.partition("=")
        found[name.strip()] = rest.split(";", 1)[0]
    return status, body, found


def page_assets(html: str) -> list[str]:
    """The page's own scripts and styles (what a browser downloads next)."""
    return sorted(set(re.findall(r'(?:src|href)="(/voila/static/[^"?#]+)', html)))


def kernel_of(html: str) -> str:
    """The id of the kernel Voila started for this page (in the page's config)."""
    found = re.search(r'"kernelId": "([0-9a-f-]+)"', html)
    if not found:
        raise RuntimeError("the page names no kernel")
    return found.group(1)


class Page:
    """One student's page: its kernel's websocket and the widgets' states, kept up to date."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.session = uuid.uuid4().hex
        self.states: dict[str, dict[str, Any]] = {}
        self.cookies: dict[str, str] = {}
        self.kernel = ""
        self.ws: Any = None

    async def open(self, name: str, assets: bool = True) -> None:
        """Load ``name``.ipynb (and its scripts), connect, and fetch the widgets' states."""
        status, body, self.cookies = await asyncio.to_thread(
            http, f"{self.base}/voila/render/{name}.ipynb")
        if status != 200:
            raise RuntimeError(f"the page answered {status}: {body[:200]!r}")
        html = body.decode()
        self.kernel = kernel_of(html)
        if assets:
            for asset in page_assets(html):
                await asyncio.to_thread(http, self.base + asset, self.cookies)
        self.ws = await connect(self.base, self.kernel, self.session)
        await self.request_states()

    async def send(self, channel: str, msg_type: str, content: dict[str, Any],
                   metadata: dict[str, Any] | None = None) -> str:
        msg_id, frame = message(channel, msg_type, content, self.session, metadata)
        await self.ws.write_message(frame, binary=True)
        return msg_id

    async def read(self, timeout: float) -> dict[str, Any]:
        """The next message; widget updates are applied to ``states``; a kernel's error (or
        a traceback on its stderr) raises."""
        frame = await asyncio.wait_for(self.ws.read_message(), timeout)
        if frame is None:
            raise RuntimeError("the kernel's websocket closed")
        found = parse(frame)
        if found["msg_type"] == "error" or (
                found["msg_type"] == "stream" and "Traceback" in found["content"]["text"]):
            raise RuntimeError(f"the kernel reported an error: {str(found['content'])[:300]}")
        if found["msg_type"] == "comm_msg":
            data = found["content"]["data"]
            model = self.states.get(found["content"]["comm_id"])
            if model is not None and data.get("method") == "update":
                model["state"].update(data.get("state", {}))
        return found

    async def request_states(self, timeout: float = 120.0) -> None:
        """What a page asks first: every widget's state (ipywidgets' control comm)."""
        control = uuid.uuid4().hex
        await self.send("shell", "comm_open", {
            "comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
            {"version": CONTROL_PROTOCOL})
        await self.send("shell", "comm_msg", {
            "comm_id": control, "data": {"method": "request_states"}},
            {"version": CONTROL_PROTOCOL})
        while True:
            found = await self.read(timeout)
            content = found["content"]
            if found["msg_type"] == "comm_msg" and content.get("comm_id") == control:
                self.states = content["data"]["states"]
                return

    def model(self, test: Any) -> str:
        """The one widget on the page that passes ``test`` (its model id)."""
        found = [mid for mid, model in self.states.items() if test(model)]
        if len(found) != 1:
            raise RuntimeError(f"expected one such widget on the page, found {len(found)}")
        return found[0]

    def move_list(self) -> str:
        """The board's keyboard move list (widgets/keys.py: KeyboardMoves)."""
        return self.model(lambda m: "moves" in m["state"] and "focused" in m["state"])

    async def custom(self, model: str, content: dict[str, Any]) -> str:
        """A widget's own message, as its view sends it (a move: ``{"event": "play", …}``)."""
        return await self.send("shell", "comm_msg", {"comm_id": model, "data": {
            "method": "custom", "content": content}}, {"version": WIDGET_PROTOCOL})

    async def close(self) -> int:
        """Leave as a closed tab does: close the websocket, send Voila's shutdown beacon (the
        page's ``_xsrf`` cookie as the form field). Returns the beacon's status."""
        if self.ws is not None:
            self.ws.close()
        xsrf = self.cookies.get("_xsrf", "")
        status, _body, _ = await asyncio.to_thread(
            http, f"{self.base}/voila/api/shutdown/{self.kernel}", self.cookies,
            f"_xsrf={xsrf}".encode(), 10.0)
        return status


async def connect(base: str, kernel: str, session: str) -> Any:
    """The kernel's websocket, as a page opens it."""
    from tornado.websocket import websocket_connect

    return await websocket_connect(
        f"{base.replace('http', 'ws', 1)}/api/kernels/{kernel}/channels?session_id={session}",
        subprotocols=[PROTOCOL], max_message_size=1 << 28)


def process_tree(root: int) -> list[int]:
    """``root`` and every process below it (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, []))
    return found


def resident_mb(pids: Iterable[int]) -> float:
    """Memory of these processes in MB: the proportional set size, so pages the kernels share
    (Python, its libraries) count once, not once per kernel as RSS would count them."""
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def kernels(pids: Iterable[int]) -> int:
    """How many of these processes are kernels."""
    count = 0
    for pid in pids:
        try:
            count += b"ipykernel_launcher" in Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
    return count


@contextmanager
def classroom_server(home: Path, env: dict[str, str] | None = None,
                     extra: Iterable[str] = ()) -> Iterator[tuple[str, Any]]:
    """Voila on classroom/ with the classroom server's settings, as scripts/classroom.sh starts
    it, on a free port of 127.0.0.1 (its log in ``home``); yields its URL and process."""
    from tests.browser.conftest import ServerProcess, free_port, isolated_jupyter_env

    port = free_port()
    process = ServerProcess(
        args=[sys.executable, "-m", "voila", "classroom", "--no-browser", f"--port={port}",
              "--Voila.ip=127.0.0.1", f"--Voila.config_file_paths={SETTINGS}", *extra],
        env={**isolated_jupyter_env(home), **(env or {})}, log=home / "voila.log",
        ready_url=None, port=port)
    process.start()
    try:
        yield f"http://127.0.0.1:{port}", process
    finally:
        process.stop()
