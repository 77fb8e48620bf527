"""A Wyoming client made with the `wyoming` package (Home Assistant's own implementation of the protocol):
describes the service, then sends each argument as a transcript, passing on the context each answer
carries, and prints one JSON line per answer. Usage:
python wyoming_client.py PORT [--new-connections] [--context JSON] TEXT...
--new-connections sends each transcript on a connection of its own (as a voice pipeline does, one per
request); --context gives the first transcript a context (as a client continuing an earlier conversation).
"""
import asyncio
import json
import sys

from wyoming.asr import Transcript
from wyoming.client import AsyncTcpClient
from wyoming.handle import Handled, NotHandled
from wyoming.info import Describe, Info


async def describe(client):
    await client.write_event(Describe().event())
    info = Info.from_event(await client.read_event())
    print(json.dumps({"handle": [program.name for program in info.handle],
                      "languages": info.handle[0].models[0].languages}), flush=True)


async def send(client, text, context):
    """Sends one transcript and prints the answer; returns the context to send on."""
    await client.write_event(Transcript(text=text, language="en", context=context).event())
    event = await client.read_event()
    if Handled.is_type(event.type):
        answer, kind = Handled.from_event(event), "handled"
    elif NotHandled.is_type(event.type):
        answer, kind = NotHandled.from_event(event), "not-handled"
    else:
        print(json.dumps({"type": event.type, "data": event.data}), flush=True)
        return context
    print(json.dumps({"type": kind, "text": answer.text, "context": answer.context}), flush=True)
    return answer.context


async def main(port, arguments):
    separate, context = False, None
    while arguments and arguments[0] in ("--new-connections", "--context"):
        if arguments[0] == "--new-connections":
            separate, arguments = True, arguments[1:]
        else:
            context, arguments = json.loads(arguments[1]), arguments[2:]
    async with AsyncTcpClient("127.0.0.1", port) as client:
        await describe(client)
        if not separate:
            for text in arguments:
                context = await send(client, text, context)
            return
    for text in arguments:
        async with AsyncTcpClient("127.0.0.1", port) as client:
            context = await send(client, text, context)


asyncio.run(main(int(sys.argv[1]), sys.argv[2:]))
