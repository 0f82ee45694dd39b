"""An MCP agent for `spielleiter arena --bot "mcp:python mcp_arena_agent.py"`: the official
MCP Python SDK as the client, speaking on this program's own standard input and output
(the arena serves the tools there). It plays uniformly at random among `legal_actions`
until `wait_for_turn` says the game is over. Used by test_mcp.py."""

import random

import anyio
from mcp import ClientSession
from mcp.server.stdio import stdio_server  # the SDK's stream pair over this process's stdio


async def main() -> None:
    rng = random.Random(7)
    async with stdio_server() as (read, write):
        async with ClientSession(read, write) as s:
            await s.initialize()
            await s.call_tool("new_game", {"game": "any"})
            while True:
                w = (await s.call_tool("wait_for_turn", {"timeout_seconds": 30})).structured_content
                if w["status"] == "over":
                    return
                if w["status"] != "your_turn":
                    continue
                obs = (await s.call_tool("observe", {"legal": True})).structured_content
                legal = obs.get("legal") or []
                if legal:
                    await s.call_tool("act", {"index": rng.randrange(len(legal)), "observe": False})


anyio.run(main)
