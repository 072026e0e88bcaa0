"""A real Syncthing on loopback, as the hall runs it: the tests of the hall
(tests/test_watch.py) and `benchmarks/watch.py --syncthing` drive it through its REST
API. Every instance listens on 127.0.0.1 only, with discovery, relays, NAT traversal,
usage reports and upgrades off, in a home folder of its own.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import time
import urllib.request
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

#: Syncthing's own default is 10 s; the organiser is told to set 1 (docs/tournaments.md).
WATCHER_DELAY_S = 1


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Syncthing:
    """One Syncthing instance with a home of its own, on 127.0.0.1 only."""

    def __init__(self, binary: str, home: Path) -> None:
        self.binary, self.home = binary, home
        self.port, self.gui = _free_port(), _free_port()
        self.key = f"test-{home.name}"
        subprocess.run(
            [binary, "generate", f"--home={home}", "--no-default-folder", "--skip-port-probing"],
            check=True,
            capture_output=True,
            timeout=60,
        )
        self.id = subprocess.run(
            [binary, "serve", f"--home={home}", "--device-id"],
            check=True,
            capture_output=True,
            text=True,
            timeout=60,
        ).stdout.strip()
        self._loopback_only()
        env = {**os.environ, "STNODEFAULTFOLDER": "1", "STMONITORED": "yes", "STHASHING": "minio"}
        gui = (f"--gui-address=127.0.0.1:{self.gui}", f"--gui-apikey={self.key}")
        self.process = subprocess.Popen(
            [
                binary,
                "serve",
                f"--home={home}",
                "--no-browser",
                "--no-restart",
                "--no-upgrade",
                *gui,
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while not self._up():
            if time.monotonic() > deadline:
                raise AssertionError("syncthing did not answer within 30 s")
            time.sleep(0.05)

    def _loopback_only(self) -> None:
        """Listen on loopback; no discovery, relays, NAT, reports or upgrades."""
        path = self.home / "config.xml"
        tree = ET.parse(path)
        options = tree.getroot().find("options")
        assert options is not None
        off = (
            "globalAnnounceEnabled",
            "localAnnounceEnabled",
            "relaysEnabled",
            "natEnabled",
            "crashReportingEnabled",
            "startBrowser",
            "announceLANAddresses",
        )
        for name, value in [
            ("listenAddress", f"tcp://127.0.0.1:{self.port}"),
            ("urAccepted", "-1"),
            ("autoUpgradeIntervalH", "0"),
            *((name, "false") for name in off),
        ]:
            found = options.findall(name)
            assert found, f"no <{name}> in {path}: it may listen or dial out"
            for element in found:
                element.text = value
        tree.write(path)

    def rest(self, method: str, path: str, body: object = None) -> Any:
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.gui}{path}",
            method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"X-API-Key": self.key, "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            text = response.read()
        return json.loads(text) if text.strip() else None

    def _up(self) -> bool:
        assert self.process.poll() is None, "syncthing stopped"
        try:
            return bool(self.rest("GET", "/rest/system/ping"))
        except OSError:
            return False

    def share(self, folder: str, path: Path, kind: str, peer: Syncthing) -> None:
        self.rest(
            "POST",
            "/rest/config/devices",
            {"deviceID": peer.id, "addresses": [f"tcp://127.0.0.1:{peer.port}"]},
        )
        self.rest(
            "POST",
            "/rest/config/folders",
            {
                "id": folder,
                "path": str(path),
                "type": kind,
                "fsWatcherEnabled": True,
                "fsWatcherDelayS": WATCHER_DELAY_S,
                "devices": [{"deviceID": self.id}, {"deviceID": peer.id}],
            },
        )

    def connected(self, peer: Syncthing) -> bool:
        connections = self.rest("GET", "/rest/system/connections")["connections"]
        return bool(connections.get(peer.id, {}).get("connected"))

    def stop(self) -> None:
        if self.process.poll() is None:
            try:
                self.rest("POST", "/rest/system/shutdown")
                self.process.wait(10)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait(10)
