"""The MCP tools through the official MCP Python SDK, as an outside agent sees them:
`spielleiter mcp` over stdio and `spielleiter serve` at /mcp over streamable HTTP.

Every game and rule set is played to its end by an agent choosing uniformly among the legal
actions the way docs/agents.md teaches (`observe` with `legal: true`, then `act`, whose answer is
the next observation; bots in the other seats; a step cap only as a safety net). On the way every
observation's text is checked to be whole (nothing cut), every CATAN set-up spot's label to name
its hexes, every Splendor card's label its cost. The refusals (bad arguments, an index out of
range, out of turn, a taken seat, a wrong token) are tool errors with a rule id that leave the
table unchanged.

The binary: $SPIELLEITER_BIN, else ../target/ci/spielleiter, else
../target/release/spielleiter (relative to python/).
"""

import asyncio
import os
import random
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

mcp = pytest.importorskip("mcp", reason="the MCP Python SDK (pip install mcp) is not installed")
from mcp import ClientSession, StdioServerParameters  # noqa: E402
from mcp.client.stdio import stdio_client  # noqa: E402
from mcp.client.streamable_http import streamable_http_client  # noqa: E402

HERE = Path(__file__).resolve().parent.parent
STEP_CAP = 5_000


def _binary():
    env = os.environ.get("SPIELLEITER_BIN")
    if env:
        return env
    for p in (HERE.parent / "target" / "ci" / "spielleiter", HERE.parent / "target" / "release" / "spielleiter"):
        if p.exists():
            return str(p)
    return None


BIN = _binary()
pytestmark = pytest.mark.skipif(BIN is None, reason="no spielleiter binary (build it or set SPIELLEITER_BIN)")

# Every game and rule set, at the rule set's fewest players (kept in step with list_games
# by test_every_rule_set_is_covered).
RULE_SETS = [
    ("splendor", "base"),
    ("catan", "base"),
    ("catan", "cities_knights"),
    ("catan", "cities_knights_heroes"),
    ("catan", "five_six"),
    ("catan", "five_six_paired"),
    ("catan-junior", "kosmos2015"),
    ("catan-junior", "english2012"),
    ("catan-junior", "pro"),
]


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 120))


def ok(res):
    assert not res.is_error, res.structured_content or res.content
    return res.structured_content


def refused(res, rule):
    assert res.is_error, res.structured_content
    err = res.structured_content["error"]
    assert err["rule"] == rule, err
    assert err["message"]["de"] and err["message"]["en"]
    return err


async def stdio_session(body):
    params = StdioServerParameters(command=BIN, args=["mcp"])
    async with stdio_client(params) as (r, w):
        async with ClientSession(r, w) as s:
            await s.initialize()
            return await body(s)


def text(res):
    return "".join(c.text for c in res.content if getattr(c, "type", "") == "text")


def check_observation(obs, txt):
    """What an agent reads: the text whole (never cut), the labels with their substance."""
    assert "…" not in txt, txt
    assert not txt.lstrip().startswith("{"), "the text content is the readable text, not JSON"
    for a in obs.get("legal") or []:
        label, action = a["label"], a["action"]
        if obs["game"] == "catan" and action.get("type") in ("place_settlement", "build_settlement"):
            assert " at " in label and " (" in label, f"a settlement spot names its hexes: {label}"
        if obs["game"] == "splendor" and action.get("type") in ("reserve", "buy") and "card" in action:
            assert "costs" in label or "level" in label, f"a card names its cost: {label}"


async def play(s, at, rng):
    """Random legal play of the agent's seat until the game is over: observe(legal), then act."""
    obs = None
    for _ in range(STEP_CAP):
        if obs is None:
            w = ok(await s.call_tool("wait_for_turn", {**at, "timeout_seconds": 10}))
            if w["status"] == "over":
                return ok(await s.call_tool("observe", at))
            if w["status"] != "your_turn":
                continue
            res = await s.call_tool("observe", {**at, "legal": True})
            obs = ok(res)
            check_observation(obs, text(res))
        legal = obs.get("legal") or []
        if not legal:
            obs = None
            continue
        res = await s.call_tool("act", {**at, "index": rng.randrange(len(legal))})
        if res.is_error and res.structured_content["error"]["rule"] == "engine.stale_version":
            # Another seat acted between the list and the answer (the 5–6 extension's paired
            # players act in one turn): look again, as an agent should.
            obs = None
            continue
        a = ok(res)
        assert "…" not in text(res)
        if a["over"]:
            return ok(await s.call_tool("observe", at))
        obs = a.get("next")
        if obs is not None:
            check_observation(obs, text(res))
    pytest.fail("step cap reached")


def test_every_rule_set_is_covered():
    async def body(s):
        games = ok(await s.call_tool("list_games", {}))
        listed = {(g["id"], r["id"]) for g in games["games"] for r in g["rule_sets"]}
        assert listed == set(RULE_SETS)
        tools = {t.name for t in (await s.list_tools()).tools}
        assert tools == {
            "list_games", "new_game", "create_table", "join_seat", "list_tables", "observe",
            "legal_actions", "act", "wait_for_turn", "history", "read_chat", "write_chat", "rules",
            "analyze",
        }
        for t in (await s.list_tools()).tools:
            assert t.input_schema["type"] == "object"
            if t.name != "list_games":
                assert t.output_schema is not None, t.name

    run(stdio_session(body))


@pytest.mark.parametrize("game,rules", RULE_SETS, ids=[f"{g}-{r}" for g, r in RULE_SETS])
def test_stdio_plays_to_the_end(game, rules):
    async def body(s):
        rng = random.Random(7)
        started = ok(await s.call_tool("new_game", {"game": game, "rules": rules, "seed": 3}))
        assert started["rules"] == rules
        assert started["your_seats"] == [0]
        kinds = [x["kind"] for x in started["seats"]]
        assert kinds[0] == "agent" and set(kinds[1:]) == {"bot"}
        end = await play(s, {}, rng)
        assert end["over"] and end["result"]["winners"]
        res = await s.call_tool("observe", {})
        assert "over" in text(res)

    run(stdio_session(body))


def test_stdio_refusals_leave_the_game_unchanged():
    async def body(s):
        refused(await s.call_tool("observe", {}), "mcp.no_game")
        refused(await s.call_tool("new_game", {"game": "chess"}), "engine.unknown_game")
        refused(await s.call_tool("new_game", {"players": 2}), "mcp.arguments")
        refused(await s.call_tool("create_table", {"game": "splendor"}), "mcp.not_here")
        ok(await s.call_tool("new_game", {"game": "splendor", "players": 2, "seed": 1}))
        before = ok(await s.call_tool("observe", {}))
        n = len(ok(await s.call_tool("legal_actions", {}))["actions"])
        refused(await s.call_tool("act", {"index": n}), "engine.action_index")
        refused(await s.call_tool("act", {"index": -1}), "mcp.arguments")
        refused(await s.call_tool("act", {}), "mcp.action_choice")
        refused(await s.call_tool("act", {"action": {"type": "fly"}}), "engine.malformed")
        refused(await s.call_tool("act", {"index": 0, "bogus": 1}), "mcp.arguments")
        refused(await s.call_tool("observe", {"seat": 1}), "mcp.not_your_seat")
        refused(await s.call_tool("observe", {"seat": 9}), "engine.no_such_seat")
        refused(await s.call_tool("rules", {"query": ""}), "mcp.rules_query")
        after = ok(await s.call_tool("observe", {}))
        assert after["version"] == before["version"]
        assert after["view"] == before["view"]
        refused(await s.call_tool("history", {"from": 10**9}), "mcp.history.cursor")
        refused(await s.call_tool("history", {"limit": 500}), "mcp.history.range")
        after2 = ok(await s.call_tool("observe", {}))
        assert after2["version"] == before["version"]
        german = ok(await s.call_tool("legal_actions", {"lang": "de"}))
        assert german["actions"][0]["label"]
        found = await s.call_tool("rules", {"query": "engine.not_your_turn"})
        assert ok(found)["documents"] and text(found).startswith("engine.not_your_turn")
        found = await s.call_tool("rules", {"query": "catan.build.settlement.distance"})
        assert text(found).index("catan.build.settlement.distance") < 300 and len(text(found)) <= 2000
        res = await s.read_resource("rules://spielleiter/splendor")
        assert "Splendor" in res.contents[0].text
        prompt = await s.get_prompt("how_to_play")
        assert "legal" in prompt.messages[0].content.text

    run(stdio_session(body))


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server():
    port = _free_port()
    with tempfile.TemporaryDirectory() as d:
        proc = subprocess.Popen(
            [BIN, "serve", "--addr", f"127.0.0.1:{port}", "--database", f"sqlite://{d}/mcp.db",
             "--bot-think-ms", "0", "--http-rate", "100000", "--http-burst", "100000"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        try:
            deadline = time.time() + 20
            while time.time() < deadline:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    break
                except OSError:
                    time.sleep(0.05)
            yield f"http://127.0.0.1:{port}/mcp"
        finally:
            proc.terminate()
            proc.wait(10)


async def http_session(url, body):
    async with streamable_http_client(url) as streams:
        async with ClientSession(streams[0], streams[1]) as s:
            await s.initialize()
            return await body(s)


@pytest.mark.parametrize("game,rules", RULE_SETS, ids=[f"{g}-{r}" for g, r in RULE_SETS])
def test_http_plays_to_the_end(server, game, rules):
    async def body(s):
        rng = random.Random(11)
        games = ok(await s.call_tool("list_games", {}))
        rs = next(r for g in games["games"] if g["id"] == game for r in g["rule_sets"] if r["id"] == rules)
        n = rs["players"][0]
        seats = [{"kind": "agent"}] + [{"kind": "bot", "bot": "random" if i % 2 else "greedy"} for i in range(1, n)]
        t = ok(await s.call_tool("create_table", {"game": game, "rules": rules, "seats": seats, "name": "pytest-agent"}))
        j = t["joined"]
        at = {"table": j["table"], "seat": j["seat"], "token": j["token"]}
        assert j["watch"].endswith("/watch/" + j["table"])
        end = await play(s, at, rng)
        assert end["over"] and end["result"]["winners"]
        me = end["seats"][0]
        assert me["kind"] == "agent" and me["name"] == "pytest-agent"

    run(http_session(server, body))


def test_http_refusals_leave_the_table_unchanged(server):
    async def body(s):
        refused(await s.call_tool("new_game", {"game": "splendor"}), "mcp.not_here")
        t = ok(await s.call_tool("create_table", {
            "game": "splendor", "players": 2, "seats": [{"kind": "agent"}, {"kind": "human"}], "name": "first"}))
        a = t["joined"]
        at_a = {"table": a["table"], "seat": 0, "token": a["token"]}
        # Seat 1 is open: the table waits for it.
        w = ok(await s.call_tool("wait_for_turn", {**at_a, "timeout_seconds": 0}))
        assert w["status"] == "waiting_for_players"
        b = ok(await s.call_tool("join_seat", {"table": a["table"], "seat": 1, "name": "second"}))
        at_b = {"table": a["table"], "seat": 1, "token": b["token"]}
        refused(await s.call_tool("join_seat", {"table": a["table"], "seat": 1, "name": "third"}), "server.seat_taken")
        refused(await s.call_tool("join_seat", {"table": "nope", "seat": 0}), "server.unknown_table")
        before = ok(await s.call_tool("observe", at_a))
        mover, waiter = (at_a, at_b) if before["your_turn"] else (at_b, at_a)
        refused(await s.call_tool("observe", {**at_a, "token": "0" * 32}), "server.wrong_secret")
        refused(await s.call_tool("observe", {"table": a["table"], "seat": 0}), "mcp.seat_required")
        refused(await s.call_tool("act", {**waiter, "index": 0}), "engine.not_your_turn")
        refused(await s.call_tool("act", {**at_a, "seat": 1, "index": 0}), "server.wrong_secret")
        n = len(ok(await s.call_tool("legal_actions", mover))["actions"])
        refused(await s.call_tool("act", {**mover, "index": n}), "engine.action_index")
        refused(await s.call_tool("act", {**mover, "index": 0, "version": 0}), "engine.stale_version")
        after = ok(await s.call_tool("observe", at_a))
        assert after["version"] == before["version"] and after["view"] == before["view"]
        # The waiting seat is answered at once when the mover acts.
        ok(await s.call_tool("act", {**mover, "index": 0}))
        w = ok(await s.call_tool("wait_for_turn", {**waiter, "timeout_seconds": 5}))
        assert w["status"] == "your_turn"
        kinds = {x["seat"]: (x["kind"], x["name"]) for x in after["seats"]}
        assert kinds == {0: ("agent", "first"), 1: ("agent", "second")}

    run(http_session(server, body))


def test_http_silent_agent_is_taken_over_by_the_clock(server):
    async def body(s):
        t = ok(await s.call_tool("create_table", {
            "game": "splendor", "players": 2, "seats": [{"kind": "agent"}, {"kind": "bot", "bot": "random"}],
            "turn_seconds": 5, "seed": 5}))
        j = t["joined"]
        at = {"table": j["table"], "seat": 0, "token": j["token"]}
        first = ok(await s.call_tool("observe", at))
        assert first["your_turn"]
        # Never acting: the clock runs out and a bot plays the seat; the next call takes it back.
        await asyncio.sleep(6.5)
        res = await s.call_tool("observe", at)
        later = ok(res)
        assert later["version"] > first["version"]
        assert later["clock"]["taken_back"], later
        assert "took the seat back" in text(res)

    run(http_session(server, body))


def test_http_rated_table_rates_the_agent(server):
    """An agent at a rated table (`create_table` with `rated`) is rated by its name once the
    game ends: it shows in `GET /api/ratings` as kind `agent`, beside the bot it played."""
    import json
    import urllib.request

    base = server.rsplit("/mcp", 1)[0]

    async def body(s):
        refused(await s.call_tool("create_table", {
            "game": "splendor", "players": 2, "seats": [{"kind": "agent"}, {"kind": "bot", "bot": "random"}],
            "rated": True, "seed": 3}), "server.rating.seed")
        t = ok(await s.call_tool("create_table", {
            "game": "splendor", "players": 2, "seats": [{"kind": "agent"}, {"kind": "bot", "bot": "random"}],
            "rated": True, "name": "rated-agent"}))
        j = t["joined"]
        end = await play(s, {"table": j["table"], "seat": j["seat"], "token": j["token"]}, random.Random(5))
        assert end["over"]

    run(http_session(server, body))
    deadline = time.time() + 10
    while True:
        with urllib.request.urlopen(f"{base}/api/ratings?game=splendor") as r:
            rows = json.load(r)["ratings"]
        mine = [x for x in rows if x["player"] == "rated-agent"]
        if mine or time.time() > deadline:
            break
        time.sleep(0.2)
    assert mine and mine[0]["kind"] == "agent" and mine[0]["games"] == 1, rows
    assert any(x["kind"] == "bot" and x["player"] == "random" for x in rows), rows


def test_arena_plays_and_rates_an_mcp_agent():
    """`arena --bot "mcp:<command>"`: an agent built on the MCP SDK plays the arena's games through
    the tools on its own stdio, and is rated beside the other bots."""
    import json
    import sys

    agent = Path(__file__).resolve().parent / "mcp_arena_agent.py"
    with tempfile.TemporaryDirectory() as d:
        out = Path(d) / "arena.json"
        run = subprocess.run(
            [BIN, "arena", "--game", "splendor", "--bot", f"mcp:{sys.executable} {agent}", "--bot", "random",
             "--games", "4", "--threads", "1", "--ratings", "--json-out", str(out)],
            capture_output=True, text=True, timeout=240)
        assert run.returncode == 0, run.stderr + run.stdout
        report = json.loads(out.read_text())
    assert "forfeits 0" in run.stdout, run.stdout
    assert "forfeits by reason" not in run.stdout, run.stdout
    rated = {r["player"] for r in report["ratings"]}
    assert any(p.startswith("mcp:") for p in rated) and "random" in rated, report["ratings"]
