"""``python -m bot local``: play in the terminal through the same table core.

Each input line is ``@name command``: the lobby and table commands of ``/game``
(new, join, leave, addbot, start, status, board, hand, log, undo, allow, resign,
kick, replace, remind), ``move <action>``, or a move typed directly
(``@astrid recruit V03``). ``wait 30h`` moves the clock on (reminders fire),
``help`` lists this, ``quit`` ends. Board pictures are written to a folder;
private messages are printed under their recipient's name.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
from pathlib import Path
from typing import Any, TextIO

import games
from bot import messages
from bot.storage import Storage
from bot.table import Reply, Table, TableError

HELP = __doc__ or ""
CHANNEL = "1"


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


class Sandbox:
    def __init__(self, table: Table, clock: Clock, out: Path, stream: TextIO) -> None:
        self.table, self.clock, self.out, self.stream = table, clock, out, stream
        self.users: dict[str, str] = {}
        self.pictures = 0

    def user(self, name: str) -> str:
        return self.users.setdefault(name, str(1000 + len(self.users)))

    def name_of(self, user_id: str) -> str:
        return next((n for n, u in self.users.items() if u == user_id), user_id)

    def show(self, text: str) -> None:
        text = re.sub(r"<@(\d+)>", lambda m: "@" + self.name_of(m[1]), text)
        text = re.sub(r"<#\d+>", "#table", text)
        print(text, file=self.stream, flush=True)

    async def run_line(self, line: str) -> bool:
        line = line.strip()
        if not line or line.startswith("#"):
            return True
        if line in ("quit", "exit"):
            return False
        if line == "help":
            self.show(HELP)
            return True
        if line.startswith("wait"):
            await self.wait(line.removeprefix("wait").strip())
            return True
        match = re.fullmatch(r"@(\S+)\s+(.+)", line)
        if not match:
            self.show("Start each line with @name, e.g. '@astrid new knarr' (or 'help').")
            return True
        name, command = match[1].lower(), match[2].strip()
        try:
            reply = await self.command(name, command)
        except TableError as error:
            self.show(f"  (only @{name} sees) {error}")
            return True
        if isinstance(reply, Reply) and reply.text:
            self.show(f"  (only @{name} sees) {reply.text}")
        await self.deliver()
        return True

    async def command(self, name: str, command: str) -> Reply | None:
        user = self.user(name)
        verb, _, rest = command.partition(" ")
        rest = rest.strip()
        t = self.table
        if verb == "new":
            game, _, options = rest.partition(" ")
            chosen = dict(part.split("=", 1) for part in options.split() if "=" in part)
            return await t.new_game(CHANNEL, user, name, game or games.names()[0], chosen)
        simple = {
            "join": lambda: t.join(CHANNEL, user, name),
            "leave": lambda: t.leave(CHANNEL, user),
            "addbot": lambda: t.add_bot(CHANNEL, user),
            "undo": lambda: t.undo(CHANNEL, user),
            "resign": lambda: t.resign(CHANNEL, user),
        }
        if verb in simple:
            return await simple[verb]()
        if verb == "start":
            return await t.start(CHANNEL, user, rest or "random")
        if verb == "allow":
            current = await t.active(CHANNEL)
            return await t.allow_undo(CHANNEL, user, current.version)
        if verb == "kick":
            return await t.kick(CHANNEL, user, self.user(rest.lstrip("@").lower()))
        if verb == "replace":
            old, new = (w.lstrip("@").lower() for w in rest.split()[:2])
            return await t.replace(CHANNEL, user, self.user(old), self.user(new), new)
        if verb == "remind":
            return await t.set_reminder(CHANNEL, user, float(rest.rstrip("h") or 0))
        if verb == "status":
            self.show(await t.status(CHANNEL))
            return None
        if verb == "board":
            await self.picture(await t.board(CHANNEL), "[#table]")
            return None
        if verb == "hand":
            await self.picture(await t.hand(CHANNEL, user), f"[only @{name} sees]")
            return None
        if verb == "log":
            text, _ = await t.log(CHANNEL)
            self.show(text)
            return None
        if verb == "moves":
            for action, label in await t.legal(CHANNEL, user):
                self.show(f"  {action:<24} {label}")
            return None
        action = rest if verb == "move" else command
        return await t.act(CHANNEL, user, action)

    async def wait(self, amount: str) -> None:
        match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*([hmd]?)", amount)
        if not match:
            self.show("Write the wait as e.g. 'wait 30h', 'wait 2d' or 'wait 45m'.")
            return
        factor = {"m": 60, "h": 3600, "d": 86400, "": 3600}[match[2]]
        self.clock.now += float(match[1]) * factor
        await self.table.send_reminders()
        await self.deliver()

    async def picture(self, payload: dict[str, Any], where: str) -> None:
        text = payload.get("text", "")
        png = await messages.draw_async(payload)
        if png is not None:
            self.pictures += 1
            path = self.out / f"{self.pictures:04d}-{payload.get('image')}.png"
            path.write_bytes(png)
            text += f"\n  (picture: {path})"
        if payload.get("turn"):
            text += "\n  [Your turn] (type 'moves' to see yours)"
        self.show(f"{where} {text}")

    async def deliver(self) -> None:
        for row in await self.table.storage.pending_outbox():
            if row.kind == "dm":
                await self.picture(row.payload, f"[DM to @{self.name_of(row.target)}]")
            else:
                await self.picture(row.payload, "[#table]")
            await self.table.storage.mark_sent(row.id, self.clock())


async def play(stream_in: TextIO, stream_out: TextIO, out: Path, database: str, seed: int | None) -> int:
    out.mkdir(parents=True, exist_ok=True)
    storage = await Storage.open(database)
    clock = Clock()
    seeds = (lambda: seed) if seed is not None else None
    sandbox = Sandbox(Table(storage, clock=clock, seeds=seeds), clock, out, stream_out)
    interactive = stream_in.isatty()
    if interactive:
        sandbox.show("Skald offline sandbox. Try: @astrid new knarr / @bjorn join / @astrid start (help)")
    try:
        while True:
            if interactive:
                print("> ", end="", file=stream_out, flush=True)
            line = await asyncio.to_thread(stream_in.readline)
            if not line or not await sandbox.run_line(line):
                break
    finally:
        await storage.close()
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot local", description="Play Skald offline.")
    parser.add_argument("--out", default="sandbox-out", help="folder for the board pictures")
    parser.add_argument("--db", default=":memory:", help="SQLite file to keep the game in")
    parser.add_argument("--seed", type=int, default=None, help="fix the game's random seed")
    args = parser.parse_args(argv)
    return asyncio.run(play(sys.stdin, sys.stdout, Path(args.out), args.db, args.seed))
