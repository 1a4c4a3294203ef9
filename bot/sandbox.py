"""``python -m bot local``: play in the terminal through the same table core.

Board pictures are written to a folder; private messages are printed under their
recipient's name. ``HELP`` below is what ``help`` prints.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
from pathlib import Path
from typing import Any, TextIO

import games
import render
from bot.adapter import messages
from bot.store.payloads import Payload
from bot.store.storage import Storage
from bot.table import Reply, Table, TableError, learning, turns
from games import bots

HELP = """\
Each line is @name and a command (the /game commands without the slash):
  @astrid new knarr ship=advanced     open a lobby (options as name=value)
  @bjorn join, @bjorn leave           take or leave a seat
  @astrid addbot [sensible|random]    add a seat the bot plays
  @astrid start [random|joined]       the host deals and begins
  @astrid moves                       your legal moves now (or who is awaited)
  @astrid hint                        the move the sensible bot would make in your seat
  @astrid rules [game] [topic]        the rules in short topics ('rules scoring', 'rules pax')
  @astrid card NAME                   a card, tile, Jarl or leader: picture and what it does
  @astrid recruit V03                 a move, typed exactly as 'moves' lists it
                                      (names as on the board work too: fight East Anglia)
  @astrid board, hand, status, log    the board, your hand, whose turn, the whole public log
  @astrid history, replay [N]         the finished games here; the animated replay of one
  @astrid undo, allow, resign         take back a move, allow someone's undo, leave the game
  @astrid kick bjorn                  the host removes a player
  @astrid replace bjorn sigrid        the host hands bjorn's seat to sigrid
  @astrid remind 48                   the host sets the hours before reminders (1-336)
  @bjorn me zone=Asia/Tokyo quiet=22:00-07:00 notify=dm next=on away=2026-12-03 stats=private
                                      your own settings (/me settings); 'me' shows them
  @astrid cover bjorn                 the host lets the bot play an away player's seat
  @astrid stats [game]                your stats (/me stats): games, wins, places, rating
  @astrid leaderboard knarr [week]    the leaderboard of a game (week, month, year, all)
  @astrid export game.json            write the game file: the public log during play,
                                      the whole replayable game once it is over
  wait 30h                            move the clock on (also 2d, 45m): reminders fire
  help, quit
Command line: --seed N fixes the game's random seed; --out DIR is the folder for the
board pictures (default sandbox-out); --db FILE keeps the games in a SQLite file.
A line that is a legal move of that player is played as that move first; 'move <action>'
also works."""
CHANNEL = "1"
GUILD = "sandbox"  # the one server of the sandbox (its leaderboard)


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
        text = re.sub(r"\\([\\*_~`|>#\[\]()<])", r"\1", text)  # Discord's escapes, undone
        text = re.sub(r"/game (\w+)", r"'\1'", text)  # the sandbox's own spelling of commands
        print(text, file=self.stream, flush=True)

    async def run_line(self, line: str) -> bool:
        """Run one line; False only for ``quit``. No line ends the session otherwise."""
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
        except Exception as error:  # a sandbox must survive anything typed into it
            self.show(f"  (only @{name} sees) That line could not be run ({type(error).__name__}: {error}).")
            return True
        if isinstance(reply, Reply) and reply.label:  # a move: what it did, as the mover's panel says
            after = reply.panel.text if reply.panel else reply.waiting
            story = "\n".join(f"    {line}" for line in reply.told)
            self.show(
                f"  (only @{name} sees) Done: {reply.label}.{chr(10) + story if story else ''}\n  {after}"
            )
        elif isinstance(reply, Reply) and reply.text:
            self.show(f"  (only @{name} sees) {reply.text}")
        await self.deliver()
        return True

    def known(self, name: str, example: str) -> str:
        """The user id of a name already at the table, for kick and replace."""
        name = name.lstrip("@").lower()
        if not name:
            raise TableError(f"Name the player, e.g. '{example}'.")
        if name not in self.users:
            raise TableError(f"Nobody called @{name} has joined this table.")
        return self.users[name]

    async def command(self, name: str, command: str) -> Reply | None:
        user = self.user(name)
        verb, _, rest = command.partition(" ")
        rest = rest.strip()
        t = self.table
        legal = await t.moves.legal(CHANNEL, user)
        as_move = turns.resolve(command, legal)
        if any(as_move == action for action, _ in legal):
            return await t.moves.act(CHANNEL, user, as_move)
        if verb == "new":
            game, _, options = rest.partition(" ")
            if "=" in game:
                game, options = games.names()[0], rest
            chosen = dict(part.split("=", 1) for part in options.split() if "=" in part)
            return await t.lobby.new_game(CHANNEL, user, name, game or games.names()[0], chosen, GUILD)
        simple = {
            "join": lambda: t.lobby.join(CHANNEL, user, name),
            "leave": lambda: t.lobby.leave(CHANNEL, user),
            "addbot": lambda: t.lobby.add_bot(CHANNEL, user, rest or bots.DEFAULT_LEVEL),
            "undo": lambda: t.seating.undo(CHANNEL, user),
            "resign": lambda: t.seating.resign(CHANNEL, user),
        }
        if verb in simple:
            return await simple[verb]()
        if verb == "start":
            return await t.lobby.start(CHANNEL, user, rest or "random")
        if verb == "allow":
            current = await t.context.active(CHANNEL)
            return await t.seating.allow_undo(CHANNEL, user, current.version)
        if verb == "kick":
            return await t.seating.kick(CHANNEL, user, self.known(rest, "kick bjorn"))
        if verb == "replace":
            return await self.replace(user, rest)
        if verb == "remind":
            return await self.remind(user, rest)
        if verb == "export":
            return await self.export(rest)
        if verb == "me":
            self.show(f"  (only @{name} sees) " + await t.personal.settings(user, **self.settings(rest)))
            return None
        if verb == "cover":
            return await t.personal.cover(CHANNEL, user, self.known(rest, "cover bjorn"))
        if verb == "stats":
            self.show(f"  (only @{name} sees) " + await t.stats.player(user, GUILD, user, name, rest or None))
            return None
        if verb == "leaderboard":
            game, _, period = rest.partition(" ")
            board = await t.stats.leaderboard(GUILD, game or games.names()[0], period.strip() or "all")
            self.show(board.text)
            return None
        if verb == "status":
            self.show(await t.reading.status(CHANNEL))
            return None
        if verb == "board":
            await self.picture(await t.reading.board(CHANNEL), "[#table]")
            return None
        if verb == "hand":
            await self.picture(await t.reading.hand(CHANNEL, user), f"[only @{name} sees]")
            return None
        if verb == "log":  # the whole public log: a terminal has no 2,000-character limit
            _, data = await t.reading.log(CHANNEL)
            self.show("\n".join(data.get("public_log") or []) or "Nothing has happened yet.")
            return None
        if verb == "history":
            text, _ = await t.reading.history(CHANNEL)
            text = text.replace(
                "Pick one below to get its game file", "'export FILE' writes the latest one's file"
            )
            self.show(f"  (only @{name} sees) {text}")
            return None
        if verb == "replay":
            await self.replay(rest)
            return None
        if verb == "rules":
            await self.rules(name, rest)
            return None
        if verb == "card":
            await self.card(name, rest)
            return None
        if verb == "hint":
            self.show(f"  (only @{name} sees) " + await t.moves.hint(CHANNEL, user))
            return None
        if verb == "moves":
            panel = await t.moves.panel(CHANNEL, user)
            self.show(f"  (only @{name} sees) {panel.text}")
            for action, label in panel.actions:
                self.show(f"  {action:<24} {label}")
            return None
        # Not a legal move as typed: let the table refuse it with its reason and the
        # closest moves. 'move <action>' is the generic /move, unless the game's own
        # moves start with 'move'.
        moving = any(action.startswith("move ") for action, _ in legal)
        action = rest if verb == "move" and rest and not moving else command
        return await t.moves.act(CHANNEL, user, action)

    @staticmethod
    def settings(rest: str) -> dict[str, Any]:
        """'zone=Europe/Oslo quiet=22:00-07:00 notify=dm next=on away=3d' -> keyword arguments."""
        names = {
            "zone": "zone",
            "quiet": "quiet",
            "notify": "notify",
            "next": "heads_up",
            "away": "away",
            "stats": "stats",
        }
        given: dict[str, Any] = {}
        for part in rest.split():
            key, sep, value = part.partition("=")
            if not sep or key not in names:
                raise TableError(
                    f"Write settings as name=value with names {', '.join(names)} (not '{turns.clip(part, 40)}')."
                )
            given[names[key]] = value in ("on", "yes", "true") if key == "next" else value.replace("_", " ")
        return given

    async def replace(self, user: str, rest: str) -> Reply:
        words = rest.split()
        if len(words) != 2:
            raise TableError("Write who leaves and who takes the seat, e.g. 'replace bjorn sigrid'.")
        old = self.known(words[0], "replace bjorn sigrid")
        new = words[1].lstrip("@").lower()
        return await self.table.seating.replace(CHANNEL, user, old, self.user(new), new)

    async def remind(self, user: str, rest: str) -> Reply:
        try:
            hours = float(rest.lower().rstrip("h"))
        except ValueError:
            raise TableError("Write the reminder time in hours, e.g. 'remind 48'.") from None
        return await self.table.reminders.set_reminder(CHANNEL, user, hours)

    async def export(self, rest: str) -> Reply:
        if not rest:
            raise TableError("Name the file to write, e.g. 'export game.json'.")
        _, data = await self.table.reading.log(CHANNEL)
        path = Path(rest).expanduser()
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        if "seed" in data:
            return Reply(f"Wrote the whole game to {path}: ./run.sh replay {path} replays it.")
        return Reply(f"Wrote the public log to {path}; the replayable game is written once the game is over.")

    async def channel_game(self) -> str | None:
        game = await self.table.storage.latest_game(CHANNEL)
        return game.game if game else None

    async def rules(self, name: str, rest: str) -> None:
        """'rules', 'rules scoring', 'rules pax trade': a topic of the table's game (or one named)."""
        first, _, more = rest.partition(" ")
        named = first if first and first.lower() in games.names() else None
        topic = more if named else rest
        game_id = learning.game_of(named, await self.channel_game())
        shown = learning.rules_page(game_id, topic or None)
        text = "\n\n".join(learning.split_pages(learning.guide.topics(game_id)[shown.topic][1], 10**6))
        topics = ", ".join(title for title, _ in learning.guide.topics(game_id))
        self.show(
            f"  (only @{name} sees) {games.get(game_id).title}: {shown.title}\n{text}\n  (topics: {topics})"
        )

    async def card(self, name: str, rest: str) -> None:
        if not rest:
            raise TableError("Name the card, e.g. 'card Ribe Market'.")
        first, _, more = rest.partition(" ")
        named = first if more and first.lower() in games.names() else None
        game_id = learning.game_of(named, await self.channel_game())
        found = learning.card(game_id, more if named else rest)
        text = learning.card_text(found)
        png = await asyncio.to_thread(render.card_png, game_id, str(found["id"]))
        if png:
            self.pictures += 1
            path = self.out / f"{self.pictures:04d}-card.png"
            path.write_bytes(png)
            text += f"\n  (picture: {path})"
        self.show(f"  (only @{name} sees) {text}")

    async def replay(self, rest: str) -> None:
        """The animated replay of a finished game (the latest, or the one numbered)."""
        number = int(rest.lstrip("#")) if rest.lstrip("#").isdigit() else None
        if rest and number is None:
            raise TableError("Write the game's number from 'history', e.g. 'replay 1'.")
        _, export = await self.table.reading.export(CHANNEL, number)
        await self.picture({"text": "The whole game, turn by turn:", "replay": export}, "[#table]")

    async def wait(self, amount: str) -> None:
        match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*([hmd]?)", amount)
        if not match:
            self.show("Write the wait as e.g. 'wait 30h', 'wait 2d' or 'wait 45m'.")
            return
        factor = {"m": 60, "h": 3600, "d": 86400, "": 3600}[match[2]]
        self.clock.now += float(match[1]) * factor
        await self.table.send_reminders()
        await self.deliver()

    async def picture(self, payload: Payload, where: str) -> None:
        text = payload.get("text", "")
        png = await messages.draw_async(payload)
        if png is not None:
            self.pictures += 1
            path = self.out / f"{self.pictures:04d}-{payload.get('image')}.png"
            path.write_bytes(png)
            text += f"\n  (picture: {path})"
        if payload.get("replay"):
            gif = await messages.replay_async(payload)
            if gif is not None:
                self.pictures += 1
                path = self.out / f"{self.pictures:04d}-replay.gif"
                path.write_bytes(gif)
                text += f"\n  (animated replay: {path})"
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
