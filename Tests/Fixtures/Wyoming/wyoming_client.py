"""A Wyoming client made with the `wyoming` package (Home Assistant's own implementation of the protocol):
describes the service, then sends each argument as a transcript, passing on the context each answer
carries, and prints one JSON line per answer. Usage: python wyoming_client.py PORT TEXT...
"""
import asyncio
import json
import sys

from wyoming.asr import Transcript
from wyoming.client import AsyncTcpClient
from wyoming.handle import Handled, NotHandled
from wyoming.info import Describe, Info


async def main(port, texts):
    async with AsyncTcpClient("127.0.0.1", port) as client:
        await client.write_event(Describe().event())
        info = Info.from_event(await client.read_event())
        print(json.dumps({"handle": [program.name for program in info.handle],
                          "languages": info.handle[0].models[0].languages}), flush=True)
        context = None
        for text in texts:
            await client.write_event(Transcript(text=text, language="en", context=context).event())
            event = await client.read_event()
            if Handled.is_type(event.type):
                answer, kind = Handled.from_event(event), "handled"
            elif NotHandled.is_type(event.type):
                answer, kind = NotHandled.from_event(event), "not-handled"
            else:
                print(json.dumps({"type": event.type, "data": event.data}), flush=True)
                continue
            context = answer.context
            print(json.dumps({"type": kind, "text": answer.text, "context": answer.context}), flush=True)


asyncio.run(main(int(sys.argv[1]), sys.argv[2:]))
